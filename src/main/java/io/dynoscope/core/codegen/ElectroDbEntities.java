package io.dynoscope.core.codegen;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.Projection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * ElectroDB (v3, TypeScript) entities, one file per table: a function taking the DocumentClient and
 * the table name that returns the entities (each key a template over its composite attributes, case
 * kept) and one function per access pattern, plus a conditional create per entity. A pattern that
 * ElectroDB's composite calls cannot say (several entities, a scan, a sort condition that is not a
 * prefix of the entity's template) is sent as a plain Query or Scan whose items each entity parses;
 * an index that does not project every attribute is read with {@code hydrate}.
 */
final class ElectroDbEntities implements CodeGenerator {

    static final String LIBRARY = "ElectroDB";

    @Override
    public GeneratedCode generate(ModelDocument document) {
        return EntityCode.files(
                document, LIBRARY, "3", ElectroDbEntities::fileName, ElectroDbEntities::table);
    }

    static String fileName(String table) {
        return Names.file(table) + ".electrodb.ts";
    }

    /** The function a table's file exports: {@code saasElectroDb(client, table)}. */
    static String factory(String table) {
        return Names.camel(table) + "ElectroDb";
    }

    private static String table(TableModel model, List<String> lost) {
        StringBuilder out = new StringBuilder();
        out.append("import { Entity } from 'electrodb';\n");
        out.append(
                "import { DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';\n\n");
        out.append("/**\n * The entities of the table ")
                .append(EntityCode.doc(Names.quoted(model.table())))
                .append(" and its access patterns, each a function.\n")
                .append(" * Keys keep their case (casing: 'none'); queries ignore ElectroDB's")
                .append(" ownership attributes,\n")
                .append(" * so items written by other code are read too.\n */\n");
        out.append("export function ")
                .append(factory(model.table()))
                .append("(client: DynamoDBDocumentClient, table: string) {\n");
        for (Entity entity : model.entities()) {
            entity(out, model, entity, lost);
        }
        out.append("  const entities = { ")
                .append(
                        model.entities().stream()
                                .map(e -> Names.quoted(e.name()) + ": " + variable(e))
                                .collect(Collectors.joining(", ")))
                .append(" };\n\n");
        rawReader(out, model);
        out.append("  return {\n    entities,\n");
        Set<String> taken = new LinkedHashSet<>();
        for (Entity entity : model.entities()) {
            String name = "create" + Names.pascal(entity.name());
            taken.add(name);
            out.append("    /** Writes a new ")
                    .append(EntityCode.doc(entity.name()))
                    .append(
                            "; refused when an item has its key (ElectroDB's create: attribute_not_exists). */\n");
            out.append("    async ")
                    .append(name)
                    .append("(item: Parameters<typeof ")
                    .append(variable(entity))
                    .append(".create>[0]) {\n");
            out.append("      return (await ")
                    .append(variable(entity))
                    .append(".create(item).go()).data;\n    },\n");
        }
        for (AccessPattern pattern : model.accessPatterns()) {
            pattern(out, model, pattern, EntityCode.functionName(pattern, taken));
        }
        out.append("  };\n}\n");
        return out.toString();
    }

    private static String variable(Entity entity) {
        return Names.camel(entity.name()) + "Entity";
    }

    private static String accessName(String index) {
        return index == null ? "primary" : index;
    }

    private static void entity(
            StringBuilder out, TableModel model, Entity entity, List<String> lost) {
        Map<String, String> parts = EntityCode.keyParts(model, entity);
        Set<String> tableParts = EntityCode.parts(entity.keys());
        out.append("  const ").append(variable(entity)).append(" = new Entity(\n    {\n");
        out.append("      model: { entity: ")
                .append(Names.quoted(entity.name()))
                .append(", version: '1', service: ")
                .append(Names.quoted(model.table()))
                .append(" },\n");
        out.append("      attributes: {\n");
        for (Map.Entry<String, String> part : parts.entrySet()) {
            if (EntityCode.attribute(entity, part.getKey()).isEmpty()) {
                out.append("        ")
                        .append(Names.quoted(part.getKey()))
                        .append(": { type: 'string'")
                        .append(tableParts.contains(part.getKey()) ? ", required: true" : "")
                        .append(" },\n");
            }
        }
        for (AttributeModel attribute : entity.attributes()) {
            out.append("        ")
                    .append(Names.quoted(attribute.name()))
                    .append(": { ")
                    .append(attributeType(model, entity, attribute, lost))
                    .append(tableParts.contains(attribute.name()) ? ", required: true" : "")
                    .append(" },\n");
        }
        out.append("      },\n      indexes: {\n");
        for (Map.Entry<String, KeyTemplates> e : EntityCode.templates(model, entity).entrySet()) {
            String index = e.getKey();
            KeySchema schema = model.keysOf(index);
            out.append("        ").append(Names.quoted(accessName(index))).append(": {\n");
            if (index != null) {
                out.append("          index: ").append(Names.quoted(index)).append(",\n");
                List<String> sparse =
                        EntityCode.parts(e.getValue()).stream()
                                .filter(p -> !tableParts.contains(p))
                                .toList();
                if (!sparse.isEmpty()) {
                    out.append("          condition: (attr) => ")
                            .append(
                                    sparse.stream()
                                            .map(p -> "attr[" + Names.quoted(p) + "] !== undefined")
                                            .collect(Collectors.joining(" && ")))
                            .append(",\n");
                }
            }
            out.append("          pk: ")
                    .append(key(model, schema.partitionKey(), e.getValue().partitionKey()))
                    .append(",\n");
            if (schema.sortKey().isPresent() && e.getValue().sortKey().isPresent()) {
                out.append("          sk: ")
                        .append(key(model, schema.sortKey().get(), e.getValue().sortKey().get()))
                        .append(",\n");
            } else if (schema.sortKey().isPresent()) {
                lost.add(
                        model.table()
                                + "."
                                + entity.name()
                                + ": no template for the sort key of "
                                + (index == null ? "the table" : index)
                                + ", so ElectroDB writes none and the item is not in it");
            }
            out.append("        },\n");
        }
        out.append("      },\n    },\n    { client, table },\n  );\n");
    }

    private static String attributeType(
            TableModel model, Entity entity, AttributeModel attribute, List<String> lost) {
        return switch (attribute.type()) {
            case S -> "type: 'string'";
            case N -> "type: 'number'";
            case BOOL -> "type: 'boolean'";
            case SS -> "type: 'set', items: 'string'";
            case NS -> "type: 'set', items: 'number'";
            default -> {
                lost.add(
                        model.table()
                                + "."
                                + entity.name()
                                + "."
                                + attribute.name()
                                + ": a "
                                + attribute.type()
                                + " attribute is typed 'any' (its shape is not in the model)");
                yield "type: 'any'";
            }
        };
    }

    /** One key of an index: its field, composite attributes and template. */
    private static String key(TableModel model, String field, KeyTemplate template) {
        StringBuilder out = new StringBuilder("{ field: ").append(Names.quoted(field));
        out.append(", composite: [")
                .append(
                        EntityCode.parts(template).stream()
                                .map(Names::quoted)
                                .collect(Collectors.joining(", ")))
                .append("]");
        if (!EntityCode.isAttributeItself(template, field)) {
            out.append(", template: ")
                    .append(
                            Names.quoted(
                                    template.rewrite(text -> text, name -> "${" + name + "}")));
        }
        out.append(", casing: 'none'");
        if (model.keyType(field) == KeyType.N) {
            out.append(", cast: 'number'");
        }
        return out.append(" }").toString();
    }

    private static void pattern(
            StringBuilder out, TableModel model, AccessPattern pattern, String function) {
        EntityCode.patternFunction(
                out,
                model,
                pattern,
                function,
                p -> nativeCall(model, pattern, p).filter(c -> c.contains(".get(")).orElse(null),
                p -> nativeCall(model, pattern, p).orElseGet(() -> rawCall(model, pattern, p)),
                true);
    }

    /**
     * The pattern as ElectroDB's own calls ({@code entity.get(...)} or {@code
     * entity.query.index(...)[.begins(...)]}), or empty when its composites cannot say it.
     */
    private static Optional<String> nativeCall(TableModel model, AccessPattern pattern, String p) {
        if (pattern.entities().size() != 1
                || pattern.operation() == AccessPattern.Operation.SCAN
                || pattern.filter() != null) {
            return Optional.empty();
        }
        Entity entity = model.entity(pattern.entities().get(0)).orElse(null);
        KeyTemplates keys =
                entity == null ? null : EntityCode.templates(model, entity).get(pattern.index());
        if (keys == null || !keys.partitionKey().text().equals(pattern.partitionKey().text())) {
            return Optional.empty();
        }
        String variable = variable(entity);
        Set<String> first = new LinkedHashSet<>(EntityCode.parts(keys.partitionKey()));
        String chained = "";
        Optional<AccessPattern.SortKeyPattern> condition = pattern.sortKey();
        if (condition.isPresent()) {
            if (keys.sortKey().isEmpty()) {
                return Optional.empty();
            }
            KeyTemplate template = keys.sortKey().get();
            AccessPattern.SortKeyPattern sk = condition.get();
            String text = template.text();
            String value = sk.value().text();
            boolean whole = value.equals(text);
            if (sk.operator() == SortKeyCondition.Operator.EQ && whole) {
                first.addAll(EntityCode.parts(template));
                if (pattern.operation() == AccessPattern.Operation.GET_ITEM
                        && pattern.index() == null) {
                    return Optional.of(
                            "(await "
                                    + variable
                                    + ".get("
                                    + composites(first, p)
                                    + ").go({ ignoreOwnership: true })).data");
                }
            } else if (sk.operator() == SortKeyCondition.Operator.BEGINS_WITH
                    && !whole
                    && text.startsWith(value)
                    && text.charAt(value.length()) == '{') {
                first.addAll(EntityCode.parts(sk.value()));
            } else if (whole && sk.operator() != SortKeyCondition.Operator.BETWEEN) {
                String method =
                        switch (sk.operator()) {
                            case BEGINS_WITH -> "begins";
                            case LT -> "lt";
                            case LE -> "lte";
                            case GT -> "gt";
                            default -> "gte";
                        };
                chained = "." + method + "(" + composites(EntityCode.parts(template), p) + ")";
            } else {
                return Optional.empty();
            }
        } else if (pattern.operation() == AccessPattern.Operation.GET_ITEM
                && keys.sortKey().isPresent()) {
            return Optional.empty();
        }
        String options =
                "{ ignoreOwnership: true, pages: 'all'"
                        + (pattern.newestFirst() ? ", order: 'desc'" : "")
                        + (pattern.limit() > 0 ? ", limit: " + pattern.limit() : "")
                        + (hydrates(model, pattern.index()) ? ", hydrate: true" : "")
                        + " }";
        return Optional.of(
                "(await "
                        + variable
                        + ".query["
                        + Names.quoted(accessName(pattern.index()))
                        + "]("
                        + composites(first, p)
                        + ")"
                        + chained
                        + ".go("
                        + options
                        + ")).data");
    }

    /** Whether a read of the index gets only some attributes, so ElectroDB hydrates its items. */
    private static boolean hydrates(TableModel model, String index) {
        return index != null
                && model.index(index).map(i -> i.projection() != Projection.ALL).orElse(false);
    }

    private static String composites(Set<String> parts, String p) {
        if (parts.isEmpty()) {
            return "{}";
        }
        return parts.stream()
                .map(n -> Names.quoted(n) + ": " + p + "[" + Names.quoted(n) + "]")
                .collect(Collectors.joining(", ", "{ ", " }"));
    }

    /** The pattern as a plain request through {@code readRaw}, each item parsed by its entity. */
    private static String rawCall(TableModel model, AccessPattern pattern, String p) {
        String names =
                pattern.entities().stream().map(Names::quoted).collect(Collectors.joining(", "));
        String request = TypeScriptRequests.request(model, pattern, p, "table");
        String read =
                "(await readRaw(["
                        + names
                        + "], "
                        + request
                        + ", "
                        + (pattern.operation() != AccessPattern.Operation.SCAN)
                        + ", "
                        + pattern.limit()
                        + "))";
        return pattern.entities().size() == 1 ? read + ".map((found) => found.item)" : read;
    }

    /** {@code readRaw}: a plain Query or Scan, page after page, each item parsed by its entity. */
    private static void rawReader(StringBuilder out, TableModel model) {
        out.append("  const tableKeys: Record<string, Array<[string, RegExp]>> = {\n");
        for (Entity entity : model.entities()) {
            out.append("    ")
                    .append(Names.quoted(entity.name()))
                    .append(": ")
                    .append(TypeScriptRequests.keyPatterns(model, entity))
                    .append(",\n");
        }
        out.append("  };\n\n");
        out.append(
                "  /** A plain Query or Scan, page after page (at most limit items above 0), each item with the entity\n"
                        + "   * of names its table key matches, as that entity parses it; items of no such entity are left out. */\n");
        out.append(
                "  async function readRaw(names: string[], request: any, query: boolean, limit: number) {\n");
        out.append(
                "    const found: Array<{ entity: string; item: Record<string, unknown> }> = [];\n");
        out.append("    let start: Record<string, unknown> | undefined;\n    do {\n");
        out.append("      const page = query\n");
        out.append(
                "        ? await client.send(new QueryCommand({ ...request, ExclusiveStartKey: start }))\n");
        out.append(
                "        : await client.send(new ScanCommand({ ...request, ExclusiveStartKey: start }));\n");
        out.append("      for (const item of page.Items ?? []) {\n");
        out.append(
                "        const name = names.find((n) => tableKeys[n].every(([field, shape]) => shape.test(String(item[field]))));\n");
        out.append("        if (name === undefined) {\n          continue;\n        }\n");
        out.append("        const entity = (entities as Record<string, any>)[name];\n");
        out.append(
                "        found.push({ entity: name, item: entity.parse({ Item: item }, { ignoreOwnership: true }).data });\n");
        out.append(
                "        if (limit > 0 && found.length === limit) {\n          return found;\n        }\n      }\n");
        out.append("      start = page.LastEvaluatedKey;\n    } while (start !== undefined);\n");
        out.append("    return found;\n  }\n\n");
    }
}
