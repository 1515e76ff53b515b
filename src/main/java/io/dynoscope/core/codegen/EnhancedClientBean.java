package io.dynoscope.core.codegen;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.KeyType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One entity as an Enhanced Client {@code @DynamoDbBean}: a property per attribute, the table's and
 * its indexes' key attributes with their key annotations, the key templates' parameters as ignored
 * properties, {@code fillKeys()} writing every key from its template, and {@code matches} telling
 * an item of this entity by its table key.
 */
final class EnhancedClientBean {

    private EnhancedClientBean() {}

    /** A Java property: its attribute name, type, and whether it is kept out of the item. */
    private record Property(String attribute, String field, String type, String annotations) {}

    static String write(String pkg, TableModel model, Entity entity, List<String> lost) {
        String name = Names.pascal(entity.name());
        Map<String, Property> properties = new LinkedHashMap<>();
        Set<String> attributeNames = new LinkedHashSet<>();
        for (AttributeModel attribute : entity.attributes()) {
            String type = javaType(attribute.type());
            if (type == null) {
                lost.add(
                        entity.name()
                                + "."
                                + attribute.name()
                                + ": a "
                                + attribute.type()
                                + " attribute has no bean property (read it from the raw item)");
                continue;
            }
            attributeNames.add(attribute.name());
            properties.put(
                    attribute.name(),
                    new Property(
                            attribute.name(),
                            field(attribute.name()),
                            type,
                            "    @DynamoDbAttribute(" + Names.quoted(attribute.name()) + ")\n"));
        }
        Map<String, KeyTemplates> keys = new LinkedHashMap<>();
        keys.put(null, entity.keys());
        entity.indexKeys().forEach(keys::put);
        Map<String, StringBuilder> keyAnnotations = new LinkedHashMap<>();
        Map<String, KeyTemplate> keyTemplates = new LinkedHashMap<>();
        Set<String> variables = new LinkedHashSet<>();
        for (Map.Entry<String, KeyTemplates> e : keys.entrySet()) {
            String index = e.getKey();
            var schema = model.keysOf(index);
            annotate(
                    keyAnnotations,
                    keyTemplates,
                    schema.partitionKey(),
                    e.getValue().partitionKey(),
                    index,
                    true);
            if (schema.sortKey().isPresent() && e.getValue().sortKey().isPresent()) {
                annotate(
                        keyAnnotations,
                        keyTemplates,
                        schema.sortKey().get(),
                        e.getValue().sortKey().get(),
                        index,
                        false);
            }
            variables.addAll(e.getValue().partitionKey().variables());
            variables.addAll(e.getValue().partitionKey().ranges().keySet());
            e.getValue()
                    .sortKey()
                    .ifPresent(
                            sk -> {
                                variables.addAll(sk.variables());
                                variables.addAll(sk.ranges().keySet());
                            });
        }
        for (Map.Entry<String, StringBuilder> e : keyAnnotations.entrySet()) {
            String type = model.keyType(e.getKey()) == KeyType.N ? "BigDecimal" : "String";
            Property attribute = properties.get(e.getKey());
            if (attribute != null) {
                // an attribute that is also an index key (an LSI on createdAt) keeps its property
                properties.put(
                        e.getKey(),
                        new Property(
                                e.getKey(),
                                attribute.field(),
                                attribute.type(),
                                e.getValue() + attribute.annotations()));
                continue;
            }
            properties.put(
                    e.getKey(),
                    new Property(
                            e.getKey(),
                            "key" + Names.pascal(e.getKey()),
                            type,
                            e.getValue()
                                    + "    @DynamoDbAttribute("
                                    + Names.quoted(e.getKey())
                                    + ")\n"));
        }
        for (String variable : variables) {
            if (!attributeNames.contains(variable) && !properties.containsKey(variable)) {
                properties.put(
                        "\0" + variable,
                        new Property(variable, field(variable), "String", "    @DynamoDbIgnore\n"));
            }
        }

        StringBuilder out = new StringBuilder();
        out.append("package ").append(pkg).append(";\n\n");
        out.append("import java.lang.invoke.MethodHandles;\nimport java.math.BigDecimal;\n");
        out.append("import java.util.Map;\nimport java.util.Set;\n");
        out.append("import java.util.regex.Pattern;\n");
        out.append("import software.amazon.awssdk.enhanced.dynamodb.TableSchema;\n");
        out.append(
                "import software.amazon.awssdk.enhanced.dynamodb.mapper.BeanTableSchemaParams;\n");
        out.append("import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.*;\n");
        out.append("import software.amazon.awssdk.services.dynamodb.model.AttributeValue;\n\n");
        out.append("/**\n * The entity ")
                .append(Names.quoted(entity.name()))
                .append(" of the table ")
                .append(Names.quoted(model.table()))
                .append(": ")
                .append(comment(describe(model, entity)))
                .append(".\n * Generated by Dynoscope from the model.\n */\n");
        out.append("@DynamoDbBean\npublic class ").append(name).append(" {\n");
        out.append(
                "    /** The bean's schema, made with this class's own lookup so any class loader will do. */\n");
        out.append("    public static final TableSchema<")
                .append(name)
                .append(
                        "> SCHEMA =\n            TableSchema.fromBean(BeanTableSchemaParams.builder(")
                .append(name)
                .append(".class).lookup(MethodHandles.lookup()).build());\n");
        out.append("    private static final Pattern PARTITION_KEY = Pattern.compile(")
                .append(Names.quoted(regex(entity.keys().partitionKey())))
                .append(");\n");
        out.append("    private static final Pattern SORT_KEY = ")
                .append(
                        entity.keys().sortKey().isPresent()
                                ? "Pattern.compile("
                                        + Names.quoted(regex(entity.keys().sortKey().get()))
                                        + ")"
                                : "null")
                .append(";\n\n");
        for (Property p : properties.values()) {
            out.append("    private ").append(p.type()).append(' ').append(p.field()).append(";\n");
        }
        for (Property p : properties.values()) {
            String accessor = Names.pascal(p.field());
            out.append('\n').append(p.annotations());
            out.append("    public ")
                    .append(p.type())
                    .append(" get")
                    .append(accessor)
                    .append("() {\n");
            out.append("        return ").append(p.field()).append(";\n    }\n\n");
            out.append("    public void set")
                    .append(accessor)
                    .append("(")
                    .append(p.type())
                    .append(" value) {\n");
            out.append("        this.").append(p.field()).append(" = value;\n    }\n");
        }
        out.append(
                "\n    /** Writes every key attribute from its template (an index key stays empty while a part of it is). */\n");
        out.append("    public void fillKeys() {\n");
        for (Map.Entry<String, KeyTemplate> e : keyTemplates.entrySet()) {
            Property key = properties.get(e.getKey());
            if (e.getValue().text().equals("{" + e.getKey() + "}")) {
                continue; // the key is the attribute itself
            }
            List<String> parts = new ArrayList<>();
            for (String v : e.getValue().variables()) {
                parts.add(field(v) + " != null");
            }
            for (String v : e.getValue().ranges().keySet()) {
                parts.add(field(v) + " != null");
            }
            String value = concatenation(e.getValue());
            if (key.type().equals("BigDecimal")) {
                value = "new BigDecimal(" + value + ")";
            }
            out.append("        ")
                    .append(key.field())
                    .append(" = ")
                    .append(parts.isEmpty() ? "" : String.join(" && ", parts) + " ? ")
                    .append(value)
                    .append(parts.isEmpty() ? "" : " : null")
                    .append(";\n");
        }
        out.append("    }\n\n");
        out.append(
                "    /** Whether a raw item is of this entity: its table key matches the templates. */\n");
        out.append("    public static boolean matches(Map<String, AttributeValue> item) {\n");
        out.append("        AttributeValue pk = item.get(")
                .append(Names.quoted(model.keys().partitionKey()))
                .append(");\n");
        out.append(
                "        if (pk == null || !PARTITION_KEY.matcher(text(pk)).matches()) {\n            return false;\n        }\n");
        if (model.keys().sortKey().isPresent()) {
            out.append("        AttributeValue sk = item.get(")
                    .append(Names.quoted(model.keys().sortKey().get()))
                    .append(");\n");
            out.append(
                    "        return SORT_KEY == null || (sk != null && SORT_KEY.matcher(text(sk)).matches());\n");
        } else {
            out.append("        return true;\n");
        }
        out.append("    }\n\n");
        out.append("    private static String text(AttributeValue value) {\n");
        out.append(
                "        return value.s() != null ? value.s() : value.n() != null ? value.n() : \"\";\n    }\n");
        out.append("}\n");
        return out.toString();
    }

    private static void annotate(
            Map<String, StringBuilder> annotations,
            Map<String, KeyTemplate> templates,
            String attribute,
            KeyTemplate template,
            String index,
            boolean partition) {
        StringBuilder a = annotations.computeIfAbsent(attribute, k -> new StringBuilder());
        templates.putIfAbsent(attribute, template);
        if (index == null) {
            a.append(partition ? "    @DynamoDbPartitionKey\n" : "    @DynamoDbSortKey\n");
        } else {
            a.append("    @DynamoDbSecondary")
                    .append(partition ? "PartitionKey" : "SortKey")
                    .append("(indexNames = ")
                    .append(Names.quoted(index))
                    .append(")\n");
        }
    }

    /** The Java expression of a template over the bean's fields. */
    static String concatenation(KeyTemplate template) {
        String joined =
                template.rewrite(text -> " + " + Names.quoted(text), name -> " + " + field(name))
                        .substring(3);
        return joined.startsWith("\"") ? joined : "\"\" + " + joined;
    }

    static String regex(KeyTemplate template) {
        return template.rewrite(Pattern::quote, name -> "[^#]+");
    }

    /** A field name: the attribute's in camel case, with a trailing _ for a Java keyword. */
    static String field(String attribute) {
        String camel = Names.camel(attribute);
        return JAVA_KEYWORDS.contains(camel) ? camel + "_" : camel;
    }

    private static final Set<String> JAVA_KEYWORDS =
            Set.of(
                    "abstract",
                    "boolean",
                    "byte",
                    "case",
                    "catch",
                    "char",
                    "class",
                    "default",
                    "do",
                    "double",
                    "else",
                    "enum",
                    "final",
                    "float",
                    "for",
                    "if",
                    "import",
                    "int",
                    "interface",
                    "long",
                    "new",
                    "package",
                    "private",
                    "public",
                    "return",
                    "short",
                    "static",
                    "switch",
                    "this",
                    "throw",
                    "try",
                    "void",
                    "while");

    private static String javaType(AttributeValue.Type type) {
        return switch (type) {
            case S -> "String";
            case N -> "BigDecimal";
            case BOOL -> "Boolean";
            case SS -> "Set<String>";
            case NS -> "Set<BigDecimal>";
            default -> null;
        };
    }

    private static String describe(TableModel model, Entity entity) {
        StringBuilder out = new StringBuilder();
        out.append(model.keys().partitionKey()).append(" = ").append(entity.keys().partitionKey());
        entity.keys()
                .sortKey()
                .ifPresent(
                        sk ->
                                out.append(", ")
                                        .append(model.keys().sortKey().orElse(""))
                                        .append(" = ")
                                        .append(sk));
        for (Map.Entry<String, KeyTemplates> e : entity.indexKeys().entrySet()) {
            out.append("; in ").append(e.getKey()).append(": ").append(e.getValue().partitionKey());
            e.getValue().sortKey().ifPresent(sk -> out.append(" / ").append(sk));
        }
        return out.toString();
    }

    /** Text that cannot end a Javadoc comment. */
    static String comment(String text) {
        return text.replace("*/", "*&#47;").replace("\\u", "\\\\u");
    }
}
