package io.dynoscope.core.expression;

import io.dynoscope.core.item.AttributeValue;
import java.util.Objects;
import java.util.Optional;

/**
 * One action of the update builder: set an attribute to a value, remove it, add to a number or set,
 * or delete members from a set.
 *
 * @param action the clause the action belongs to
 * @param path the attribute it changes
 * @param value the value (every action but REMOVE has one)
 * @param valueName the {@code :placeholder} name for the value (without the colon), or empty for
 *     the default, named after the attribute
 */
public record UpdateRow(
        UpdateClause.Keyword action,
        AttributePath path,
        Optional<AttributeValue> value,
        Optional<String> valueName) {

    public UpdateRow {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(path, "path");
        if ((action == UpdateClause.Keyword.REMOVE) != value.isEmpty()) {
            throw new IllegalArgumentException(
                    action == UpdateClause.Keyword.REMOVE
                            ? "REMOVE takes no value"
                            : action + " needs a value");
        }
        valueName = valueName.map(Placeholders::bareValueName);
        if (valueName.isPresent() && value.isEmpty()) {
            throw new IllegalArgumentException("REMOVE has no value to name");
        }
    }

    public static UpdateRow set(AttributePath path, AttributeValue value) {
        return new UpdateRow(UpdateClause.Keyword.SET, path, Optional.of(value), Optional.empty());
    }

    public static UpdateRow set(String attribute, AttributeValue value) {
        return set(AttributePath.of(attribute), value);
    }

    public static UpdateRow remove(AttributePath path) {
        return new UpdateRow(UpdateClause.Keyword.REMOVE, path, Optional.empty(), Optional.empty());
    }

    public static UpdateRow add(AttributePath path, AttributeValue value) {
        return new UpdateRow(UpdateClause.Keyword.ADD, path, Optional.of(value), Optional.empty());
    }

    public static UpdateRow delete(AttributePath path, AttributeValue value) {
        return new UpdateRow(
                UpdateClause.Keyword.DELETE, path, Optional.of(value), Optional.empty());
    }

    /**
     * This action with its value's placeholder named, e.g. {@code named("new")} for {@code :new}.
     */
    public UpdateRow named(String name) {
        return new UpdateRow(action, path, value, Optional.of(name));
    }

    /** This action with the default value name. */
    public UpdateRow withDefaultName() {
        return new UpdateRow(action, path, value, Optional.empty());
    }
}
