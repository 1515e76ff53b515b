package io.dynoscope.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.RepositoryException;
import io.dynoscope.testsupport.TestEngine;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Creating, describing, listing and deleting tables against the real engine. */
class TableAdminTest {

    private final DynamoRepository repository = TestEngine.repository();

    @Test
    void aCreatedTableIsDescribedWithItsKeysIndexesAndBillingThenDeleted() {
        TableDefinition definition =
                new TableDefinition(
                        "admin",
                        KeySchema.of("EntityRef", "Detail"),
                        Map.of("EntityRef", "S", "Detail", "S", "authorId", "S", "createdAt", "N"),
                        List.of(
                                new SecondaryIndex(
                                        "byAuthor",
                                        true,
                                        KeySchema.of("authorId", "createdAt"),
                                        "INCLUDE",
                                        List.of("title"))),
                        List.of(SecondaryIndex.local("byCreated", "EntityRef", "createdAt")));
        String table = TestEngine.freshTable(definition);

        TableInfo info = repository.describeTable(table);
        assertEquals(table, info.name());
        assertEquals("ACTIVE", info.status());
        assertEquals(KeySchema.of("EntityRef", "Detail"), info.keySchema());
        assertEquals(
                Map.of("EntityRef", "S", "Detail", "S", "authorId", "S", "createdAt", "N"),
                info.keyAttributeTypes());
        assertEquals("PAY_PER_REQUEST", info.billingMode());
        assertEquals(Optional.empty(), info.ttlAttribute());
        assertEquals(Optional.empty(), info.streamViewType());
        assertTrue(info.hasLocalSecondaryIndex());

        SecondaryIndex byAuthor = info.globalSecondaryIndexes().get(0);
        assertEquals("byAuthor", byAuthor.name());
        assertTrue(byAuthor.global());
        assertEquals(KeySchema.of("authorId", "createdAt"), byAuthor.keySchema());
        assertEquals("INCLUDE", byAuthor.projectionType());
        assertEquals(List.of("title"), byAuthor.nonKeyAttributes());
        assertEquals(KeySchema.of("EntityRef", "createdAt"), info.keySchemaOf("byCreated"));
        assertFalse(info.localSecondaryIndexes().get(0).global());

        assertTrue(repository.listTables().contains(table));
        repository.deleteTable(table);
        assertFalse(repository.listTables().contains(table));
        RepositoryException gone =
                assertThrows(RepositoryException.class, () -> repository.describeTable(table));
        assertEquals(RepositoryException.Kind.NOT_FOUND, gone.kind());
    }

    @Test
    void listTablesFollowsEveryPage() {
        List<String> created =
                List.of(
                        TestEngine.freshTable(TableDefinition.simple("many", "id", null)),
                        TestEngine.freshTable(TableDefinition.simple("many", "id", null)),
                        TestEngine.freshTable(TableDefinition.simple("many", "id", null)));
        try (SdkDynamoRepository twoAPage = SdkDynamoRepository.connect(TestEngine.connection())) {
            List<String> all = twoAPage.listTables(2);
            assertEquals(repository.listTables(), all);
            assertTrue(all.containsAll(created));
            assertEquals(all.size(), Set.copyOf(all).size());
        }
    }
}
