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
import io.dynoscope.core.table.SecondaryIndex;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * dynamodb-toolbox (v1, TypeScript) entities, one file per table: a function taking the
 * DocumentClient and the table name that returns the {@code Table}, an {@code Entity} per model
 * entity (each key attribute linked to its template over the key parts) and one function per access
 * pattern, plus a conditional create per entity. The toolbox tells entities apart by the attribute
 * {@code _et} it writes; an index that does not project it is read as keys and each item then got
 * from the table.
 */
final class ToolboxEntities implements CodeGenerator {

    static final String LIBRARY = "dynamodb-toolbox";

    @Override
    public GeneratedCode generate(ModelDocument document) {
        return EntityCode.files(
                document, LIBRARY, "v1", ToolboxEntities::fileName, ToolboxEntities::table);
    }

    static String fileName(String table) {
        return Names.file(table) + ".toolbox.ts";
    }

    /** The function a table's file exports: {@code saasToolbox(documentClient, tableName)}. */
    static String factory(String table) {
        return Names.camel(table) + "Toolbox";
    }

    private static String table(TableModel model, List<String> lost) {
        lost.add(
                model.table()
                        + ": the toolbox tells entities apart by the attribute _et it writes;"
                        + " the generated queries return no item written without it");
        for (SecondaryIndex index : model.indexes()) {
            if (index.projection() != Projection.ALL) {
                lost.add(
                        model.table()
                                + "."
                                + index.name()
                                + ": projects "
                                + index.projectionType()
                                + " without _et, which the toolbox's Query needs; its patterns"
                                + " read the index's keys and then get each item (GetItem)");
            }
        }
        StringBuilder out = new StringBuilder();
        out.append(
                "import {\n  DynamoDBDocumentClient,\n  GetCommand,\n  QueryCommand as DocumentQuery,\n  ScanCommand as DocumentScan,\n} from '@aws-sdk/lib-dynamodb';\n");
        out.append(
                "import {\n  Entity,\n  EntityFormatter,\n  GetItemCommand,\n  PutItemCommand,\n");
        out.append("  QueryCommand,\n  ScanCommand,\n  Table,\n  any,\n  boolean,\n  number,\n");
        out.append("  type PutItemInput,\n");
        out.append("  schema,\n  set,\n  string,\n} from 'dynamodb-toolbox';\n\n");
        out.append("/** The table ")
                .append(EntityCode.doc(Names.quoted(model.table())))
                .append(", its entities and its access patterns, each a function. */\n");
        out.append("export function ")
                .append(factory(model.table()))
                .append("(documentClient: DynamoDBDocumentClient, tableName: string) {\n");
        out.append("  const table = new Table({\n    documentClient,\n    name: tableName,\n");
        out.append("    partitionKey: ").append(keyDeclaration(model, model.keys().partitionKey()));
        out.append(",\n");
        model.keys()
                .sortKey()
                .ifPresent(
                        sk ->
                                out.append("    sortKey: ")
                                        .append(keyDeclaration(model, sk))
                                        .append(",\n"));
        out.append("    indexes: {\n");
        for (SecondaryIndex index : model.indexes()) {
            out.append("      ")
                    .append(Names.quoted(index.name()))
                    .append(": { type: ")
                    .append(index.global() ? "'global'" : "'local'");
            if (index.global()) {
                out.append(", partitionKey: ")
                        .append(keyDeclaration(model, index.keySchema().partitionKey()));
            }
            index.keySchema()
                    .sortKey()
                    .ifPresent(sk -> out.append(", sortKey: ").append(keyDeclaration(model, sk)));
            out.append(" },\n");
        }
        out.append("    },\n  });\n");
        for (Entity entity : model.entities()) {
            entity(out, model, entity);
        }
        out.append("  const entities = { ")
                .append(
                        model.entities().stream()
                                .map(e -> Names.quoted(e.name()) + ": " + variable(e))
                                .collect(Collectors.joining(", ")))
                .append(" };\n\n");
        hydrating(out);
        out.append("  return {\n    table,\n    entities,\n");
        Set<String> taken = new LinkedHashSet<>();
        for (Entity entity : model.entities()) {
            String name = "create" + Names.pascal(entity.name());
            taken.add(name);
            out.append("    /** Writes a new ")
                    .append(EntityCode.doc(entity.name()))
                    .append("; refused when an item has its key (attribute_not_exists). */\n");
            out.append("    async ")
                    .append(name)
                    .append("(item: PutItemInput<typeof ")
                    .append(variable(entity))
                    .append(">) {\n");
            out.append("      return ")
                    .append(variable(entity))
                    .append(".build(PutItemCommand).item(item).options({ condition: { attr: ")
                    .append(Names.quoted(model.keys().partitionKey()))
                    .append(", exists: false } }).send();\n    },\n");
        }
        for (AccessPattern pattern : model.accessPatterns()) {
            pattern(out, model, pattern, EntityCode.functionName(pattern, taken));
        }
        out.append("  };\n}\n");
        return out.toString();
    }

    private static String keyDeclaration(TableModel model, String attribute) {
        String type =
                switch (model.keyType(attribute)) {
                    case N -> "number";
                    case B -> "binary";
                    case S -> "string";
                };
        return "{ name: " + Names.quoted(attribute) + ", type: '" + type + "' }";
    }

    private static String variable(Entity entity) {
        return Names.camel(entity.name()) + "Entity";
    }

    private static void entity(StringBuilder out, TableModel model, Entity entity) {
        Map<String, String> parts = EntityCode.keyParts(model, entity);
        Set<String> tableParts = EntityCode.parts(entity.keys());
        out.append("  const ").append(variable(entity)).append(" = new Entity({\n");
        out.append("    name: ").append(Names.quoted(entity.name())).append(",\n");
        out.append("    table,\n    timestamps: false,\n    schema: schema({\n");
        for (String part : parts.keySet()) {
            if (EntityCode.attribute(entity, part).isEmpty()) {
                out.append("      ")
                        .append(Names.quoted(part))
                        .append(": string()")
                        .append(tableParts.contains(part) ? ".key()" : ".optional()")
                        .append(",\n");
            }
        }
        for (AttributeModel attribute : entity.attributes()) {
            out.append("      ")
                    .append(Names.quoted(attribute.name()))
                    .append(": ")
                    .append(builder(attribute))
                    .append(tableParts.contains(attribute.name()) ? ".key()" : ".optional()")
                    .append(",\n");
        }
        out.append("    }).and((attributes) => ({\n");
        Set<String> fields = new LinkedHashSet<>(parts.keySet());
        entity.attributes().forEach(a -> fields.add(a.name()));
        for (Map.Entry<String, KeyTemplates> e : EntityCode.templates(model, entity).entrySet()) {
            KeySchema schema = model.keysOf(e.getKey());
            boolean table = e.getKey() == null;
            link(out, model, fields, schema.partitionKey(), e.getValue().partitionKey(), table);
            if (schema.sortKey().isPresent() && e.getValue().sortKey().isPresent()) {
                link(
                        out,
                        model,
                        fields,
                        schema.sortKey().get(),
                        e.getValue().sortKey().get(),
                        table);
            }
        }
        out.append("    })),\n  });\n");
    }

    /** A key attribute linked to its template: required for the table's key, else sparse. */
    private static void link(
            StringBuilder out,
            TableModel model,
            Set<String> fields,
            String field,
            KeyTemplate template,
            boolean table) {
        if (!fields.add(field)) {
            return; // the attribute itself ({postedAt}), or a key already linked (an LSI's)
        }
        boolean number = model.keyType(field) == KeyType.N;
        String value = TypeScriptRequests.value(model, field, template, "item");
        out.append("      ")
                .append(Names.quoted(field))
                .append(": ")
                .append(number ? "number()" : "string()")
                .append(table ? ".key()" : ".optional()")
                .append(".link<typeof attributes>((item) => ");
        Set<String> parts = EntityCode.parts(template);
        if (table || parts.isEmpty()) {
            out.append(value);
        } else {
            out.append(
                            parts.stream()
                                    .map(p -> "item[" + Names.quoted(p) + "] === undefined")
                                    .collect(Collectors.joining(" || ")))
                    .append(" ? undefined : ")
                    .append(value);
        }
        out.append("),\n");
    }

    private static String builder(AttributeModel attribute) {
        return switch (attribute.type()) {
            case S -> "string()";
            case N -> "number()";
            case BOOL -> "boolean()";
            case SS -> "set(string())";
            case NS -> "set(number())";
            default -> "any()";
        };
    }

    private static void pattern(
            StringBuilder out, TableModel model, AccessPattern pattern, String function) {
        EntityCode.patternFunction(
                out,
                model,
                pattern,
                function,
                p -> getItem(model, pattern, p),
                p -> read(model, pattern, p),
                true);
    }

    /** The pattern as the entity's GetItemCommand, or null when it reads otherwise. */
    private static String getItem(TableModel model, AccessPattern pattern, String p) {
        if (pattern.operation() != AccessPattern.Operation.GET_ITEM
                || pattern.index() != null
                || pattern.entities().size() != 1) {
            return null;
        }
        Entity entity = model.entity(pattern.entities().get(0)).orElse(null);
        if (entity == null
                || !entity.keys().partitionKey().text().equals(pattern.partitionKey().text())) {
            return null;
        }
        String sortText = entity.keys().sortKey().map(KeyTemplate::text).orElse(null);
        String asked =
                pattern.sortKey()
                        .filter(sk -> sk.operator() == SortKeyCondition.Operator.EQ)
                        .map(sk -> sk.value().text())
                        .orElse(null);
        if (sortText == null ? pattern.sortKey().isPresent() : !sortText.equals(asked)) {
            return null;
        }
        String key =
                EntityCode.parts(entity.keys()).stream()
                        .map(n -> Names.quoted(n) + ": " + p + "[" + Names.quoted(n) + "]")
                        .collect(Collectors.joining(", ", "{ ", " }"));
        return "(await "
                + variable(entity)
                + ".build(GetItemCommand).key("
                + key
                + ").send()).Item ?? null";
    }

    /** The pattern as the table's QueryCommand or ScanCommand, or a hydrated index read. */
    private static String read(TableModel model, AccessPattern pattern, String p) {
        String entities =
                pattern.entities().stream()
                        .map(n -> model.entity(n).map(ToolboxEntities::variable).orElse(null))
                        .filter(v -> v != null)
                        .collect(Collectors.joining(", "));
        boolean partial =
                pattern.index() != null
                        && model.index(pattern.index())
                                .map(i -> i.projection() != Projection.ALL)
                                .orElse(false);
        if (partial) {
            return "(await readHydrated(["
                    + pattern.entities().stream()
                            .map(Names::quoted)
                            .collect(Collectors.joining(", "))
                    + "], "
                    + TypeScriptRequests.request(model, pattern, p, "tableName")
                    + ", "
                    + (pattern.operation() != AccessPattern.Operation.SCAN)
                    + "))";
        }
        String index = pattern.index() == null ? "" : ", index: " + Names.quoted(pattern.index());
        if (pattern.operation() == AccessPattern.Operation.SCAN) {
            return "(await table.build(ScanCommand).entities("
                    + entities
                    + ").options({ maxPages: Infinity"
                    + index
                    + " }).send()).Items ?? []";
        }
        KeySchema keys = model.keysOf(pattern.index());
        StringBuilder query =
                new StringBuilder("{ partition: ")
                        .append(
                                TypeScriptRequests.value(
                                        model, keys.partitionKey(), pattern.partitionKey(), p))
                        .append(index);
        if (pattern.sortKey().isPresent() && keys.sortKey().isPresent()) {
            AccessPattern.SortKeyPattern sk = pattern.sortKey().get();
            String field = keys.sortKey().get();
            String value = TypeScriptRequests.value(model, field, sk.value(), p);
            String range =
                    switch (sk.operator()) {
                        case EQ -> "eq: " + value;
                        case LT -> "lt: " + value;
                        case LE -> "lte: " + value;
                        case GT -> "gt: " + value;
                        case GE -> "gte: " + value;
                        case BEGINS_WITH -> "beginsWith: " + value;
                        case BETWEEN ->
                                "between: ["
                                        + value
                                        + ", "
                                        + TypeScriptRequests.value(model, field, sk.upper(), p)
                                        + "]";
                    };
            query.append(", range: { ").append(range).append(" }");
        }
        query.append(" }");
        return "(await table.build(QueryCommand).query("
                + query
                + ").entities("
                + entities
                + ").options({ maxPages: Infinity"
                + (pattern.newestFirst() ? ", reverse: true" : "")
                + " }).send()).Items ?? []";
    }

    /** {@code readHydrated}: an index's keys page after page, then each item from the table. */
    private static void hydrating(StringBuilder out) {
        out.append(
                "  /** The items of a plain Query or Scan of an index that does not project _et: its keys page after\n"
                        + "   * page, then each item got from the table and formatted by its entity when it is one of names. */\n");
        out.append(
                "  async function readHydrated(names: string[], request: any, query: boolean) {\n");
        out.append("    const found: Record<string, unknown>[] = [];\n");
        out.append("    let start: Record<string, unknown> | undefined;\n    do {\n");
        out.append("      const page = query\n");
        out.append(
                "        ? await documentClient.send(new DocumentQuery({ ...request, ExclusiveStartKey: start }))\n");
        out.append(
                "        : await documentClient.send(new DocumentScan({ ...request, ExclusiveStartKey: start }));\n");
        out.append("      for (const keys of page.Items ?? []) {\n");
        out.append("        const key: Record<string, unknown> = {};\n");
        out.append(
                "        for (const field of [table.partitionKey.name, table.sortKey?.name]) {\n");
        out.append(
                "          if (field !== undefined) {\n            key[field] = keys[field];\n          }\n        }\n");
        out.append(
                "        const { Item: item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: key }));\n");
        out.append("        const name = item?.[table.entityAttributeSavedAs];\n");
        out.append(
                "        if (item !== undefined && typeof name === 'string' && names.includes(name)) {\n");
        out.append("          const entity = (entities as Record<string, any>)[name];\n");
        out.append(
                "          found.push(entity.build(EntityFormatter).format(item));\n        }\n      }\n");
        out.append("      start = page.LastEvaluatedKey;\n    } while (start !== undefined);\n");
        out.append("    return found;\n  }\n\n");
    }
}
