package io.dynoscope.core.planner;

import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * An entity as the user describes it to the planner: "a loan, identified by loanId, belongs to a
 * member, has an isbn, a status and a loanedAt", or "a copy of a book at a branch, unique by isbn
 * and branchId".
 *
 * @param ids the attributes that name one item among its parent's (or, with no parent, in the
 *     table): one id such as {@code loanId}, or a combination such as {@code isbn, branchId}
 * @param parent the entity it belongs to, or null for a top-level entity
 * @param attributes the attributes it holds besides its ids
 * @param workload the writes, items per parent and item size expected (zero when not stated)
 */
public record EntitySpec(
        String name,
        List<String> ids,
        String parent,
        List<AttributeModel> attributes,
        Workload workload) {

    public EntitySpec {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("an entity needs a name");
        }
        name = name.strip();
        List<String> cleaned = new ArrayList<>();
        if (ids != null) {
            for (String id : ids) {
                if (id != null && !id.isBlank() && !cleaned.contains(id.strip())) {
                    cleaned.add(id.strip());
                }
            }
        }
        ids = cleaned.isEmpty() ? List.of(defaultId(name)) : List.copyOf(cleaned);
        parent = parent == null || parent.isBlank() ? null : parent.strip();
        attributes = List.copyOf(attributes);
        workload = workload == null ? Workload.NONE : workload;
    }

    /** An entity with one id (or the default id when blank) and no workload stated. */
    public static EntitySpec of(
            String name, String id, String parent, List<AttributeModel> attributes) {
        return new EntitySpec(name, id == null ? List.of() : List.of(id), parent, attributes, null);
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

    /** The upper-case tag its keys start with: {@code orderItem} -> {@code ORDER_ITEM}. */
    public String tag() {
        return tagOf(name);
    }

    /** An upper-case tag for a name: {@code orderItem} -> {@code ORDER_ITEM}. */
    public static String tagOf(String name) {
        String tag =
                name.replaceAll("([\\p{Ll}\\p{N}])(\\p{Lu})", "$1_$2")
                        .toUpperCase(Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N}]+", "_")
                        .replaceAll("^_+|_+$", "");
        return tag.isEmpty() ? "ITEM" : tag;
    }

    /** Whether it has an attribute (or id) of this name. */
    public boolean has(String attribute) {
        return ids.contains(attribute)
                || attributes.stream().anyMatch(a -> a.name().equals(attribute));
    }
}
