package io.dynoscope.service.model;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableDefinition;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ScanSpec;
import io.dynoscope.service.table.TableExistsException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Recognises a table an interrupted load of the same model left: the model's keys, key types and
 * indexes, and nothing in it but the model's own items, each exactly as the model has it. Only such
 * a table is finished by a resumed load, which then writes just the items it lacks, so nothing is
 * written twice and no one else's item is overwritten.
 */
final class HalfLoadedTable {

    private HalfLoadedTable() {}

    /**
     * The keys of the model's items the table already holds, once {@link #checkSchema} passed.
     *
     * @throws TableExistsException naming what differs when the table is not one this model's load
     *     left (nothing is written)
     */
    static Set<Key> itemsPresent(
            DynamoRepository repository, SchemaLoad.Prepared prepared, Cancellation cancellation) {
        TableDefinition wanted = prepared.definition();
        String table = wanted.name();
        KeySchema keys = wanted.keySchema();
        Map<Key, Item> model = new HashMap<>();
        prepared.design().items().forEach(item -> model.put(item.key(keys), item));
        Set<Key> present = new HashSet<>();
        String[] foreign = new String[1];
        repository.scan(
                ScanSpec.table(table),
                page -> {
                    for (Item item : page.items()) {
                        Key key = item.key(keys);
                        Item expected = model.get(key);
                        if (expected == null) {
                            foreign[0] =
                                    "it holds item " + key.text() + ", which the model has not";
                            return false;
                        }
                        if (!expected.equals(item)) {
                            foreign[0] =
                                    "its item "
                                            + key.text()
                                            + " differs from the model's (changed since it was"
                                            + " loaded?)";
                            return false;
                        }
                        present.add(key);
                    }
                    return true;
                },
                cancellation);
        if (foreign[0] != null) {
            throw notThisModels(table, foreign[0]);
        }
        return present;
    }

    /**
     * Checks that the table has the model's keys, key types and indexes.
     *
     * @throws TableExistsException naming what differs
     */
    static void checkSchema(DynamoRepository repository, SchemaLoad.Prepared prepared) {
        String table = prepared.table();
        String difference =
                schemaDifference(prepared.definition(), repository.describeTable(table));
        if (difference != null) {
            throw notThisModels(table, difference);
        }
    }

    private static TableExistsException notThisModels(String table, String why) {
        return new TableExistsException(
                table,
                "it is not a table this model's load left half-done ("
                        + why
                        + "); nothing was written to it");
    }

    /** What differs between the table the model defines and the one there is; null when alike. */
    private static String schemaDifference(TableDefinition wanted, TableInfo actual) {
        if (!wanted.keySchema().equals(actual.keySchema())) {
            return "its keys are "
                    + actual.keySchema().attributes()
                    + ", the model's "
                    + wanted.keySchema().attributes();
        }
        for (Map.Entry<String, String> type : wanted.attributeTypes().entrySet()) {
            String actualType = actual.keyAttributeTypes().get(type.getKey());
            if (!type.getValue().equals(actualType)) {
                return "key attribute "
                        + type.getKey()
                        + " is "
                        + actualType
                        + ", the model's "
                        + type.getValue();
            }
        }
        Map<String, List<String>> wantedIndexes =
                indexes(wanted.globalSecondaryIndexes(), wanted.localSecondaryIndexes());
        Map<String, List<String>> actualIndexes =
                actual.indexes().stream()
                        .collect(
                                Collectors.toMap(
                                        SecondaryIndex::name,
                                        index -> index.keySchema().attributes(),
                                        (a, b) -> a,
                                        TreeMap::new));
        if (!wantedIndexes.equals(actualIndexes)) {
            return "its indexes are " + actualIndexes + ", the model's " + wantedIndexes;
        }
        return null;
    }

    private static Map<String, List<String>> indexes(
            List<SecondaryIndex> globals, List<SecondaryIndex> locals) {
        Map<String, List<String>> indexes = new TreeMap<>();
        globals.forEach(index -> indexes.put(index.name(), index.keySchema().attributes()));
        locals.forEach(index -> indexes.put(index.name(), index.keySchema().attributes()));
        return indexes;
    }
}
