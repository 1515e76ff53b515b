package io.dynoscope.core.expression;

import io.dynoscope.core.expression.Condition.Comparator;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The rules of a key condition: the partition key compared with =, the sort key with = &lt; &lt;=
 * &gt; &gt;= BETWEEN or begins_with, each key once, no OR, NOT, IN, &lt;&gt; or size, key values of
 * the key types (and of the declared type, where the table is known).
 */
final class KeyConditionCheck {
    private static final Set<AttributeValue.Type> KEY_TYPES =
            EnumSet.of(AttributeValue.Type.S, AttributeValue.Type.N, AttributeValue.Type.B);

    private final ExpressionCheck check;

    KeyConditionCheck(ExpressionCheck check) {
        this.check = check;
    }

    void check(Condition root) {
        int problemsBefore = check.problems.size();
        List<Condition> parts = new ArrayList<>();
        if (!conjuncts(root, parts)) {
            return;
        }
        String partitionKey = check.keys.map(KeySchema::partitionKey).orElse(null);
        String sortKey = check.keys.flatMap(KeySchema::sortKey).orElse(null);
        Set<String> used = new LinkedHashSet<>();
        boolean partitionEquality = false;
        for (Condition part : parts) {
            Optional<KeyUse> use = keyUse(part);
            if (use.isEmpty()) {
                continue;
            }
            KeyUse u = use.get();
            if (!used.add(u.attribute)) {
                check.report(
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
                check.report(
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
                check.report(
                        part.column(),
                        "the partition key " + partitionKey + " can only be compared with =");
            } else if (isPartition) {
                partitionEquality = true;
            }
        }
        if (partitionKey == null && used.size() > 2) {
            check.report(
                    root.column(),
                    "a key condition names at most two keys: the partition key and the sort key");
        }
        if (!partitionEquality && check.problems.size() == problemsBefore) {
            String pk = partitionKey != null ? partitionKey : "partitionKey";
            check.report(
                    root.column(),
                    "a key condition needs the partition key compared with =, e.g. "
                            + pk
                            + " = :v");
        }
    }

    /** Splits the top-level ANDs, reporting OR and NOT; false when the shape is beyond repair. */
    private boolean conjuncts(Condition c, List<Condition> out) {
        if (c instanceof Condition.And and) {
            boolean left = conjuncts(and.left(), out);
            boolean right = conjuncts(and.right(), out);
            return left && right;
        }
        if (c instanceof Condition.Or or) {
            check.report(
                    or.keywordColumn(),
                    "key conditions cannot use OR; run one Query per alternative");
            return false;
        }
        if (c instanceof Condition.Not not) {
            check.report(not.column(), "key conditions cannot use NOT");
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
            check.report(in.column(), "key conditions cannot use IN");
            return Optional.empty();
        }
        if (part instanceof Condition.FunctionCall f) {
            if (f.function() != Condition.Function.BEGINS_WITH) {
                check.report(
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
                check.report(b.column(), "key conditions cannot use size");
                return Optional.empty();
            }
            keyValue(b.lower(), "BETWEEN");
            keyValue(b.upper(), "BETWEEN");
            return keyPath(b.subject())
                    .map(name -> new KeyUse(name, false, List.of(b.lower(), b.upper())));
        }
        Condition.Comparison cmp = (Condition.Comparison) part;
        if (cmp.comparator() == Comparator.NE) {
            check.report(cmp.column(), "key conditions cannot use <>");
            return Optional.empty();
        }
        if (cmp.left() instanceof Operand.Size || cmp.right() instanceof Operand.Size) {
            check.report(cmp.column(), "key conditions cannot use size");
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
            check.report(
                    operand.column(),
                    "a key condition compares a key attribute itself, not "
                            + (operand instanceof DocumentPath p
                                    ? "the nested path " + p.text()
                                    : "this operand"));
            return Optional.empty();
        }
        return Optional.of(check.resolveMember(path.head()));
    }

    /** A key compared with a value of another type than the table declares for it. */
    private void keyType(KeyUse use) {
        Optional<String> declared = check.context.table().flatMap(t -> t.typeOf(use.attribute()));
        if (declared.isEmpty()) {
            return;
        }
        for (Operand operand : use.values()) {
            AttributeValue v =
                    operand instanceof Operand.ValueRef ref ? check.values.get(ref.name()) : null;
            if (v != null
                    && KEY_TYPES.contains(v.type())
                    && !v.type().descriptor().equals(declared.get())) {
                check.report(
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
            check.report(
                    operand.column(),
                    "a key is compared with a :value, not with another attribute");
            return;
        }
        AttributeValue v = check.values.get(ref.name());
        if (v == null) {
            return;
        }
        // begins_with has its own string-or-binary check; the others take any key type.
        if (!operator.equals("begins_with") && !KEY_TYPES.contains(v.type())) {
            check.report(
                    ref.column(),
                    "key values are strings, numbers or binary, but "
                            + ref.name()
                            + " holds "
                            + v.type());
        } else if (ExpressionCheck.isEmptyKeyValue(v)) {
            check.report(ref.column(), "key values cannot be empty, but " + ref.name() + " is");
        }
    }
}
