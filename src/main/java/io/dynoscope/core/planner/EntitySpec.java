package io.dynoscope.core.planner;

import io.dynoscope.core.model.AttributeModel;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * An entity as the user describes it to the planner: "a project, identified by projectId, belongs
 * to a workspace, has a name, a status and a createdAt, and a workspace can have any number of
 * them".
 *
 * @param idAttribute the attribute that names one item among its parent's, e.g. {@code projectId}
 * @param parent the entity it belongs to, or null for a top-level entity
 * @param attributes the attributes it holds besides its id
 * @param unbounded whether one parent can hold any number of them (a hot partition in waiting)
 */
public record EntitySpec(
        String name,
        String idAttribute,
        String parent,
        List<AttributeModel> attributes,
        boolean unbounded) {

    public EntitySpec {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("an entity needs a name");
        }
        name = name.strip();
        idAttribute =
                idAttribute == null || idAttribute.isBlank()
                        ? defaultId(name)
                        : idAttribute.strip();
        parent = parent == null || parent.isBlank() ? null : parent.strip();
        attributes = List.copyOf(attributes);
    }

    /** {@code project} -> {@code projectId}. */
    public static String defaultId(String name) {
        String[] words = name.strip().split("[^A-Za-z0-9]+");
        StringBuilder id = new StringBuilder();
        for (String word : words) {
            if (word.isEmpty()) {
                continue;
            }
            id.append(
                    id.length() == 0
                            ? word.substring(0, 1).toLowerCase(Locale.ROOT)
                            : word.substring(0, 1).toUpperCase(Locale.ROOT));
            id.append(word.substring(1));
        }
        return (id.length() == 0 ? "item" : id.toString()) + "Id";
    }

    /** The upper-case tag its keys start with: {@code project} -> {@code PROJECT}. */
    public String tag() {
        String tag = name.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_");
        tag = tag.replaceAll("^_+|_+$", "");
        return tag.isEmpty() ? "ITEM" : tag;
    }
}
