package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.TableKeys;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rules of an update: each clause once, no two actions on overlapping paths, ADD with a number
 * or a set, DELETE with a set, no change to a table key, an index key only to a non-empty value of
 * its type.
 */
final class UpdateCheck {
    private static final Set<AttributeValue.Type> SETS =
            EnumSet.of(AttributeValue.Type.SS, AttributeValue.Type.NS, AttributeValue.Type.BS);

    private final ExpressionCheck check;

    UpdateCheck(ExpressionCheck check) {
        this.check = check;
    }

    void check(Expression.UpdateExpression update) {
        Set<UpdateClause.Keyword> seenClauses = EnumSet.noneOf(UpdateClause.Keyword.class);
        List<DocumentPath> touched = new ArrayList<>();
        for (UpdateClause clause : update.clauses()) {
            if (!seenClauses.add(clause.keyword())) {
                check.report(
                        clause.column(),
                        clause.keyword()
                                + " appears more than once; an update uses each clause once");
            }
            for (UpdateClause.Action action : clause.actions()) {
                check.path(action.path());
                keyAttributeUpdate(clause.keyword(), action);
                check.overlap(touched, action.path());
                touched.add(action.path());
                if (action instanceof UpdateClause.Set set) {
                    check.updateValue(set.value());
                } else if (action instanceof UpdateClause.Add add) {
                    check.operand(add.value());
                    AttributeValue v = check.values.get(add.value().name());
                    if (v != null
                            && v.type() != AttributeValue.Type.N
                            && !SETS.contains(v.type())) {
                        check.report(
                                add.value().column(),
                                "ADD needs a number or a set, but "
                                        + add.value().name()
                                        + " holds "
                                        + v.type());
                    }
                } else if (action instanceof UpdateClause.Delete delete) {
                    check.operand(delete.value());
                    AttributeValue v = check.values.get(delete.value().name());
                    if (v != null && !SETS.contains(v.type())) {
                        check.report(
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
     * A table key attribute cannot be updated at all; an index key attribute only to a value of its
     * declared type that is not empty (REMOVE takes the item out of the index, which is allowed).
     */
    private void keyAttributeUpdate(UpdateClause.Keyword keyword, UpdateClause.Action action) {
        if (check.context.table().isEmpty()) {
            return;
        }
        TableKeys table = check.context.table().get();
        DocumentPath.Member head = action.path().head();
        String attribute = check.resolveMember(head);
        if (table.keySchema().isKeyAttribute(attribute)) {
            check.report(
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
                check.report(
                        value.column(),
                        what
                                + ", of type "
                                + declared.get()
                                + ", but "
                                + (value instanceof Operand.ValueRef ref
                                        ? ref.name() + " holds "
                                        : "this value is ")
                                + type.get());
            } else if (ExpressionCheck.isEmptyKeyValue(setValue(value))) {
                check.report(value.column(), what + ", which cannot be set to an empty value");
            }
            return;
        }
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
            return check.values.get(ref.name());
        }
        if (value instanceof Operand.IfNotExists i) {
            return setValue(i.fallback());
        }
        return null;
    }
}
