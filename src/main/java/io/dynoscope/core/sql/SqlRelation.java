package io.dynoscope.core.sql;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.table.SecondaryIndex;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the SQL console can query: a table, with its attributes as columns, or one entity of the
 * table's model as a view, whose rows are the items its key templates match and whose columns add
 * the templates' variables.
 *
 * <p>Column types: the key attributes take their declared types (S, N; B as base64 text); other
 * attributes take the types the model gives them, else the types seen in a sample of items (see
 * {@link ColumnType}).
 *
 * @param name the name SQL uses: the table's name, or the entity's
 * @param keyTypes S, N or B for each key attribute of the table and its indexes
 * @param entity the entity this view shows, or empty for the whole table
 */
public record SqlRelation(
        String name,
        String table,
        KeySchema keys,
        Map<String, String> keyTypes,
        List<SecondaryIndex> indexes,
        Optional<Entity> entity,
        List<SqlColumn> columns) {

    public SqlRelation {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(keys, "keys");
        keyTypes = Map.copyOf(keyTypes);
        indexes = List.copyOf(indexes);
        Objects.requireNonNull(entity, "entity");
        columns = List.copyOf(columns);
    }

    /** The table itself: key attributes first, then every attribute the sample holds. */
    public static SqlRelation table(
            String table,
            KeySchema keys,
            Map<String, String> keyTypes,
            List<SecondaryIndex> indexes,
            Collection<Item> sample) {
        Map<String, SqlColumn> columns = keyColumns(keys, keyTypes, indexes);
        sampled(sample).forEach(columns::putIfAbsent);
        return new SqlRelation(
                table,
                table,
                keys,
                keyTypes,
                indexes,
                Optional.empty(),
                List.copyOf(columns.values()));
    }

    /**
     * One entity as a view of {@code table}: the key attributes, the key templates' variables, then
     * the entity's attributes as the model types them, or, when the model lists none, the
     * attributes of the sampled items that are of this entity.
     */
    public static SqlRelation entity(SqlRelation table, Entity entity, Collection<Item> sample) {
        Map<String, SqlColumn> columns = keyColumns(table.keys, table.keyTypes, table.indexes);
        for (String variable : variables(entity)) {
            columns.putIfAbsent(variable, SqlColumn.variable(variable));
        }
        if (entity.attributes().isEmpty()) {
            List<Item> own =
                    sample.stream().filter(i -> entity.match(i, table.keys).isPresent()).toList();
            sampled(own).forEach(columns::putIfAbsent);
        } else {
            for (AttributeModel attribute : entity.attributes()) {
                columns.putIfAbsent(
                        attribute.name(),
                        SqlColumn.attribute(attribute.name(), ColumnType.of(attribute.type())));
            }
        }
        return new SqlRelation(
                entity.name(),
                table.table,
                table.keys,
                table.keyTypes,
                table.indexes,
                Optional.of(entity),
                List.copyOf(columns.values()));
    }

    /** The variables of the entity's table key templates, partition key first. */
    static Set<String> variables(Entity entity) {
        KeyTemplates templates = entity.keys();
        Set<String> names = new LinkedHashSet<>(templates.partitionKey().variables());
        templates.sortKey().ifPresent(t -> names.addAll(t.variables()));
        return names;
    }

    private static Map<String, SqlColumn> keyColumns(
            KeySchema keys, Map<String, String> keyTypes, List<SecondaryIndex> indexes) {
        Map<String, SqlColumn> columns = new LinkedHashMap<>();
        List<String> keyAttributes = new ArrayList<>(keys.attributes());
        for (SecondaryIndex index : indexes) {
            keyAttributes.addAll(index.keySchema().attributes());
        }
        for (String attribute : keyAttributes) {
            columns.putIfAbsent(
                    attribute,
                    SqlColumn.attribute(attribute, ColumnType.ofKeyType(keyTypes.get(attribute))));
        }
        return columns;
    }

    /** Columns for the attributes of the sample, in first-seen order, typed by what they hold. */
    private static Map<String, SqlColumn> sampled(Collection<Item> sample) {
        Map<String, AttributeValue.Type> types = new LinkedHashMap<>();
        Set<String> mixed = new LinkedHashSet<>();
        for (Item item : sample) {
            item.attributes()
                    .forEach(
                            (name, value) -> {
                                if (value.type() == AttributeValue.Type.NULL) {
                                    types.putIfAbsent(name, null);
                                    return;
                                }
                                AttributeValue.Type seen = types.get(name);
                                if (seen == null) {
                                    types.put(name, value.type());
                                } else if (seen != value.type()) {
                                    mixed.add(name);
                                }
                            });
        }
        Map<String, SqlColumn> columns = new LinkedHashMap<>();
        types.forEach(
                (name, type) ->
                        columns.put(
                                name,
                                SqlColumn.attribute(
                                        name,
                                        type == null || mixed.contains(name)
                                                ? ColumnType.TEXT
                                                : ColumnType.of(type))));
        return columns;
    }

    /** The position of the column called {@code name}, or -1. */
    public int columnIndex(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether the item is one of this relation's rows (always, for a table). */
    public boolean contains(Item item) {
        return entity.isEmpty() || entity.get().match(item, keys).isPresent();
    }

    /**
     * The item as a row of the given columns ({@code null}: all), or null when the item is not of
     * this relation's entity. Values: String, BigDecimal, Boolean or null (absent, NULL, or not of
     * the column's type).
     */
    public Object[] row(Item item, int[] projects) {
        Map<String, String> bound = Map.of();
        if (entity.isPresent()) {
            Optional<Map<String, String>> match = entity.get().match(item, keys);
            if (match.isEmpty()) {
                return null;
            }
            bound = match.get();
        }
        int width = projects == null ? columns.size() : projects.length;
        Object[] row = new Object[width];
        for (int i = 0; i < width; i++) {
            SqlColumn column = columns.get(projects == null ? i : projects[i]);
            row[i] =
                    column.isVariable()
                            ? bound.get(column.variable())
                            : value(column.type(), item.attributes().get(column.attribute()));
        }
        return row;
    }

    /** The SQL value of an attribute value in a column of {@code type}. */
    public static Object value(ColumnType type, AttributeValue value) {
        if (value == null || value instanceof AttributeValue.Null) {
            return null;
        }
        return switch (type) {
            case STRING -> value instanceof AttributeValue.Str s ? s.value() : null;
            case NUMBER -> value instanceof AttributeValue.Num n ? n.value() : null;
            case BOOLEAN -> value instanceof AttributeValue.Bool b ? b.value() : null;
            case TEXT -> text(value);
        };
    }

    private static String text(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        }
        if (value instanceof AttributeValue.Num n) {
            return n.text();
        }
        if (value instanceof AttributeValue.Bin b) {
            return b.base64();
        }
        return ItemJson.PLAIN.write(value);
    }

    /** The attribute value a SQL literal stands for in a column of {@code type}, if any. */
    public static Optional<AttributeValue> attributeValue(ColumnType type, Object literal) {
        if (type == ColumnType.STRING && literal instanceof String s) {
            return Optional.of(AttributeValue.s(s));
        }
        if (type == ColumnType.NUMBER && literal instanceof BigDecimal d) {
            return Optional.of(AttributeValue.n(d.toPlainString()));
        }
        if (type == ColumnType.BOOLEAN && literal instanceof Boolean b) {
            return Optional.of(AttributeValue.bool(b));
        }
        return Optional.empty();
    }

    /**
     * The attributes that rows of the given columns ({@code null}: all) need: those columns'
     * attributes, and the table's key attributes when a column is a template variable or the view
     * must tell its entity's items from others.
     */
    public Set<String> attributesFor(int[] projects) {
        Set<String> attributes = new LinkedHashSet<>();
        if (entity.isPresent()) {
            attributes.addAll(keys.attributes());
        }
        int width = projects == null ? columns.size() : projects.length;
        for (int i = 0; i < width; i++) {
            SqlColumn column = columns.get(projects == null ? i : projects[i]);
            if (!column.isVariable()) {
                attributes.add(column.attribute());
            }
        }
        return attributes;
    }
}
