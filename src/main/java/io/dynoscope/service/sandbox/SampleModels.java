package io.dynoscope.service.sandbox;

import io.dynoscope.core.model.ModelFiles;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.service.model.ModelStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The models the sandbox's sample tables were designed with (saas and blog), so that on the sandbox
 * the SQL console has its entity views, the grid its entity labels and the drift inspector its
 * copies from the first start.
 */
public final class SampleModels {

    private static final List<String> FILES = List.of("saas-model.json", "blog-model.json");

    private SampleModels() {}

    /** Every sample table's design. */
    public static List<TableDesign> designs() {
        List<TableDesign> designs = new ArrayList<>();
        for (String file : FILES) {
            designs.addAll(ModelFiles.read(resource(file)).document().tables());
        }
        return designs;
    }

    /** Keeps the sample designs for the tables that have no model yet; the user's win. */
    public static void keepMissing(ModelStore store) {
        for (TableDesign design : designs()) {
            if (store.load(design.table()).isEmpty()) {
                store.save(design);
            }
        }
    }

    private static String resource(String name) {
        try (InputStream in =
                Objects.requireNonNull(
                        SampleModels.class.getResourceAsStream(name), "no sample model " + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
