package io.dynoscope.core.model;

import io.dynoscope.core.item.Item;
import java.util.Objects;
import java.util.Optional;

/**
 * The entity label and colour of a row for the grid, given a table model: an item is labelled with
 * the first entity whose key templates its key matches, and coloured by that entity's place in the
 * model, so a label keeps its colour as long as the model keeps its order. Items of no entity get
 * no label.
 */
public final class EntityLabels {

    /** How many colours the grid cycles through; entity N gets colour N modulo this. */
    public static final int PALETTE_SIZE = 8;

    private final TableModel model;

    public EntityLabels(TableModel model) {
        this.model = Objects.requireNonNull(model, "model");
    }

    /**
     * A row's entity and the index of its colour.
     *
     * @param colourIndex 0 to {@link #PALETTE_SIZE} - 1
     */
    public record Label(String entity, int colourIndex) {}

    /** The label of {@code item}, or empty when it matches no entity. */
    public Optional<Label> labelOf(Item item) {
        for (int i = 0; i < model.entities().size(); i++) {
            Entity entity = model.entities().get(i);
            if (entity.match(item, model.keys()).isPresent()) {
                return Optional.of(new Label(entity.name(), i % PALETTE_SIZE));
            }
        }
        return Optional.empty();
    }
}
