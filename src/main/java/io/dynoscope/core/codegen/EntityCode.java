package io.dynoscope.core.codegen;

import io.dynoscope.core.drift.DenormalizationRule;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What the TypeScript entity formats (ElectroDB, dynamodb-toolbox) read alike from a model: an
 * entity's key templates per index, the key parts a caller supplies with their types, a pattern's
 * shard fan-out, and what neither library can hold.
 */
final class EntityCode {

    private EntityCode() {}

    /** The entity's templates by index, the table's first (under null), in the model's order. */
    static Map<String, KeyTemplates> templates(TableModel model, Entity entity) {
        Map<String, KeyTemplates> templates = new LinkedHashMap<>();
        templates.put(null, entity.keys());
        for (SecondaryIndex index : model.indexes()) {
            KeyTemplates keys = entity.indexKeys().get(index.name());
            if (keys != null) {
                templates.put(index.name(), keys);
            }
        }
        return templates;
    }

    /** The names a template uses: its variables and its ranges' names, in order. */
    static Set<String> parts(KeyTemplate template) {
        Set<String> parts = new LinkedHashSet<>(template.variables());
        parts.addAll(template.ranges().keySet());
        return parts;
    }

    static Set<String> parts(KeyTemplates keys) {
        Set<String> parts = new LinkedHashSet<>(parts(keys.partitionKey()));
        keys.sortKey().ifPresent(sk -> parts.addAll(parts(sk)));
        return parts;
    }

    /**
     * Every key part of the entity with its TypeScript type: an attribute's own type when the part
     * is one of its attributes, else {@code string} (a shard number is text: {@code 01}).
     */
    static Map<String, String> keyParts(TableModel model, Entity entity) {
        Map<String, String> parts = new LinkedHashMap<>();
        for (KeyTemplates keys : templates(model, entity).values()) {
            for (String part : parts(keys)) {
                parts.putIfAbsent(
                        part, attribute(entity, part).map(a -> tsType(a.type())).orElse("string"));
            }
        }
        return parts;
    }

    static Optional<AttributeModel> attribute(Entity entity, String name) {
        return entity.attributes().stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /** The TypeScript type of an attribute's values. */
    static String tsType(AttributeValue.Type type) {
        return switch (type) {
            case S -> "string";
            case N -> "number";
            case BOOL -> "boolean";
            case SS -> "string[]";
            case NS -> "number[]";
            default -> "unknown";
        };
    }

    /** Whether the template is the attribute itself: {@code {postedAt}} in the field postedAt. */
    static boolean isAttributeItself(KeyTemplate template, String field) {
        return template.text().equals("{" + field + "}");
    }

    /** A TypeScript object type of the named parameters: {@code { workspaceId: string }}. */
    static String parameterType(Set<String> names, Map<String, String> types) {
        if (names.isEmpty()) {
            return "Record<string, never>";
        }
        return names.stream()
                .map(n -> n + ": " + types.getOrDefault(n, "string"))
                .collect(Collectors.joining("; ", "{ ", " }"));
    }

    /** The types of a pattern's parameters, from the entities it returns. */
    static Map<String, String> parameterTypes(TableModel model, AccessPattern pattern) {
        Map<String, String> types = new LinkedHashMap<>();
        for (String name : pattern.entities()) {
            model.entity(name).ifPresent(e -> keyParts(model, e).forEach(types::putIfAbsent));
        }
        return types;
    }

    /**
     * Each combination of the partition key's shard numbers, as a TypeScript array of objects
     * ({@code [{ shard: '01' }, ...]}), or null when the key does not fan out.
     */
    static String shardList(KeyTemplate partitionKey) {
        if (partitionKey == null || !partitionKey.hasRange()) {
            return null;
        }
        List<Map<String, String>> combinations = List.of(Map.of());
        for (Map.Entry<String, List<String>> range : partitionKey.ranges().entrySet()) {
            List<Map<String, String>> longer = new ArrayList<>();
            for (Map<String, String> combination : combinations) {
                for (String value : range.getValue()) {
                    Map<String, String> next = new LinkedHashMap<>(combination);
                    next.put(range.getKey(), value);
                    longer.add(next);
                }
            }
            combinations = longer;
        }
        return combinations.stream()
                .map(
                        c ->
                                c.entrySet().stream()
                                        .map(e -> e.getKey() + ": " + Names.quoted(e.getValue()))
                                        .collect(Collectors.joining(", ", "{ ", " }")))
                .collect(Collectors.joining(", ", "[", "]"));
    }

    /**
     * What neither entity library holds of the model: a sharded key's fan-out (the shard is a plain
     * key part the caller picks on a write; the generated query asks every shard), a copied
     * attribute (kept in step by Dynoscope's drift rules, not by the entities), a pattern's filter
     * and a count-only pattern.
     */
    static void notExpressed(TableModel model, String library, List<String> lost) {
        for (Entity entity : model.entities()) {
            for (KeyTemplates keys : templates(model, entity).values()) {
                if (keys.partitionKey().hasRange()) {
                    lost.add(
                            model.table()
                                    + "."
                                    + entity.name()
                                    + ": "
                                    + library
                                    + " has no sharded key; the shard ("
                                    + String.join(", ", keys.partitionKey().ranges().keySet())
                                    + ") is a key part each write names, and each generated query"
                                    + " of the entity asks every shard in turn");
                    break;
                }
            }
        }
        Set<String> stored = new LinkedHashSet<>();
        for (Entity entity : model.entities()) {
            keyParts(model, entity).keySet().stream()
                    .filter(part -> attribute(entity, part).isEmpty())
                    .forEach(stored::add);
        }
        if (!stored.isEmpty()) {
            lost.add(
                    model.table()
                            + ": "
                            + library
                            + " keeps each key part as an attribute of its own beside the keys ("
                            + String.join(", ", stored)
                            + "), which the model's items do not hold");
        }
        for (DenormalizationRule copy : model.copies()) {
            lost.add(
                    model.table()
                            + ": the copy '"
                            + copy.name()
                            + "' ("
                            + copy.copies().attribute()
                            + ") is computed from its source, which "
                            + library
                            + " does not keep in step: write it yourself or let Dynoscope's"
                            + " drift rules propagate it");
        }
        for (AccessPattern pattern : model.accessPatterns()) {
            if (pattern.filter() != null) {
                lost.add(
                        model.table()
                                + ".'"
                                + pattern.name()
                                + "': its filter "
                                + pattern.filter()
                                + " is not generated (apply it to the items returned)");
            }
            if (pattern.count()) {
                lost.add(
                        model.table()
                                + ".'"
                                + pattern.name()
                                + "': asks only how many; the query returns the items");
            }
        }
    }

    /** The start of a generated TypeScript file: where it came from and what it leaves out. */
    static void header(StringBuilder out, TableModel model, String library, List<String> lost) {
        out.append("// Generated by Dynoscope from the model of the table ")
                .append(line(Names.quoted(model.table())))
                .append(" for ")
                .append(library)
                .append(".\n");
        for (String line : lost) {
            out.append("// Not expressed: ").append(line(line)).append('\n');
        }
    }

    /** Text on one line of a {@code //} comment. */
    static String line(String text) {
        return text.replaceAll("[\\r\\n\\u2028\\u2029]+", " ");
    }

    /** Text inside a {@code /** *\/} comment. */
    static String doc(String text) {
        return line(text).replace("*/", "* /");
    }

    /** A pattern's function name, unique in its file. */
    static String functionName(AccessPattern pattern, Set<String> taken) {
        String name = Names.camel(pattern.name());
        String unique = name;
        for (int n = 2; !taken.add(unique); n++) {
            unique = name + n;
        }
        return unique;
    }

    /**
     * A file per table: the header (where it came from, what it leaves out: the library's general
     * limits, then what {@code body} adds while writing the table's code), then the code.
     *
     * @param fileName the file of a table's name
     * @param body the code of a table, adding to the list what it cannot express
     */
    static GeneratedCode files(
            ModelDocument document,
            String library,
            String version,
            Function<String, String> fileName,
            BiFunction<TableModel, List<String>, String> body) {
        List<GeneratedCode.File> files = new ArrayList<>();
        List<String> lost = new ArrayList<>();
        for (TableDesign design : document.tables()) {
            TableModel model = design.model();
            List<String> tableLost = new ArrayList<>();
            notExpressed(model, library, tableLost);
            String code = body.apply(model, tableLost);
            StringBuilder out = new StringBuilder();
            header(out, model, library + " " + version, tableLost);
            files.add(
                    new GeneratedCode.File(
                            fileName.apply(model.table()), out.append(code).toString()));
            lost.addAll(tableLost);
        }
        return new GeneratedCode(files, lost);
    }

    /**
     * One pattern's function: its comment and parameters, then its answer: {@code whole} (of the
     * parameters' object) returned as it is when not null and the key does not fan out (a GetItem),
     * else {@code read} once or once per shard (of the object with the shard), the items cut to the
     * pattern's limit when {@code cut}, and the first of them for a GetItem.
     */
    static void patternFunction(
            StringBuilder out,
            TableModel model,
            AccessPattern pattern,
            String function,
            Function<String, String> whole,
            Function<String, String> read,
            boolean cut) {
        String shards = shardList(pattern.partitionKey());
        out.append("    /** ")
                .append(doc(pattern.name() + ": " + describe(model, pattern)))
                .append(". */\n");
        out.append("    async ")
                .append(function)
                .append("(p: ")
                .append(parameterType(pattern.parameters(), parameterTypes(model, pattern)))
                .append(") {\n");
        String direct = shards == null ? whole.apply("p") : null;
        if (direct != null) {
            out.append("      return ").append(direct).append(";\n    },\n");
            return;
        }
        if (shards == null) {
            out.append("      const found = ").append(read.apply("p")).append(";\n");
        } else {
            out.append("      const found = [];\n");
            out.append("      for (const shard of ").append(shards).append(") {\n");
            out.append("        const q = { ...p, ...shard };\n");
            out.append("        found.push(...(").append(read.apply("q")).append("));\n      }\n");
        }
        String answer =
                pattern.operation() == AccessPattern.Operation.GET_ITEM
                        ? "found.length === 0 ? null : found[0]"
                        : cut && pattern.limit() > 0
                                ? "found.slice(0, " + pattern.limit() + ")"
                                : "found";
        out.append("      return ").append(answer).append(";\n    },\n");
    }

    /**
     * The request a pattern is served by, in words: {@code Query GSI1 GSI1PK = STATUS#{status}}.
     */
    static String describe(TableModel model, AccessPattern pattern) {
        StringBuilder out = new StringBuilder();
        out.append(
                switch (pattern.operation()) {
                    case GET_ITEM -> "GetItem";
                    case QUERY -> "Query";
                    case SCAN -> "Scan";
                });
        if (pattern.index() != null) {
            out.append(' ').append(pattern.index());
        }
        if (pattern.partitionKey() != null) {
            var keys = model.keysOf(pattern.index());
            out.append(' ')
                    .append(keys.partitionKey())
                    .append(" = ")
                    .append(pattern.partitionKey().text());
            pattern.sortKey()
                    .ifPresent(
                            sk -> {
                                String field = keys.sortKey().orElse("?");
                                out.append(", ");
                                switch (sk.operator()) {
                                    case BEGINS_WITH ->
                                            out.append("begins_with(")
                                                    .append(field)
                                                    .append(", ")
                                                    .append(sk.value().text())
                                                    .append(')');
                                    case BETWEEN ->
                                            out.append(field)
                                                    .append(" BETWEEN ")
                                                    .append(sk.value().text())
                                                    .append(" AND ")
                                                    .append(sk.upper().text());
                                    default ->
                                            out.append(field)
                                                    .append(' ')
                                                    .append(sk.operator())
                                                    .append(' ')
                                                    .append(sk.value().text());
                                }
                            });
        }
        if (pattern.newestFirst()) {
            out.append(", newest first");
        }
        if (pattern.limit() > 0) {
            out.append(", at most ").append(pattern.limit());
        }
        return out.toString();
    }
}
