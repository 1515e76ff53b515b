package io.dynoscope.core.codegen;

import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelFiles;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.model.SchemaLoad;
import io.dynoscope.service.sandbox.SampleModels;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * The three models every export format is proven on: the seed's saas (a sharded entity), orders (a
 * sharded entity, an overloaded GSI with an INCLUDE projection, provisioned capacity) and ledger
 * (two LSIs).
 */
final class ExportModels {

    private ExportModels() {}

    static List<String> names() {
        return List.of("saas", "orders", "ledger");
    }

    /** The model's document, its table renamed to a name no other test uses. */
    static ModelDocument fresh(String name) {
        TableDesign design = design(name);
        TableDesign renamed =
                design.withModel(design.model().withTable(TestEngine.uniqueTableName(name)));
        return new ModelDocument(name, "", "", List.of(renamed));
    }

    static TableDesign design(String name) {
        if (name.equals("saas")) {
            return SampleModels.designs().stream()
                    .filter(d -> d.table().equals("saas"))
                    .findFirst()
                    .orElseThrow();
        }
        try (InputStream in =
                Objects.requireNonNull(
                        ExportModels.class.getResourceAsStream(name + "-model.json"), name)) {
            return ModelFiles.read(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                    .document()
                    .tables()
                    .get(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What {@code dynoscope model load} does: creates the table and writes the examples. */
    static void modelLoad(TableDesign design) {
        new SchemaLoad(TestEngine.repository())
                .load(SchemaLoad.prepare(design), true, progress -> {}, Cancellation.none());
    }

    /**
     * An empty table named the model's table and {@code -suffix}, as {@code model load} makes it.
     */
    static String emptyCopy(TableDesign design, String suffix) {
        String table = design.table() + "-" + suffix;
        new SchemaLoad(TestEngine.repository())
                .load(
                        SchemaLoad.prepare(design.withModel(design.model().withTable(table))),
                        false,
                        progress -> {},
                        Cancellation.none());
        return table;
    }
}
