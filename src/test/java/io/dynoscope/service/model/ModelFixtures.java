package io.dynoscope.service.model;

import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelFiles;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.testsupport.TestEngine;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Model files the service tests load, with their tables renamed so each test has its own. */
final class ModelFixtures {

    private ModelFixtures() {}

    static String resource(String path) {
        try (InputStream in = ModelFixtures.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("no test resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The NoSQL Workbench model of the core tests: a shop table and an event log. */
    static String workbenchShop() {
        return resource("/io/dynoscope/core/model/workbench-shop.json");
    }

    /** The seed's saas model in Dynoscope's format. */
    static ModelDocument saasModel() {
        return ModelFiles.read(resource("saas-model.json")).document();
    }

    /** {@code document} with every table renamed to a name no other test uses. */
    static ModelDocument renamed(ModelDocument document) {
        List<TableDesign> tables = new ArrayList<>();
        for (TableDesign table : document.tables()) {
            tables.add(
                    table.withModel(
                            table.model()
                                    .with(
                                            b ->
                                                    b.table(
                                                            TestEngine.uniqueTableName(
                                                                    table.table())))));
        }
        return new ModelDocument(
                document.name(), document.author(), document.description(), tables);
    }
}
