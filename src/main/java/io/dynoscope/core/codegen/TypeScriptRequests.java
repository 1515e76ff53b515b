package io.dynoscope.core.codegen;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.KeyType;
import java.util.ArrayList;
import java.util.List;

/**
 * Pieces of TypeScript the entity formats share: an access pattern as a plain DocumentClient
 * request, a key value from a template, and the shape of an entity's table key as regular
 * expressions (to tell raw items apart).
 */
final class TypeScriptRequests {

    private TypeScriptRequests() {}

    /**
     * The pattern's Query (or Scan) input for the DocumentClient, its key values written from the
     * object {@code p} (the parameters, and the shard of a fan-out), the table's name from the
     * variable {@code tableName}.
     */
    static String request(TableModel model, AccessPattern pattern, String p, String tableName) {
        StringBuilder out = new StringBuilder("{ TableName: ").append(tableName);
        if (pattern.index() != null) {
            out.append(", IndexName: ").append(Names.quoted(pattern.index()));
        }
        if (pattern.operation() == AccessPattern.Operation.SCAN) {
            return out.append(" }").toString();
        }
        KeySchema keys = model.keysOf(pattern.index());
        StringBuilder names =
                new StringBuilder("'#pk': ").append(Names.quoted(keys.partitionKey()));
        StringBuilder values =
                new StringBuilder("':pk': ")
                        .append(value(model, keys.partitionKey(), pattern.partitionKey(), p));
        String condition = "#pk = :pk";
        if (pattern.sortKey().isPresent() && keys.sortKey().isPresent()) {
            AccessPattern.SortKeyPattern sk = pattern.sortKey().get();
            String field = keys.sortKey().get();
            names.append(", '#sk': ").append(Names.quoted(field));
            values.append(", ':sk': ").append(value(model, field, sk.value(), p));
            condition +=
                    switch (sk.operator()) {
                        case EQ -> " AND #sk = :sk";
                        case LT -> " AND #sk < :sk";
                        case LE -> " AND #sk <= :sk";
                        case GT -> " AND #sk > :sk";
                        case GE -> " AND #sk >= :sk";
                        case BEGINS_WITH -> " AND begins_with(#sk, :sk)";
                        case BETWEEN -> " AND #sk BETWEEN :sk AND :upper";
                    };
            if (sk.upper() != null) {
                values.append(", ':upper': ").append(value(model, field, sk.upper(), p));
            }
        }
        out.append(", KeyConditionExpression: ").append(Names.quoted(condition));
        out.append(", ExpressionAttributeNames: { ").append(names).append(" }");
        out.append(", ExpressionAttributeValues: { ").append(values).append(" }");
        if (pattern.newestFirst()) {
            out.append(", ScanIndexForward: false");
        }
        return out.append(" }").toString();
    }

    /** A key attribute's value from its template: a template literal, a number for an N key. */
    static String value(TableModel model, String attribute, KeyTemplate template, String p) {
        String text =
                template.isConstant()
                        ? Names.quoted(template.text())
                        : Names.templateLiteral(template, p);
        return model.keyType(attribute) == KeyType.N ? "Number(" + text + ")" : text;
    }

    /**
     * The entity's table key as {@code [field, /^pattern$/]} pairs, as {@link KeyTemplate#match}
     * reads a key: a part is one or more characters other than {@code #}, a shard is digits.
     */
    static String keyPatterns(TableModel model, Entity entity) {
        KeyTemplates templates = entity.keys();
        List<String> pairs = new ArrayList<>();
        pairs.add(pair(model.keys().partitionKey(), templates.partitionKey()));
        if (model.keys().sortKey().isPresent() && templates.sortKey().isPresent()) {
            pairs.add(pair(model.keys().sortKey().get(), templates.sortKey().get()));
        }
        return "[" + String.join(", ", pairs) + "]";
    }

    private static String pair(String field, KeyTemplate template) {
        String regex =
                template.rewrite(
                        TypeScriptRequests::escape,
                        name -> template.ranges().containsKey(name) ? "[0-9]+" : "[^#]+");
        return "[" + Names.quoted(field) + ", new RegExp(" + Names.quoted("^" + regex + "$") + ")]";
    }

    private static String escape(String literal) {
        return literal.replaceAll("[.*+?^${}()|\\[\\]\\\\/]", "\\\\$0");
    }
}
