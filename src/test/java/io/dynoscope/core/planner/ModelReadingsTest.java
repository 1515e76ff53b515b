package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.TableModel;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A planned model read back as the planner's input (what the Model tab shows for a saved model)
 * holds what the request said: each entity's ids, parent and attributes, each pattern's reading.
 */
class ModelReadingsTest {

    @Test
    void aPlannedModelReadsBackAsItsRequest() {
        for (PlanRequests.Example example : PlanRequests.corpus()) {
            PlanInput input = PlanRequest.read(example.planRequest()).input();
            Plan plan = Planner.plan(input);
            TableModel model = plan.design().model();

            Map<String, EntitySpec> back =
                    ModelReadings.entities(model).stream()
                            .collect(Collectors.toMap(EntitySpec::name, Function.identity()));
            for (EntitySpec asked : input.entities()) {
                EntitySpec read = back.get(asked.name());
                String what = example.name() + ": " + asked.name();
                assertEquals(asked.parent(), read.parent(), what);
                assertEquals(asked.ids(), read.ids(), what);
                for (AttributeModel attribute : asked.attributes()) {
                    assertEquals(
                            true, read.attributes().contains(attribute), what + " " + attribute);
                }
                assertEquals(asked.workload(), read.workload(), what);
            }

            List<PatternSpec> patterns = ModelReadings.patterns(model);
            assertEquals(input.patterns().size(), patterns.size(), example.name());
            for (int i = 0; i < patterns.size(); i++) {
                PatternSpec asked = input.patterns().get(i);
                PatternSpec read = patterns.get(i);
                String what = example.name() + ": " + asked.words();
                assertEquals(asked.words(), read.words(), what);
                // what the planner could not bring along in one request it says so, and the
                // model keeps the entity asked for alone
                boolean secondRequest =
                        plan.findings().stream()
                                .anyMatch(
                                        f ->
                                                f.subject().equals(asked.words())
                                                        && f.message()
                                                                .contains(
                                                                        "takes a second request"));
                assertEquals(
                        secondRequest ? List.of(asked.entity()) : asked.returns(),
                        read.returns(),
                        what);
                assertEquals(asked.given(), read.given(), what);
                assertEquals(asked.range(), read.range(), what);
                assertEquals(asked.order(), read.order(), what);
                assertEquals(asked.limit(), read.limit(), what);
                assertEquals(asked.count(), read.count(), what);
                assertEquals(asked.workload(), read.workload(), what);
            }

            TableModel again =
                    Planner.plan(
                                    new PlanInput(
                                            input.table(),
                                            input.partitionKey(),
                                            input.sortKey(),
                                            ModelReadings.entities(model),
                                            patterns))
                            .design()
                            .model();
            assertEquals(model.entities(), again.entities(), example.name());
            assertEquals(model.indexes(), again.indexes(), example.name());
        }
    }
}
