package io.dynoscope.core.migration;

import io.dynoscope.core.key.KeyTemplate;
import io.dynoscope.core.table.KeyType;
import java.util.Objects;

/**
 * An attribute a model computes from one of its entity's templates: the key of an index, such as
 * {@code GSI2SK = {status}#{createdAt}} on every project.
 *
 * @param name the attribute written
 * @param template the template its value is rendered from
 * @param type S or N, the index key's type
 * @param index the index whose key it is
 */
public record ComputedAttribute(String name, KeyTemplate template, KeyType type, String index) {

    public ComputedAttribute {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(template, "template");
        Objects.requireNonNull(index, "index");
        if (type == KeyType.B) {
            throw new IllegalArgumentException(
                    "attribute '"
                            + name
                            + "' of index '"
                            + index
                            + "' is of type B"
                            + ": templates write strings and numbers only");
        }
    }

    /** {@code GSI2SK = {status}#{createdAt}}. */
    public String describe() {
        return name + " = " + template.text();
    }
}
