package io.dynoscope.core.table;

import io.dynoscope.service.store.DynamoRepository;
import java.util.Map;
import java.util.Objects;

/**
 * A change to a table: each is one request to DynamoDB, which {@link
 * DynamoRepository#requestText(TableChange)} shows exactly as {@link
 * DynamoRepository#changeTable(TableChange)} sends it.
 */
public sealed interface TableChange {

    /** The table the change is about. */
    String table();

    /** The operation's name in DynamoDB's API, e.g. {@code CreateTable}. */
    String operation();

    /** CreateTable. */
    record CreateTable(TableDefinition definition) implements TableChange {
        public CreateTable {
            Objects.requireNonNull(definition, "definition");
        }

        @Override
        public String table() {
            return definition.name();
        }

        @Override
        public String operation() {
            return "CreateTable";
        }
    }

    /** DeleteTable. */
    record DeleteTable(String table) implements TableChange {
        public DeleteTable {
            Objects.requireNonNull(table, "table");
        }

        @Override
        public String operation() {
            return "DeleteTable";
        }
    }

    /**
     * UpdateTimeToLive: turns expiry by {@code attribute} on, or off (DynamoDB wants the attribute
     * named either way).
     */
    record UpdateTimeToLive(String table, String attribute, boolean enabled)
            implements TableChange {
        public UpdateTimeToLive {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(attribute, "attribute");
        }

        @Override
        public String operation() {
            return "UpdateTimeToLive";
        }
    }

    /**
     * UpdateTable adding a global secondary index.
     *
     * @param attributeTypes S, N or B of the index's key attributes
     * @param billing the table's billing (a provisioned table gives the index the same capacity)
     */
    record CreateGlobalIndex(
            String table,
            SecondaryIndex index,
            Map<String, String> attributeTypes,
            TableDefinition.Billing billing)
            implements TableChange {
        public CreateGlobalIndex {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(index, "index");
            attributeTypes = Map.copyOf(attributeTypes);
            Objects.requireNonNull(billing, "billing");
        }

        @Override
        public String operation() {
            return "UpdateTable";
        }
    }

    /** UpdateTable removing a global secondary index. */
    record DeleteGlobalIndex(String table, String index) implements TableChange {
        public DeleteGlobalIndex {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(index, "index");
        }

        @Override
        public String operation() {
            return "UpdateTable";
        }
    }
}
