package io.dynoscope.core.planner;

import io.dynoscope.core.model.AccessPattern;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.PatternAnswers;
import io.dynoscope.core.model.Question;
import io.dynoscope.core.model.Relationship;
import io.dynoscope.core.model.TableModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The planner's input read back from a finished model (a saved one, a file, one inferred from a
 * table), so the Model tab shows one model on both sides: each entity with its ids (the variables
 * of its own key templates that its parent's do not hold), its parent (a shared-partition
 * relationship), its attributes and workload; each access pattern with its words, the question it
 * asks and its doubts (a reading saved unsure stays unsure until a person corrects it).
 */
public final class ModelReadings {

    private ModelReadings() {}

    /** The entities of {@code model} as the planner takes them. */
    public static List<EntitySpec> entities(TableModel model) {
        List<EntitySpec> specs = new ArrayList<>();
        for (Entity entity : model.entities()) {
            Optional<Entity> parent = parent(model, entity);
            Set<String> ids = new LinkedHashSet<>(entity.keys().partitionKey().variables());
            entity.keys().sortKey().ifPresent(sk -> ids.addAll(sk.variables()));
            parent.ifPresent(
                    p -> {
                        ids.removeAll(p.keys().partitionKey().variables());
                        p.keys().sortKey().ifPresent(sk -> ids.removeAll(sk.variables()));
                    });
            List<AttributeModel> attributes =
                    entity.attributes().stream().filter(a -> !ids.contains(a.name())).toList();
            specs.add(
                    new EntitySpec(
                            entity.name(),
                            List.copyOf(ids),
                            parent.map(Entity::name).orElse(null),
                            attributes,
                            entity.workload()));
        }
        return specs;
    }

    private static Optional<Entity> parent(TableModel model, Entity entity) {
        return model.relationships().stream()
                .filter(
                        r ->
                                r.kind() == Relationship.Kind.SHARED_PARTITION
                                        && r.child().equals(entity.name()))
                .map(Relationship::parent)
                .map(model::entity)
                .flatMap(Optional::stream)
                .findFirst();
    }

    /** The access patterns of {@code model} as readings: their words and their questions. */
    public static List<PatternSpec> patterns(TableModel model) {
        List<PatternSpec> specs = new ArrayList<>();
        for (AccessPattern pattern : model.accessPatterns()) {
            if (pattern.entities().isEmpty()) {
                continue;
            }
            Question question = PatternAnswers.questionOf(pattern);
            specs.add(
                    new PatternSpec(
                            pattern.name(),
                            pattern.entities(),
                            question.given(),
                            pattern.operation() != AccessPattern.Operation.GET_ITEM,
                            question.range(),
                            question.order(),
                            pattern.limit(),
                            pattern.count(),
                            Optional.empty(),
                            pattern.workload(),
                            PatternSpec.Kind.READ,
                            pattern.unsure(),
                            false));
        }
        return specs;
    }
}
