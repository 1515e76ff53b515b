package io.dynoscope.ui.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.Projection;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableDefinition.Billing;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.table.TableAdmin;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The create-table form without a display, against the test engine. */
class CreateTableViewModelTest {

    private static BackgroundWork work;

    @BeforeAll
    static void start() {
        work = new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.inline());
    }

    @AfterAll
    static void stop() {
        work.shutdown();
    }

    private static CreateTableViewModel form() {
        DynamoRepository repository = TestEngine.repository();
        return new CreateTableViewModel(new TableAdmin(repository), repository.connection(), work);
    }

    @Test
    void theFormShowsTheExactCreateTableRequestAndCreatesThatTable() {
        String name = TestEngine.uniqueTableName("form");
        CreateTableViewModel form = form();
        form.tableNameProperty().set(name);
        form.keys().partitionKeyProperty().set("EntityRef");
        form.keys().sortKeyProperty().set("Detail");
        IndexRow byAuthor = form.addGlobalIndex();
        byAuthor.nameProperty().set("byAuthor");
        byAuthor.keys().partitionKeyProperty().set("authorId");
        byAuthor.keys().sortKeyProperty().set("createdAt");
        byAuthor.keys().sortKeyTypeProperty().set(KeyType.N);
        byAuthor.projectionProperty().set(Projection.INCLUDE);
        byAuthor.nonKeyAttributesProperty().set("title, body");
        IndexRow byCreated = form.addLocalIndex();
        byCreated.nameProperty().set("byCreated");
        byCreated.keys().sortKeyProperty().set("createdAt");
        byCreated.keys().sortKeyTypeProperty().set(KeyType.N);
        form.capacity().provisionedProperty().set(true);
        form.capacity().readCapacityProperty().set(7);
        form.capacity().writeCapacityProperty().set(3);

        TableDefinition expected =
                new TableDefinition(
                        name,
                        KeySchema.of("EntityRef", "Detail"),
                        Map.of("EntityRef", "S", "Detail", "S", "authorId", "S", "createdAt", "N"),
                        List.of(
                                new SecondaryIndex(
                                        "byAuthor",
                                        true,
                                        KeySchema.of("authorId", "createdAt"),
                                        "INCLUDE",
                                        List.of("title", "body"))),
                        List.of(
                                new SecondaryIndex(
                                        "byCreated",
                                        false,
                                        KeySchema.of("EntityRef", "createdAt"),
                                        "ALL",
                                        List.of())),
                        Billing.provisioned(7, 3));
        assertEquals("", form.problemProperty().get());
        assertEquals(
                "CreateTable\n"
                        + TestEngine.repository()
                                .requestText(new TableChange.CreateTable(expected)),
                form.requestTextProperty().get());
        assertTrue(form.requestTextProperty().get().contains("\"ReadCapacityUnits\""));
        assertTrue(form.canCreateProperty().get());

        form.create().await();

        assertEquals(name, form.createdProperty().get());
        assertTrue(form.statusProperty().get().startsWith("Created table " + name + " (1 request"));
        assertFalse(form.canCreateProperty().get(), "the form is done: Create is off");
        form.capacity().readCapacityProperty().set(8);
        assertFalse(form.canCreateProperty().get(), "and stays off after an edit");
        TableInfo created = TestEngine.repository().describeTable(name);
        assertEquals(KeySchema.of("EntityRef", "Detail"), created.keySchema());
        assertEquals(
                List.of("byAuthor"),
                created.globalSecondaryIndexes().stream().map(SecondaryIndex::name).toList());
        assertEquals(
                List.of("title", "body"),
                created.globalSecondaryIndexes().get(0).nonKeyAttributes());
        assertEquals(
                List.of("byCreated"),
                created.localSecondaryIndexes().stream().map(SecondaryIndex::name).toList());
        assertEquals("N", created.keyAttributeTypes().get("createdAt"));
        assertEquals(Billing.PROVISIONED, created.billingMode());
    }

    @Test
    void whatDynamoDbWouldRefuseIsSaidBeforeAnythingIsSent() {
        CreateTableViewModel form = form();
        assertEquals("", form.problemProperty().get(), "a blank form is not a mistake yet");
        assertFalse(form.canCreateProperty().get());
        form.keys().partitionKeyProperty().set("pk");
        assertEquals("Give the table a name.", form.problemProperty().get());

        form.tableNameProperty().set("ab");
        form.keys().partitionKeyProperty().set("pk");
        assertEquals(
                "Table name 'ab' must be 3 to 255 letters, digits, '_', '-' or '.'.",
                form.problemProperty().get());

        form.tableNameProperty().set(TestEngine.uniqueTableName("refused"));
        IndexRow local = form.addLocalIndex();
        local.nameProperty().set("bySk");
        local.keys().sortKeyProperty().set("other");
        assertEquals(
                "Local secondary index 'bySk' needs a table with a sort key.",
                form.problemProperty().get());
        assertEquals("", form.requestTextProperty().get());
        assertFalse(form.canCreateProperty().get());

        form.removeIndex(local);
        IndexRow global = form.addGlobalIndex();
        global.nameProperty().set("byPk");
        global.keys().partitionKeyProperty().set("pk");
        global.keys().partitionKeyTypeProperty().set(KeyType.N);
        assertEquals(
                "Attribute 'pk' is a key of type S already; index 'byPk' gives it type N.",
                form.problemProperty().get());
        assertNull(form.create());
    }

    @Test
    void aTtlAttributeIsASecondRequestWhichDynaliteRefuses() {
        String name = TestEngine.uniqueTableName("form-ttl");
        CreateTableViewModel form = form();
        form.tableNameProperty().set(name);
        form.keys().partitionKeyProperty().set("pk");
        form.ttlAttributeProperty().set("expiresAt");

        String requests = form.requestTextProperty().get();
        assertTrue(requests.startsWith("CreateTable\n"), requests);
        assertTrue(
                requests.endsWith(
                        "UpdateTimeToLive\n"
                                + TestEngine.repository()
                                        .requestText(
                                                new TableChange.UpdateTimeToLive(
                                                        name, "expiresAt", true))),
                requests);
        assertFalse(form.engineNote().isEmpty(), "a local endpoint gets the note");

        form.create().await();

        // the table is there; the engine's refusal of UpdateTimeToLive is reported, not hidden
        assertEquals(name, form.createdProperty().get());
        assertTrue(TestEngine.repository().listTables().contains(name));
        String status = form.statusProperty().get();
        assertTrue(
                status.startsWith("Created table " + name + ", but UpdateTimeToLive failed: "),
                status);
        assertEquals(Optional.empty(), TestEngine.repository().describeTable(name).ttlAttribute());
    }
}
