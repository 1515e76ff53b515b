package io.dynoscope.cli;

import io.dynoscope.cli.Formats.InputFormat;
import io.dynoscope.core.expression.ExpressionMaps;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.DynamoJson;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.ItemRules;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.TableInfo;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads the keys, items and expression placeholders typed on the command line and checks them
 * against the table's key schema before anything is sent. Every problem becomes a usage error that
 * says where it is ({@code --item: line 1, column 17: ...}).
 */
final class ItemInput {

    private ItemInput() {}

    /**
     * Reads one item and types its key attributes by the table: in plain JSON a key attribute
     * declared N may be given as a number or a numeric string, and one declared B as base64 text.
     *
     * @param source what the text came from, for messages ({@code --item}, a file name)
     */
    static Item readItem(String text, InputFormat format, TableInfo table, String source) {
        InputFormat actual = resolve(format, text, table.keySchema().partitionKey());
        Item item = parse(text, actual, source);
        return typedForTable(item, table, actual != InputFormat.DYNAMODB_JSON, source);
    }

    /**
     * Types the item's table and index key attributes as the table declares them (converting
     * plain-JSON text where {@code lenient}); the table's key attributes must be present.
     */
    static Item typedForTable(Item item, TableInfo table, boolean lenient, String source) {
        KeySchema schema = table.keySchema();
        Item typed =
                typedKeyAttribute(
                        item, table, schema.partitionKey(), "partition key", lenient, source);
        if (schema.sortKey().isPresent()) {
            typed =
                    typedKeyAttribute(
                            typed, table, schema.sortKey().get(), "sort key", lenient, source);
        }
        for (String name : table.keyAttributeTypes().keySet()) {
            if (!schema.isKeyAttribute(name) && typed.get(name).isPresent()) {
                typed = typedKeyAttribute(typed, table, name, "index key", lenient, source);
            }
        }
        return typed;
    }

    /**
     * Refuses an item DynamoDB would refuse, before anything is sent: every limit of {@link
     * ItemRules} (names, nesting, key types, sizes and emptiness, 400 KB).
     */
    static Item checkedForWrite(Item item, TableInfo table, String source) {
        requireNoProblems(
                ItemRules.check(item, table.keySchema(), table.keyAttributeTypes()), source);
        return item;
    }

    /** A usage error listing the problems, if there are any. */
    static void requireNoProblems(List<ItemRules.Problem> problems, String source) {
        if (!problems.isEmpty()) {
            throw CliException.usage(
                    source
                            + ": "
                            + problems.stream()
                                    .map(ItemRules.Problem::toString)
                                    .collect(Collectors.joining("; ")));
        }
    }

    /** Reads a primary key: exactly the table's key attributes, with their declared types. */
    static Key readKey(String text, InputFormat format, TableInfo table, String source) {
        Item item = readItem(text, format, table, source);
        KeySchema schema = table.keySchema();
        for (String name : item.attributes().keySet()) {
            if (!schema.isKeyAttribute(name)) {
                throw CliException.usage(
                        source
                                + ": '"
                                + name
                                + "' is not a key attribute; the key of table '"
                                + table.name()
                                + "' is "
                                + describe(schema));
            }
        }
        requireNoProblems(
                ItemRules.checkKeyValues(item.attributes(), schema, table.keyAttributeTypes()),
                source);
        return item.key(schema);
    }

    private static Item typedKeyAttribute(
            Item item, TableInfo table, String name, String role, boolean lenient, String source) {
        AttributeValue value =
                item.get(name)
                        .orElseThrow(
                                () ->
                                        CliException.usage(
                                                source
                                                        + ": the item has no "
                                                        + role
                                                        + " '"
                                                        + name
                                                        + "' (the key of table '"
                                                        + table.name()
                                                        + "' is "
                                                        + describe(table.keySchema())
                                                        + ")"));
        KeyType type = table.keyType(name);
        if (value.type().descriptor().equals(type.descriptor())) {
            return item;
        }
        if (lenient && value instanceof AttributeValue.Str text && type != KeyType.S) {
            return item.with(
                    name, keyValue(text.value(), type, source + ": " + role + " '" + name + "'"));
        }
        throw CliException.usage(
                source
                        + ": "
                        + role
                        + " '"
                        + name
                        + "' must be of type "
                        + type.descriptor()
                        + " ("
                        + typeName(type)
                        + "), not "
                        + value.type().descriptor());
    }

    /** A key value typed on the command line, as the key attribute's type S, N or B (base64). */
    static AttributeValue keyValue(String text, KeyType type, String what) {
        try {
            return type.read(text);
        } catch (IllegalArgumentException e) {
            throw CliException.usage(what + " is " + e.getMessage());
        }
    }

    /** {@code --names}: a JSON object of {@code #placeholder} to attribute name. */
    static Map<String, String> names(String json, String option) {
        return CliException.orUsage(option, () -> ExpressionMaps.names(json));
    }

    /** {@code --values}: a JSON object of {@code :placeholder} to a DynamoDB JSON value. */
    static Map<String, AttributeValue> values(String json, String option) {
        return CliException.orUsage(option, () -> ExpressionMaps.values(json));
    }

    static Item parse(String text, InputFormat format, String source) {
        try {
            return format == InputFormat.DYNAMODB_JSON
                    ? ItemJson.DYNAMODB.readItem(text)
                    : ItemJson.PLAIN.readItem(text);
        } catch (ItemFormatException e) {
            throw CliException.usage(source + ": " + e.getMessage());
        }
    }

    /**
     * Resolves {@code auto}: DynamoDB JSON when the partition key's value is an object (plain JSON
     * key values are scalars); without a partition key, when the first value is a one-field object
     * named by a type descriptor such as {@code {"S": ...}} ({@link DynamoJson#isTypedItem}).
     */
    static InputFormat resolve(InputFormat format, String text, String partitionKey) {
        if (format != InputFormat.AUTO) {
            return format;
        }
        return DynamoJson.isTypedItem(text, partitionKey)
                ? InputFormat.DYNAMODB_JSON
                : InputFormat.JSON;
    }

    static String describe(KeySchema schema) {
        return "(" + schema.partitionKey() + schema.sortKey().map(sk -> ", " + sk).orElse("") + ")";
    }

    private static String typeName(KeyType type) {
        return switch (type) {
            case N -> "a number";
            case B -> "binary (base64)";
            case S -> "a string";
        };
    }
}
