package io.dynoscope.core.expression;

import io.dynoscope.core.expression.Condition.Comparator;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.TableKeys;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Checks expressions and their placeholder maps for what DynamoDB would reject, before anything is
 * sent, and reports every problem found with its column.
 *
 * <p>Rules, from the DynamoDB developer guide and checked against dynalite (which reproduces the
 * service's checks) by the engine-agreement corpus test:
 *
 * <ul>
 *   <li>grammar (any {@link ExpressionSyntaxException}, including function arity);
 *   <li>reserved words used bare, and bare names that do not start with a letter or {@code _}: both
 *       need a {@code #name} placeholder;
 *   <li>placeholders missing from the maps, map entries no expression uses, placeholders over 255
 *       bytes;
 *   <li>expressions over 4 KB (4096 bytes of UTF-8), more than 300 operators, IN over 100 operands;
 *       operators counted are comparators, BETWEEN, IN, AND, OR, NOT, {@code +}, {@code -} and
 *       every function call;
 *   <li>attribute_type codes, begins_with operands that are not strings or binary (a number value
 *       or {@code size()}), size() of a number, boolean or NULL, BETWEEN bounds of different types
 *       or in the wrong order, identical paths on both sides ({@code a = a}, {@code contains(a,
 *       a)});
 *   <li>updates: a clause used twice, two actions on overlapping or conflicting paths, ADD with a
 *       value that is not a number or set, DELETE with a value that is not a set, {@code +}/{@code
 *       -} with non-numbers, list_append with non-lists;
 *   <li>projections: overlapping paths;
 *   <li>key conditions: {@code partitionKey = :v [AND sortKeyCondition]}, the sort key compared
 *       with = &lt; &lt;= &gt; &gt;= BETWEEN or begins_with, each key once, no OR, NOT, IN,
 *       &lt;&gt;, contains, size or attribute_*, key values of type S, N or B and, where the
 *       table's key types are known, of the key attribute's type;
 *   <li>the request: an empty names or values map (DynamoDB refuses one; leave it out), an
 *       expression the call does not take (a filter on a GetItem), a Query filter that names a key
 *       of the table or index it reads, an update that touches a key attribute of the table or
 *       gives an index key attribute a value of the wrong type or an empty one.
 * </ul>
 *
 * <p>{@code NOT NOT a = :a} is accepted: the documented grammar has {@code condition ::= NOT
 * condition}. dynalite rejects it; DynamoDB's grammar is followed here.
 */
public final class ExpressionValidator {

    public static final int MAX_EXPRESSION_BYTES = 4096;
    public static final int MAX_OPERATORS = 300;
    public static final int MAX_IN_OPERANDS = 100;
    public static final int MAX_PLACEHOLDER_BYTES = 255;

    private static final Set<String> TYPE_CODES =
            Set.of("S", "SS", "N", "NS", "B", "BS", "BOOL", "NULL", "L", "M");
    private static final Set<AttributeValue.Type> KEY_TYPES =
            EnumSet.of(AttributeValue.Type.S, AttributeValue.Type.N, AttributeValue.Type.B);
    private static final Set<AttributeValue.Type> SETS =
            EnumSet.of(AttributeValue.Type.SS, AttributeValue.Type.NS, AttributeValue.Type.BS);

    private ExpressionValidator() {}

    /**
     * Validates one expression with the maps that go with it in the request; {@code keys} are those
     * of the table read. Empty maps count as left out.
     */
    public static Verdict validate(
            ExpressionKind kind,
            String text,
            Map<String, String> names,
            Map<String, AttributeValue> values,
            Optional<KeySchema> keys) {
        return validate(Map.of(kind, text), names, values, keys);
    }

    /**
     * Validates the expressions of one request (e.g. a Query's key condition, filter and
     * projection) against the maps they share; an entry is unused only if no expression uses it.
     * {@code keys} are those of the table read; empty maps count as left out.
     */
    public static Verdict validate(
            Map<ExpressionKind, String> expressions,
            Map<String, String> names,
            Map<String, AttributeValue> values,
            Optional<KeySchema> keys) {
        return validate(
                expressions,
                names.isEmpty() ? null : names,
                values.isEmpty() ? null : values,
                keys.map(RequestContext::keys).orElseGet(RequestContext::none));
    }

    /**
     * Validates the expressions of one request in its context (the call, the table's keys and the
     * index read).
     *
     * @param givenNames the request's ExpressionAttributeNames, or null when it has none (an empty
     *     map is a map sent empty, which DynamoDB refuses)
     * @param givenValues the request's ExpressionAttributeValues, or null when it has none
     */
    public static Verdict validate(
            Map<ExpressionKind, String> expressions,
            Map<String, String> givenNames,
            Map<String, AttributeValue> givenValues,
            RequestContext context) {
        List<ExpressionProblem> problems = new ArrayList<>();
        emptyMap("ExpressionAttributeNames", givenNames, problems);
        emptyMap("ExpressionAttributeValues", givenValues, problems);
        Map<String, String> names = givenNames == null ? Map.of() : givenNames;
        Map<String, AttributeValue> values = givenValues == null ? Map.of() : givenValues;
        mapKeys(names, values, problems);
        Map<ExpressionKind, Expression> parsed = new EnumMap<>(ExpressionKind.class);
        Set<String> usedNames = new LinkedHashSet<>();
        Set<String> usedValues = new LinkedHashSet<>();
        boolean allParsed = true;
        for (Map.Entry<ExpressionKind, String> entry : new TreeMap<>(expressions).entrySet()) {
            ExpressionKind kind = entry.getKey();
            String text = entry.getValue();
            int bytes = text.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > MAX_EXPRESSION_BYTES) {
                problems.add(
                        ExpressionProblem.at(
                                kind,
                                ExpressionProblem.NO_COLUMN,
                                "the expression is "
                                        + bytes
                                        + " bytes; DynamoDB allows at most "
                                        + MAX_EXPRESSION_BYTES
                                        + " (4 KB)"));
            }
            Expression expression;
            try {
                expression = ExpressionParser.parse(kind, text);
            } catch (ExpressionSyntaxException e) {
                problems.add(ExpressionProblem.at(kind, e.column(), e.reason()));
                allParsed = false;
                continue;
            }
            parsed.put(kind, expression);
            context.operation()
                    .filter(operation -> !operation.accepts(kind))
                    .ifPresent(
                            operation ->
                                    problems.add(
                                            ExpressionProblem.at(
                                                    kind,
                                                    ExpressionProblem.NO_COLUMN,
                                                    operation.apiName()
                                                            + " takes no "
                                                            + kind.parameterName())));
            Check check = new Check(kind, names, values, context);
            check.expression(expression);
            problems.addAll(check.sortedProblems());
            usedNames.addAll(check.usedNames);
            usedValues.addAll(check.usedValues);
        }
        // Unused entries can only be judged when every expression could be read.
        if (allParsed) {
            for (String name : names.keySet()) {
                if (!usedNames.contains(name)) {
                    problems.add(
                            ExpressionProblem.inMaps(
                                    "ExpressionAttributeNames has "
                                            + name
                                            + ", which no expression uses; DynamoDB rejects unused entries"));
                }
            }
            for (String value : values.keySet()) {
                if (!usedValues.contains(value)) {
                    problems.add(
                            ExpressionProblem.inMaps(
                                    "ExpressionAttributeValues has "
                                            + value
                                            + ", which no expression uses; DynamoDB rejects unused entries"));
                }
            }
        }
        return new Verdict(parsed, problems);
    }

    private static void emptyMap(String map, Map<?, ?> given, List<ExpressionProblem> problems) {
        if (given != null && given.isEmpty()) {
            problems.add(
                    ExpressionProblem.inMaps(
                            map + " is empty; DynamoDB refuses an empty map: leave it out"));
        }
    }

    /** Map entries DynamoDB refuses whatever the expressions say. */
    private static void mapKeys(
            Map<String, String> names,
            Map<String, AttributeValue> values,
            List<ExpressionProblem> problems) {
        names.forEach(
                (key, name) -> {
                    if (!isPlaceholder(key, '#')) {
                        problems.add(
                                ExpressionProblem.inMaps(
                                        "ExpressionAttributeNames key '"
                                                + key
                                                + "' is not a placeholder: write # then letters, digits or _"));
                    }
                    if (name.isEmpty()) {
                        problems.add(
                                ExpressionProblem.inMaps(
                                        key + " stands for an empty attribute name"));
                    }
                });
        values.keySet()
                .forEach(
                        key -> {
                            if (!isPlaceholder(key, ':')) {
                                problems.add(
                                        ExpressionProblem.inMaps(
                                                "ExpressionAttributeValues key '"
                                                        + key
                                                        + "' is not a placeholder: write : then letters, digits or _"));
                            }
                        });
    }

    private static boolean isPlaceholder(String key, char sigil) {
        return key.length() > 1
                && key.charAt(0) == sigil
                && key.substring(1).chars().allMatch(c -> Lexer.isNameChar((char) c));
    }

    /** The checks for one parsed expression. */
    private static final class Check {
        private final ExpressionKind kind;
        private final Map<String, String> names;
        private final Map<String, AttributeValue> values;
        private final RequestContext context;
        private final Optional<KeySchema> keys;
        private final List<ExpressionProblem> problems = new ArrayList<>();
        private final Set<String> usedNames = new LinkedHashSet<>();
        private final Set<String> usedValues = new LinkedHashSet<>();
        private int operators;

        Check(
                ExpressionKind kind,
                Map<String, String> names,
                Map<String, AttributeValue> values,
                RequestContext context) {
            this.kind = kind;
            this.names = names;
            this.values = values;
            this.context = context;
            this.keys = context.keysRead();
        }

        List<ExpressionProblem> sortedProblems() {
            List<ExpressionProblem> sorted = new ArrayList<>(problems);
            sorted.sort(java.util.Comparator.comparingInt(ExpressionProblem::column));
            return sorted;
        }

        void expression(Expression expression) {
            if (expression instanceof Expression.ConditionExpression c) {
                condition(c.condition());
                if (kind == ExpressionKind.KEY_CONDITION) {
                    keyCondition(c.condition());
                }
            } else if (expression instanceof Expression.ProjectionExpression p) {
                List<DocumentPath> seen = new ArrayList<>();
                for (DocumentPath path : p.paths()) {
                    path(path);
                    overlap(seen, path);
                    seen.add(path);
                }
            } else {
                update((Expression.UpdateExpression) expression);
            }
            if (operators > MAX_OPERATORS) {
                report(
                        ExpressionProblem.NO_COLUMN,
                        "the expression has "
                                + operators
                                + " operators and functions; DynamoDB allows at most "
                                + MAX_OPERATORS);
            }
        }

        // ---- conditions --------------------------------------------------------------------

        private void condition(Condition c) {
            operators++;
            if (c instanceof Condition.And and) {
                condition(and.left());
                condition(and.right());
            } else if (c instanceof Condition.Or or) {
                condition(or.left());
                condition(or.right());
            } else if (c instanceof Condition.Not not) {
                condition(not.operand());
            } else if (c instanceof Condition.Comparison cmp) {
                operand(cmp.left());
                operand(cmp.right());
                distinct(cmp.comparator().symbol(), cmp.left(), cmp.right(), cmp.column());
            } else if (c instanceof Condition.Between b) {
                operand(b.subject());
                operand(b.lower());
                operand(b.upper());
                bounds(b);
            } else if (c instanceof Condition.In in) {
                operand(in.subject());
                in.candidates().forEach(this::operand);
                if (in.candidates().size() > MAX_IN_OPERANDS) {
                    report(
                            in.column(),
                            "IN has "
                                    + in.candidates().size()
                                    + " operands; DynamoDB allows at most "
                                    + MAX_IN_OPERANDS);
                }
            } else if (c instanceof Condition.FunctionCall f) {
                operand(f.subject());
                f.argument().ifPresent(this::operand);
                function(f);
            }
        }

        private void function(Condition.FunctionCall f) {
            String name = f.function().functionName();
            switch (f.function()) {
                case ATTRIBUTE_TYPE -> {
                    Operand.ValueRef ref = (Operand.ValueRef) f.argument().orElseThrow();
                    AttributeValue code = values.get(ref.name());
                    if (code == null) {
                        return;
                    }
                    if (!(code instanceof AttributeValue.Str s)) {
                        report(
                                ref.column(),
                                "attribute_type needs a string type code, but "
                                        + ref.name()
                                        + " holds "
                                        + code.type());
                    } else if (!TYPE_CODES.contains(s.value())) {
                        report(
                                ref.column(),
                                "'"
                                        + s.value()
                                        + "' in "
                                        + ref.name()
                                        + " is not a DynamoDB type; use one of S, SS, N, NS, B, BS, BOOL, NULL, L, M");
                    }
                }
                case BEGINS_WITH -> {
                    Operand argument = f.argument().orElseThrow();
                    stringOrBinary(f.subject(), "begins_with");
                    stringOrBinary(argument, "begins_with");
                    distinct(name, f.subject(), argument, f.column());
                }
                case CONTAINS ->
                        distinct(name, f.subject(), f.argument().orElseThrow(), f.column());
                default -> {}
            }
        }

        private void stringOrBinary(Operand operand, String what) {
            if (operand instanceof Operand.Size size) {
                report(
                        size.column(),
                        what + " compares strings or binary, but size(...) is a number");
            } else if (operand instanceof Operand.ValueRef ref) {
                AttributeValue v = values.get(ref.name());
                if (v != null
                        && v.type() != AttributeValue.Type.S
                        && v.type() != AttributeValue.Type.B) {
                    report(
                            ref.column(),
                            what
                                    + " compares with a string or binary, but "
                                    + ref.name()
                                    + " holds "
                                    + v.type());
                }
            }
        }

        private void distinct(String operator, Operand left, Operand right, int column) {
            if (left instanceof DocumentPath a
                    && right instanceof DocumentPath b
                    && resolve(a).equals(resolve(b))) {
                report(
                        column,
                        operator + " needs two different operands, but both are " + a.text());
            }
        }

        private void bounds(Condition.Between b) {
            if (!(b.lower() instanceof Operand.ValueRef lo)
                    || !(b.upper() instanceof Operand.ValueRef hi)) {
                return;
            }
            AttributeValue lower = values.get(lo.name());
            AttributeValue upper = values.get(hi.name());
            if (lower == null || upper == null) {
                return;
            }
            if (lower.type() != upper.type()) {
                report(
                        lo.column(),
                        "BETWEEN bounds must have the same type, but "
                                + lo.name()
                                + " holds "
                                + lower.type()
                                + " and "
                                + hi.name()
                                + " holds "
                                + upper.type());
                return;
            }
            Optional<Integer> order = compare(lower, upper);
            if (order.isPresent() && order.get() > 0) {
                report(
                        lo.column(),
                        "BETWEEN lower bound "
                                + lo.name()
                                + " is greater than upper bound "
                                + hi.name());
            }
        }

        // ---- key conditions ----------------------------------------------------------------

        private void keyCondition(Condition root) {
            int problemsBefore = problems.size();
            List<Condition> parts = new ArrayList<>();
            if (!conjuncts(root, parts)) {
                return;
            }
            String partitionKey = keys.map(KeySchema::partitionKey).orElse(null);
            String sortKey = keys.flatMap(KeySchema::sortKey).orElse(null);
            Set<String> used = new LinkedHashSet<>();
            boolean partitionEquality = false;
            for (Condition part : parts) {
                Optional<KeyUse> use = keyUse(part);
                if (use.isEmpty()) {
                    continue;
                }
                KeyUse u = use.get();
                if (!used.add(u.attribute)) {
                    report(
                            part.column(),
                            "the key "
                                    + u.attribute
                                    + " is used more than once; a key condition names "
                                    + "each key once");
                    continue;
                }
                if (partitionKey != null
                        && !u.attribute.equals(partitionKey)
                        && !u.attribute.equals(sortKey)) {
                    report(
                            part.column(),
                            u.attribute
                                    + " is not a key here; key conditions can only use "
                                    + partitionKey
                                    + (sortKey != null ? " and " + sortKey : ""));
                    continue;
                }
                keyType(u);
                // Without a schema, the equality comparison is taken to be the partition key's.
                boolean isPartition =
                        partitionKey != null ? u.attribute.equals(partitionKey) : u.equality;
                if (isPartition && !u.equality) {
                    report(
                            part.column(),
                            "the partition key " + partitionKey + " can only be compared with =");
                } else if (isPartition) {
                    partitionEquality = true;
                }
            }
            if (partitionKey == null && used.size() > 2) {
                report(
                        root.column(),
                        "a key condition names at most two keys: the partition key and the sort key");
            }
            if (!partitionEquality && problems.size() == problemsBefore) {
                String pk = partitionKey != null ? partitionKey : "partitionKey";
                report(
                        root.column(),
                        "a key condition needs the partition key compared with =, e.g. "
                                + pk
                                + " = :v");
            }
        }

        /**
         * Splits the top-level ANDs, reporting OR and NOT; false when the shape is beyond repair.
         */
        private boolean conjuncts(Condition c, List<Condition> out) {
            if (c instanceof Condition.And and) {
                boolean left = conjuncts(and.left(), out);
                boolean right = conjuncts(and.right(), out);
                return left && right;
            }
            if (c instanceof Condition.Or or) {
                report(
                        or.keywordColumn(),
                        "key conditions cannot use OR; run one Query per alternative");
                return false;
            }
            if (c instanceof Condition.Not not) {
                report(not.column(), "key conditions cannot use NOT");
                return false;
            }
            out.add(c);
            return true;
        }

        /** One key a key-condition part compares, and the operands it is compared with. */
        private record KeyUse(String attribute, boolean equality, List<Operand> values) {}

        /** The key a single key-condition part uses, reporting what key conditions do not allow. */
        private Optional<KeyUse> keyUse(Condition part) {
            if (part instanceof Condition.In in) {
                report(in.column(), "key conditions cannot use IN");
                return Optional.empty();
            }
            if (part instanceof Condition.FunctionCall f) {
                if (f.function() != Condition.Function.BEGINS_WITH) {
                    report(
                            f.column(),
                            "key conditions cannot use "
                                    + f.function().functionName()
                                    + "; put it in a filter instead");
                    return Optional.empty();
                }
                keyValue(f.argument().orElseThrow(), "begins_with");
                return keyPath(f.subject())
                        .map(name -> new KeyUse(name, false, List.of(f.argument().get())));
            }
            if (part instanceof Condition.Between b) {
                if (b.subject() instanceof Operand.Size) {
                    report(b.column(), "key conditions cannot use size");
                    return Optional.empty();
                }
                keyValue(b.lower(), "BETWEEN");
                keyValue(b.upper(), "BETWEEN");
                return keyPath(b.subject())
                        .map(name -> new KeyUse(name, false, List.of(b.lower(), b.upper())));
            }
            Condition.Comparison cmp = (Condition.Comparison) part;
            if (cmp.comparator() == Comparator.NE) {
                report(cmp.column(), "key conditions cannot use <>");
                return Optional.empty();
            }
            if (cmp.left() instanceof Operand.Size || cmp.right() instanceof Operand.Size) {
                report(cmp.column(), "key conditions cannot use size");
                return Optional.empty();
            }
            Operand keySide = cmp.left() instanceof Operand.ValueRef ? cmp.right() : cmp.left();
            Operand valueSide = keySide == cmp.left() ? cmp.right() : cmp.left();
            keyValue(valueSide, cmp.comparator().symbol());
            return keyPath(keySide)
                    .map(
                            name ->
                                    new KeyUse(
                                            name,
                                            cmp.comparator() == Comparator.EQ,
                                            List.of(valueSide)));
        }

        private Optional<String> keyPath(Operand operand) {
            if (!(operand instanceof DocumentPath path) || !path.isTopLevel()) {
                report(
                        operand.column(),
                        "a key condition compares a key attribute itself, not "
                                + (operand instanceof DocumentPath p
                                        ? "the nested path " + p.text()
                                        : "this operand"));
                return Optional.empty();
            }
            return Optional.of(resolveMember(path.head()));
        }

        /** A key compared with a value of another type than the table declares for it. */
        private void keyType(KeyUse use) {
            Optional<String> declared = context.table().flatMap(t -> t.typeOf(use.attribute()));
            if (declared.isEmpty()) {
                return;
            }
            for (Operand operand : use.values()) {
                AttributeValue v =
                        operand instanceof Operand.ValueRef ref ? values.get(ref.name()) : null;
                if (v != null
                        && KEY_TYPES.contains(v.type())
                        && !v.type().descriptor().equals(declared.get())) {
                    report(
                            operand.column(),
                            "the key "
                                    + use.attribute()
                                    + " is of type "
                                    + declared.get()
                                    + ", but "
                                    + ((Operand.ValueRef) operand).name()
                                    + " holds "
                                    + v.type());
                }
            }
        }

        private void keyValue(Operand operand, String operator) {
            if (!(operand instanceof Operand.ValueRef ref)) {
                report(
                        operand.column(),
                        "a key is compared with a :value, not with another attribute");
                return;
            }
            AttributeValue v = values.get(ref.name());
            if (v == null) {
                return;
            }
            // begins_with has its own string-or-binary check; the others take any key type.
            if (!operator.equals("begins_with") && !KEY_TYPES.contains(v.type())) {
                report(
                        ref.column(),
                        "key values are strings, numbers or binary, but "
                                + ref.name()
                                + " holds "
                                + v.type());
            } else if (isEmptyKeyValue(v)) {
                report(ref.column(), "key values cannot be empty, but " + ref.name() + " is");
            }
        }

        // ---- updates -----------------------------------------------------------------------

        private void update(Expression.UpdateExpression update) {
            Set<UpdateClause.Keyword> seenClauses = EnumSet.noneOf(UpdateClause.Keyword.class);
            List<DocumentPath> touched = new ArrayList<>();
            for (UpdateClause clause : update.clauses()) {
                if (!seenClauses.add(clause.keyword())) {
                    report(
                            clause.column(),
                            clause.keyword()
                                    + " appears more than once; an update uses each clause once");
                }
                for (UpdateClause.Action action : clause.actions()) {
                    path(action.path());
                    keyAttributeUpdate(clause.keyword(), action);
                    overlap(touched, action.path());
                    touched.add(action.path());
                    if (action instanceof UpdateClause.Set set) {
                        updateValue(set.value());
                    } else if (action instanceof UpdateClause.Add add) {
                        operand(add.value());
                        AttributeValue v = values.get(add.value().name());
                        if (v != null
                                && v.type() != AttributeValue.Type.N
                                && !SETS.contains(v.type())) {
                            report(
                                    add.value().column(),
                                    "ADD needs a number or a set, but "
                                            + add.value().name()
                                            + " holds "
                                            + v.type());
                        }
                    } else if (action instanceof UpdateClause.Delete delete) {
                        operand(delete.value());
                        AttributeValue v = values.get(delete.value().name());
                        if (v != null && !SETS.contains(v.type())) {
                            report(
                                    delete.value().column(),
                                    "DELETE needs a set, but "
                                            + delete.value().name()
                                            + " holds "
                                            + v.type());
                        }
                    }
                }
            }
        }

        /**
         * A table key attribute cannot be updated at all; an index key attribute only to a value of
         * its declared type that is not empty (REMOVE takes the item out of the index, which is
         * allowed).
         */
        private void keyAttributeUpdate(UpdateClause.Keyword keyword, UpdateClause.Action action) {
            if (context.table().isEmpty()) {
                return;
            }
            TableKeys table = context.table().get();
            DocumentPath.Member head = action.path().head();
            String attribute = resolveMember(head);
            if (table.keySchema().isKeyAttribute(attribute)) {
                report(
                        head.column(),
                        attribute
                                + " is part of the table's key, which an update cannot "
                                + keyword
                                + "; put the item under its new key and delete the old one");
                return;
            }
            Optional<String> declared = table.typeOf(attribute);
            Operand value =
                    action instanceof UpdateClause.Set set
                            ? set.value()
                            : action instanceof UpdateClause.Add add ? add.value() : null;
            if (value == null || !action.path().isTopLevel() || declared.isEmpty()) {
                return;
            }
            for (Map.Entry<String, KeySchema> index : table.indexes().entrySet()) {
                if (!index.getValue().isKeyAttribute(attribute)) {
                    continue;
                }
                String what = attribute + " is a key of index " + index.getKey();
                Optional<AttributeValue.Type> type = resultType(value);
                if (type.isPresent() && !type.get().descriptor().equals(declared.get())) {
                    report(
                            value.column(),
                            what
                                    + ", of type "
                                    + declared.get()
                                    + ", but "
                                    + (value instanceof Operand.ValueRef ref
                                            ? ref.name() + " holds "
                                            : "this value is ")
                                    + type.get());
                } else if (isEmptyKeyValue(setValue(value))) {
                    report(value.column(), what + ", which cannot be set to an empty value");
                }
                return;
            }
        }

        private static boolean isEmptyKeyValue(AttributeValue v) {
            return v instanceof AttributeValue.Str str && str.value().isEmpty()
                    || v instanceof AttributeValue.Bin bin && bin.length() == 0;
        }

        /** The type a SET or ADD value has, when the expression and the maps tell. */
        private Optional<AttributeValue.Type> resultType(Operand value) {
            if (value instanceof Operand.Arithmetic) {
                return Optional.of(AttributeValue.Type.N);
            }
            if (value instanceof Operand.ListAppend) {
                return Optional.of(AttributeValue.Type.L);
            }
            return Optional.ofNullable(setValue(value)).map(AttributeValue::type);
        }

        /** The value written when it comes from the values map (directly or as a fallback). */
        private AttributeValue setValue(Operand value) {
            if (value instanceof Operand.ValueRef ref) {
                return values.get(ref.name());
            }
            if (value instanceof Operand.IfNotExists i) {
                return setValue(i.fallback());
            }
            return null;
        }

        /** Checks a SET value and the functions and arithmetic inside it. */
        private void updateValue(Operand value) {
            if (value instanceof Operand.Arithmetic a) {
                operators++;
                updateValue(a.left());
                updateValue(a.right());
                valueType(a.left(), AttributeValue.Type.N, a.symbol(), "numbers");
                valueType(a.right(), AttributeValue.Type.N, a.symbol(), "numbers");
            } else if (value instanceof Operand.ListAppend l) {
                operators++;
                updateValue(l.first());
                updateValue(l.second());
                valueType(l.first(), AttributeValue.Type.L, "list_append", "lists");
                valueType(l.second(), AttributeValue.Type.L, "list_append", "lists");
            } else if (value instanceof Operand.IfNotExists i) {
                operators++;
                path(i.path());
                updateValue(i.fallback());
            } else {
                operand(value);
            }
        }

        private void valueType(
                Operand operand, AttributeValue.Type wanted, String operator, String wantedWords) {
            if (operand instanceof Operand.ValueRef ref) {
                AttributeValue v = values.get(ref.name());
                if (v != null && v.type() != wanted) {
                    report(
                            ref.column(),
                            operator
                                    + " needs "
                                    + wantedWords
                                    + ", but "
                                    + ref.name()
                                    + " holds "
                                    + v.type());
                }
            }
        }

        private void overlap(List<DocumentPath> earlier, DocumentPath path) {
            List<Object> mine = resolve(path);
            for (DocumentPath other : earlier) {
                List<Object> theirs = resolve(other);
                int common = Math.min(mine.size(), theirs.size());
                boolean diverge = false;
                for (int i = 0; i < common && !diverge; i++) {
                    Object a = mine.get(i);
                    Object b = theirs.get(i);
                    if (a.getClass() != b.getClass()) {
                        report(
                                path.column(),
                                "paths "
                                        + other.text()
                                        + " and "
                                        + path.text()
                                        + " conflict: one treats "
                                        + show(mine.subList(0, i))
                                        + " as a list, the other as a map");
                        return;
                    }
                    diverge = !a.equals(b);
                }
                if (!diverge) {
                    String verb =
                            kind == ExpressionKind.UPDATE
                                    ? "an update may touch each path once"
                                    : "a projection names each path once";
                    report(
                            path.column(),
                            "paths " + other.text() + " and " + path.text() + " overlap; " + verb);
                    return;
                }
            }
        }

        // ---- operands, paths and placeholders ----------------------------------------------

        private void operand(Operand operand) {
            if (operand instanceof DocumentPath path) {
                path(path);
            } else if (operand instanceof Operand.ValueRef ref) {
                usedValues.add(ref.name());
                length(ref.name(), ref.column());
                if (!values.containsKey(ref.name())) {
                    report(
                            ref.column(),
                            ref.name() + " is not defined in ExpressionAttributeValues");
                }
            } else if (operand instanceof Operand.Size size) {
                operators++;
                operand(size.subject());
                sizeable(size);
            } else {
                updateValue(operand);
            }
        }

        /**
         * size() measures strings, binary, sets, lists and maps; a number, boolean or NULL has no
         * size.
         */
        private void sizeable(Operand.Size size) {
            if (size.subject() instanceof Operand.Size inner) {
                report(inner.column(), "size() of size() is the size of a number, which has none");
            } else if (size.subject() instanceof Operand.ValueRef ref) {
                AttributeValue v = values.get(ref.name());
                if (v != null
                        && (v.type() == AttributeValue.Type.N
                                || v.type() == AttributeValue.Type.BOOL
                                || v.type() == AttributeValue.Type.NULL)) {
                    report(
                            ref.column(),
                            "size() measures strings, binary, sets, lists and maps, but "
                                    + ref.name()
                                    + " holds "
                                    + v.type());
                }
            }
        }

        private void path(DocumentPath path) {
            if (kind == ExpressionKind.FILTER && context.isQuery()) {
                queriedKey(path);
            }
            for (DocumentPath.Element element : path.elements()) {
                if (!(element instanceof DocumentPath.Member m)) {
                    continue;
                }
                if (m.placeholder()) {
                    usedNames.add(m.text());
                    length(m.text(), m.column());
                    if (!names.containsKey(m.text())) {
                        report(
                                m.column(),
                                m.text() + " is not defined in ExpressionAttributeNames");
                    }
                } else if (ReservedWords.isReserved(m.text())) {
                    report(
                            m.column(),
                            "'"
                                    + m.text()
                                    + "' is a reserved word in DynamoDB; use a #name placeholder, e.g. #"
                                    + m.text().toLowerCase(Locale.ROOT));
                } else if (!Character.isLetter(m.text().charAt(0)) && m.text().charAt(0) != '_') {
                    report(
                            m.column(),
                            "'"
                                    + m.text()
                                    + "' cannot be written bare (a bare name starts with a letter "
                                    + "or _); use a #name placeholder");
                }
            }
        }

        /** DynamoDB: "Filter Expression can only contain non-primary key attributes". */
        private void queriedKey(DocumentPath path) {
            String attribute = resolveMember(path.head());
            if (keys.isPresent() && keys.get().isKeyAttribute(attribute)) {
                report(
                        path.column(),
                        "a Query's filter cannot use "
                                + attribute
                                + ", a key of the "
                                + context.index().map(i -> "index " + i).orElse("table")
                                + " it reads; put the condition in the key condition");
            }
        }

        private void length(String placeholder, int column) {
            int bytes = placeholder.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > MAX_PLACEHOLDER_BYTES) {
                report(
                        column,
                        "the placeholder "
                                + placeholder.substring(0, 16)
                                + "... is "
                                + bytes
                                + " bytes; DynamoDB allows at most "
                                + MAX_PLACEHOLDER_BYTES);
            }
        }

        /**
         * The path with placeholders replaced by the names they stand for (kept when undefined).
         */
        private List<Object> resolve(DocumentPath path) {
            List<Object> out = new ArrayList<>();
            for (DocumentPath.Element e : path.elements()) {
                if (e instanceof DocumentPath.Member m) {
                    out.add(resolveMember(m));
                } else {
                    out.add(((DocumentPath.Index) e).index());
                }
            }
            return out;
        }

        private String resolveMember(DocumentPath.Member m) {
            return m.placeholder() ? names.getOrDefault(m.text(), m.text()) : m.text();
        }

        private static String show(List<Object> segments) {
            StringBuilder out = new StringBuilder();
            for (Object s : segments) {
                if (s instanceof Integer i) {
                    out.append('[').append(i).append(']');
                } else {
                    out.append(out.length() > 0 ? "." : "").append(s);
                }
            }
            return out.toString();
        }

        private void report(int column, String message) {
            problems.add(ExpressionProblem.at(kind, column, message));
        }
    }

    /** Orders two values of the same scalar type as DynamoDB does; empty for other types. */
    static Optional<Integer> compare(AttributeValue a, AttributeValue b) {
        if (a instanceof AttributeValue.Num x && b instanceof AttributeValue.Num y) {
            return Optional.of(x.compareTo(y));
        }
        if (a instanceof AttributeValue.Str x && b instanceof AttributeValue.Str y) {
            return Optional.of(
                    Arrays.compareUnsigned(
                            x.value().getBytes(StandardCharsets.UTF_8),
                            y.value().getBytes(StandardCharsets.UTF_8)));
        }
        if (a instanceof AttributeValue.Bin x && b instanceof AttributeValue.Bin y) {
            return Optional.of(Arrays.compareUnsigned(x.bytes(), y.bytes()));
        }
        return Optional.empty();
    }
}
