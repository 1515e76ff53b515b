package io.dynoscope.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.key.KeyTemplate;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The rules a model's parts keep, whichever file or tool they come from. */
class ModelPartsTest {

    private static String refused(Runnable make) {
        return assertThrows(IllegalArgumentException.class, make::run).getMessage();
    }

    @Test
    void capacityIsOnDemandOrAtLeastOneUnitEachWay() {
        assertTrue(Capacity.provisioned(1, 1).provisioned());
        assertFalse(Capacity.ON_DEMAND.provisioned());
        assertEquals(
                "provisioned capacity needs at least 1 read and 1 write capacity unit",
                refused(() -> Capacity.provisioned(0, 5)));
        refused(() -> Capacity.provisioned(5, 0));
        assertEquals(
                "an on-demand table has no provisioned capacity or auto scaling",
                refused(
                        () ->
                                new Capacity(
                                        Capacity.Mode.PAY_PER_REQUEST,
                                        0,
                                        1,
                                        Optional.empty(),
                                        Optional.empty())));
        refused(
                () ->
                        new Capacity(
                                Capacity.Mode.PAY_PER_REQUEST,
                                1,
                                0,
                                Optional.empty(),
                                Optional.empty()));
        Capacity.AutoScaling scaling =
                new Capacity.AutoScaling(1, 10, "role", new BigDecimal("70.0"));
        refused(
                () ->
                        new Capacity(
                                Capacity.Mode.PAY_PER_REQUEST,
                                0,
                                0,
                                Optional.empty(),
                                Optional.of(scaling)));
        refused(
                () ->
                        new Capacity(
                                Capacity.Mode.PAY_PER_REQUEST,
                                0,
                                0,
                                Optional.of(scaling),
                                Optional.empty()));
    }

    @Test
    void autoScalingKeepsOneFormOfItsTargetAndAnOrderedRange() {
        assertEquals(
                new Capacity.AutoScaling(1, 10, "role", new BigDecimal("70")),
                new Capacity.AutoScaling(1, 10, "role", new BigDecimal("7E+1")));
        assertEquals(
                new BigDecimal("70"),
                new Capacity.AutoScaling(1, 10, "role", new BigDecimal("70.00")).targetValue());
        assertEquals(5, new Capacity.AutoScaling(5, 5, null, new BigDecimal("50")).maxCapacity());
        assertEquals(
                "auto scaling needs 1 <= minimum <= maximum capacity, not 0..10",
                refused(() -> new Capacity.AutoScaling(0, 10, "role", new BigDecimal("50"))));
        assertEquals(
                "auto scaling needs 1 <= minimum <= maximum capacity, not 6..5",
                refused(() -> new Capacity.AutoScaling(6, 5, "role", new BigDecimal("50"))));
        assertEquals(
                "auto scaling's target utilisation is 10%; DynamoDB takes 20 to 90",
                refused(() -> new Capacity.AutoScaling(1, 10, "role", BigDecimal.TEN)));
        assertEquals(
                "auto scaling's target utilisation is 90.5%; DynamoDB takes 20 to 90",
                refused(() -> new Capacity.AutoScaling(1, 10, "role", new BigDecimal("90.5"))));
    }

    @Test
    void aWorkloadIsZeroOrMoreOfEachFigure() {
        assertFalse(Workload.NONE.stated());
        assertTrue(new Workload(0, 0, 0, 1).stated());
        assertTrue(new Workload(0.5, 0, 0, 0).stated());
        assertEquals(
                "readsPerSecond must be a number of zero or more",
                refused(() -> new Workload(-1, 0, 0, 0)));
        assertEquals(
                "writesPerSecond must be a number of zero or more",
                refused(() -> new Workload(0, Double.NaN, 0, 0)));
        assertEquals(
                "itemsPerParent must be a number of zero or more",
                refused(() -> new Workload(0, 0, Double.POSITIVE_INFINITY, 0)));
        assertEquals(
                "itemBytes must be a number of zero or more",
                refused(() -> new Workload(0, 0, 0, -0.5)));
    }

    @Test
    void anAccessPatternNamesItsKeyAndParameters() {
        assertEquals(
                "access pattern 'p': a QUERY needs a partition key",
                refused(
                        () ->
                                new AccessPattern(
                                        "p",
                                        AccessPattern.Operation.QUERY,
                                        List.of("loan"),
                                        null,
                                        null,
                                        Optional.empty(),
                                        false,
                                        null)));
        assertEquals(
                "access pattern 'p': a limit cannot be negative",
                refused(
                        () ->
                                new AccessPattern(
                                        "p",
                                        AccessPattern.Operation.SCAN,
                                        List.of(),
                                        null,
                                        null,
                                        Optional.empty(),
                                        false,
                                        null,
                                        -1,
                                        false,
                                        Optional.empty(),
                                        null)));
        assertEquals(
                "BETWEEN takes two values; the other operators take one",
                refused(
                        () ->
                                new AccessPattern.SortKeyPattern(
                                        SortKeyCondition.Operator.BETWEEN,
                                        KeyTemplate.parse("A#{from}"),
                                        null)));
        refused(
                () ->
                        new AccessPattern.SortKeyPattern(
                                SortKeyCondition.Operator.GE,
                                KeyTemplate.parse("A#{from}"),
                                KeyTemplate.parse("A#{to}")));
        AccessPattern between =
                new AccessPattern(
                        "loans of a member between two dates",
                        AccessPattern.Operation.QUERY,
                        List.of("loan"),
                        "GSI1",
                        KeyTemplate.parse("MEMBER#{memberId}"),
                        Optional.of(
                                new AccessPattern.SortKeyPattern(
                                        SortKeyCondition.Operator.BETWEEN,
                                        KeyTemplate.parse("LOAN#{loanedAtFrom}"),
                                        KeyTemplate.parse("LOAN#{loanedAtTo}"))),
                        true,
                        null,
                        5,
                        true,
                        Optional.of(Question.given(List.of("memberId"))),
                        new Workload(40, 0, 0, 0));
        assertEquals(Set.of("memberId", "loanedAtFrom", "loanedAtTo"), between.parameters());
        AccessPattern scan =
                between.servedBy(
                        AccessPattern.Operation.SCAN, null, null, Optional.empty(), false, null);
        assertEquals(Set.of(), scan.parameters());
        assertEquals(5, scan.limit(), "the limit, count, question and workload are kept");
        assertTrue(scan.count());
        assertEquals(between.question(), scan.question());
        assertEquals(between.workload(), scan.workload());
        assertEquals(between.name(), scan.name());
        assertEquals(between.entities(), scan.entities());
    }

    @Test
    void aQuestionAsksItsGivenValuesOnceThenItsRange() {
        Question question =
                new Question(
                        List.of("memberId", "status", "memberId"),
                        Optional.of(new Question.Range("loanedAt", Question.Range.Kind.BETWEEN)),
                        Optional.of(new Question.Order("dueAt", true)));
        assertEquals(List.of("memberId", "status"), question.given());
        assertEquals(
                List.of("memberId", "status", "loanedAtFrom", "loanedAtTo"),
                List.copyOf(question.parameters()));
        assertEquals(List.of("memberId", "status", "loanedAt", "dueAt"), question.attributes());
        assertEquals(
                List.of("memberId"), List.copyOf(Question.given(List.of("memberId")).parameters()));
    }

    @Test
    void aTableModelNamesWhatItLacks() {
        TableModel model = ModelInferenceTest.blog().model();
        assertEquals(model.keys(), model.keysOf(null));
        assertEquals(
                "the model of 'blog' has no index 'nope'", refused(() -> model.keysOf("nope")));
        assertEquals("S", model.keyAttributeType("PK"));
        assertEquals("S", model.keyAttributeType("notAKey"), "S when the model does not say");
        assertEquals(
                "N",
                model.with(b -> b.keyAttributeTypes(Map.of("PK", "N"))).keyAttributeType("PK"));
        assertEquals("other", model.withTable("other").table());
        assertEquals(List.of(), model.with(b -> b.indexes(List.of())).indexes());
        assertEquals(List.of(), model.with(b -> b.entities(List.of())).entities());
        assertEquals(List.of(), model.with(b -> b.accessPatterns(List.of())).accessPatterns());
        assertEquals(model.entities(), model.withTable("other").entities(), "the rest is kept");
        TableModel bare =
                model.with(
                        b -> b.relationships(List.of()).copies(List.of()).shardGroups(List.of()));
        assertEquals(List.of(), bare.relationships());
        assertEquals(List.of(), bare.copies());
        assertEquals(model.indexes(), bare.indexes());
    }
}
