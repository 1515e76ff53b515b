package io.dynoscope.core.model;

import io.dynoscope.core.item.Item;
import java.util.Objects;
import java.util.Optional;

/**
 * The entity label of a row for the grid, given a table model: an item is labelled with the first
 * entity whose key templates its key matches (entities that one key can match both of are a model
 * finding, {@link TableModel#overlappingEntities}), and carries that entity's place in the model,
 * which the grid turns into a colour, so a label keeps its colour as long as the model keeps its
 * order. Items of no entity get no label.
 */
public final class EntityLabels {

    private final TableModel model;

    public EntityLabels(TableModel model) {
        this.model = Objects.requireNonNull(model, "model");
    }

    /**
     * A row's entity and that entity's place in the model.
     *
     * @param place 0 for the model's first entity
     */
    public record Label(String entity, int place) {}

    /** The label of {@code item}, or empty when it matches no entity. */
    public Optional<Label> labelOf(Item item) {
        for (int i = 0; i < model.entities().size(); i++) {
            Entity entity = model.entities().get(i);
            if (entity.match(item, model.keys()).isPresent()) {
                return Optional.of(new Label(entity.name(), i));
            }
        }
        return Optional.empty();
    }
}
