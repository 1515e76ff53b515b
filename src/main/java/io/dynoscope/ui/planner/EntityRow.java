package io.dynoscope.ui.planner;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Workload;
import io.dynoscope.core.planner.EntitySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * An entity as typed in the Model tab: its name, its ids ({@code loanId}, or {@code isbn, branchId}
 * for one unique by a combination), the entity it belongs to, its attributes as {@code name:S,
 * status:S, createdAt} (S when the type is left out), and the writes a second and items per parent
 * expected (empty when not known).
 */
public final class EntityRow {
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty ids = new SimpleStringProperty("");
    private final StringProperty parent = new SimpleStringProperty("");
    private final StringProperty attributes = new SimpleStringProperty("");
    private final StringProperty writesPerSecond = new SimpleStringProperty("");
    private final StringProperty itemsPerParent = new SimpleStringProperty("");

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty idsProperty() {
        return ids;
    }

    public StringProperty parentProperty() {
        return parent;
    }

    public StringProperty attributesProperty() {
        return attributes;
    }

    public StringProperty writesPerSecondProperty() {
        return writesPerSecond;
    }

    public StringProperty itemsPerParentProperty() {
        return itemsPerParent;
    }

    /** The entity as the planner takes it; a bad attribute list or figure throws, saying which. */
    EntitySpec spec() {
        return new EntitySpec(
                name.get(),
                list(ids.get()),
                parent.get(),
                attributeModels(attributes.get()),
                new Workload(
                        0,
                        number("writes a second", writesPerSecond.get()),
                        number("items per parent", itemsPerParent.get()),
                        0));
    }

    /** A row showing {@code spec}. */
    static EntityRow of(EntitySpec spec) {
        EntityRow row = new EntityRow();
        row.name.set(spec.name());
        row.ids.set(String.join(", ", spec.ids()));
        row.parent.set(spec.parent() == null ? "" : spec.parent());
        row.attributes.set(
                spec.attributes().stream()
                        .map(a -> a.name() + ":" + a.type().descriptor())
                        .collect(Collectors.joining(", ")));
        row.writesPerSecond.set(figure(spec.workload().writesPerSecond()));
        row.itemsPerParent.set(figure(spec.workload().itemsPerParent()));
        return row;
    }

    static List<String> list(String text) {
        return Arrays.stream(text.split("[,\\s]+"))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    static double number(String what, String text) {
        if (text == null || text.isBlank()) {
            return 0;
        }
        try {
            return Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " '" + text + "' is not a number", e);
        }
    }

    static String figure(double value) {
        if (value == 0) {
            return "";
        }
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }

    /** {@code name:S, status:S, createdAt} (S when the type is left out). */
    static List<AttributeModel> attributeModels(String text) {
        List<AttributeModel> attributes = new ArrayList<>();
        for (String part : text.split(",")) {
            String entry = part.strip();
            if (entry.isEmpty()) {
                continue;
            }
            int colon = entry.indexOf(':');
            String attribute = colon < 0 ? entry : entry.substring(0, colon).strip();
            String type =
                    colon < 0 ? "S" : entry.substring(colon + 1).strip().toUpperCase(Locale.ROOT);
            try {
                attributes.add(
                        new AttributeModel(attribute, AttributeValue.Type.fromDescriptor(type)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "attribute '"
                                + attribute
                                + "': "
                                + type
                                + " is not a DynamoDB type (S, N, B, BOOL, NULL, M, L, SS, NS, BS)",
                        e);
            }
        }
        return attributes;
    }
}
