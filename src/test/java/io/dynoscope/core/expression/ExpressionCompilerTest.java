package io.dynoscope.core.expression;

import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.expression.Row.Operator;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ExpressionCompilerTest {

    private static final Optional<KeySchema> SAAS =
            Optional.of(KeySchema.of("EntityRef", "Detail"));

    @Test
    void compilesTheSeedKeyConditionExactly() {
        CompiledExpression compiled =
                ExpressionCompiler.compile(
                        ExpressionKind.KEY_CONDITION,
                        List.of(
                                Row.of("EntityRef", Operator.EQ, s("WS#acme")),
                                Row.of("Detail", Operator.BEGINS_WITH, s("PROJ#")).named("p")));

        assertEquals("#er = :er AND begins_with(#d, :p)", compiled.text());
        assertEquals(
                List.of(Map.entry("#er", "EntityRef"), Map.entry("#d", "Detail")),
                new ArrayList<>(compiled.names().entrySet()));
        assertEquals(
                List.of(Map.entry(":er", s("WS#acme")), Map.entry(":p", s("PROJ#"))),
                new ArrayList<>(compiled.values().entrySet()));
        assertTrue(
                ExpressionValidator.validate(
                                ExpressionKind.KEY_CONDITION,
                                compiled.text(),
                                compiled.names(),
                                compiled.values(),
                                SAAS)
                        .ok());
    }

    @Test
    void defaultValueNamesFollowTheAttribute() {
        CompiledExpression compiled =
                ExpressionCompiler.compile(
                        ExpressionKind.KEY_CONDITION,
                        List.of(
                                Row.of("EntityRef", Operator.EQ, s("WS#acme")),
                                Row.of("Detail", Operator.BEGINS_WITH, s("PROJ#"))));
        assertEquals("#er = :er AND begins_with(#d, :d)", compiled.text());
    }

    @Test
    void compilesTheGuardedPropagationFromTheDenormalizationSeed() {
        GuardedUpdate propagation =
                ExpressionCompiler.guardedUpdate(
                        List.of(UpdateRow.set("authorName", s("Mara V.")).named("new")),
                        List.of(Row.of("authorName", Operator.EQ, s("Mara Vance")).named("old")));

        assertEquals("SET #an = :new", propagation.update().text());
        assertEquals("#an = :old", propagation.condition().text());
        assertEquals(Map.of("#an", "authorName"), propagation.names());
        assertEquals(Map.of(":new", s("Mara V."), ":old", s("Mara Vance")), propagation.values());

        Map<ExpressionKind, String> request =
                Map.of(
                        ExpressionKind.UPDATE,
                        propagation.update().text(),
                        ExpressionKind.CONDITION,
                        propagation.condition().text());
        assertTrue(
                ExpressionValidator.validate(
                                request,
                                propagation.names(),
                                propagation.values(),
                                Optional.empty())
                        .ok());
    }

    @Test
    void placeholderStemsAreInitials() {
        assertEquals("er", Placeholders.base("EntityRef"));
        assertEquals("d", Placeholders.base("Detail"));
        assertEquals("an", Placeholders.base("authorName"));
        assertEquals("wi", Placeholders.base("workspace_id"));
        assertEquals("pk", Placeholders.base("PK"));
        assertEquals("gsi1pk", Placeholders.base("GSI1PK"));
        assertEquals("sw", Placeholders.base("Safety.Warning"));
        assertEquals("ss", Placeholders.base("shirt-size"));
        assertEquals("attr", Placeholders.base("ñ"));
    }

    @Test
    void clashingInitialsGetASuffixAndRepeatedAttributesReuseTheirPlaceholder() {
        CompiledExpression compiled =
                ExpressionCompiler.compile(
                        ExpressionKind.FILTER,
                        List.of(
                                Row.of("Detail", Operator.GT, s("A")),
                                Row.of("Data", Operator.EQ, s("x")),
                                Row.of("Detail", Operator.LT, s("Z"))));
        assertEquals("#d > :d AND #d2 = :d2 AND #d < :d3", compiled.text());
        assertEquals(Map.of("#d", "Detail", "#d2", "Data"), compiled.names());
        assertEquals(Map.of(":d", s("A"), ":d2", s("x"), ":d3", s("Z")), compiled.values());
    }

    @Test
    void equalValuesUnderOneNameShareAPlaceholder() {
        CompiledExpression compiled =
                ExpressionCompiler.compile(
                        ExpressionKind.FILTER,
                        List.of(
                                Row.of("a", Operator.EQ, s("x")).named("v"),
                                Row.of("b", Operator.EQ, s("x")).named("v")));
        assertEquals("#a = :v AND #b = :v", compiled.text());
        assertEquals(Map.of(":v", s("x")), compiled.values());
    }

    @Test
    void compilesEveryOperator() {
        CompiledExpression compiled =
                ExpressionCompiler.compile(
                        ExpressionKind.FILTER,
                        List.of(
                                Row.of("price", Operator.BETWEEN, n(1), n(9)),
                                Row.of("status", Operator.IN, s("A"), s("B"), s("C")),
                                Row.of("tags", Operator.CONTAINS, s("red")),
                                Row.of("deletedAt", Operator.ATTRIBUTE_NOT_EXISTS),
                                Row.of(
                                        AttributePath.parse("author.name"),
                                        Operator.ATTRIBUTE_EXISTS),
                                Row.of("meta", Operator.ATTRIBUTE_TYPE, s("M")),
                                Row.of("count", Operator.NE, n(0))));
        assertEquals(
                "#p BETWEEN :p1 AND :p2 AND #s IN (:s1, :s2, :s3) AND contains(#t, :t)"
                        + " AND attribute_not_exists(#da) AND attribute_exists(#a.#n) AND attribute_type(#m, :m)"
                        + " AND #c <> :c",
                compiled.text());
        assertTrue(
                ExpressionValidator.validate(
                                ExpressionKind.FILTER,
                                compiled.text(),
                                compiled.names(),
                                compiled.values(),
                                Optional.empty())
                        .ok());
    }

    @Test
    void compilesProjectionAndUpdate() {
        ExpressionCompiler projections = new ExpressionCompiler();
        CompiledExpression projection =
                projections.expression(
                        projections.projection(
                                List.of(
                                        AttributePath.of("EntityRef"),
                                        AttributePath.parse("author.name"),
                                        AttributePath.parse("items[0].sku"))));
        assertEquals("#er, #a.#n, #i[0].#s", projection.text());

        ExpressionCompiler updates = new ExpressionCompiler();
        CompiledExpression update =
                updates.expression(
                        updates.update(
                                List.of(
                                        UpdateRow.remove(AttributePath.parse("legacy")),
                                        UpdateRow.set("status", s("ACTIVE")),
                                        UpdateRow.add(AttributePath.of("views"), n(1)),
                                        UpdateRow.delete(
                                                AttributePath.of("tags"), AttributeValue.ss("old")),
                                        UpdateRow.set(
                                                AttributePath.parse("author.name"),
                                                s("Mara V.")))));
        assertEquals("SET #s = :s, #a.#n = :n REMOVE #l ADD #v :v DELETE #t :t", update.text());
        assertTrue(
                ExpressionValidator.validate(
                                ExpressionKind.UPDATE,
                                update.text(),
                                update.names(),
                                update.values(),
                                Optional.empty())
                        .ok());
    }

    @Test
    void sameRowsGiveTheSameText() {
        List<Row> rows =
                List.of(
                        Row.of("EntityRef", Operator.EQ, s("WS#acme")),
                        Row.of("Detail", Operator.GT, s("M")));
        assertEquals(
                ExpressionCompiler.compile(ExpressionKind.FILTER, rows),
                ExpressionCompiler.compile(ExpressionKind.FILTER, rows));
    }

    @Test
    void readsPathNotation() {
        assertEquals(
                List.of(
                        new AttributePath.Name("items"),
                        new AttributePath.Index(0),
                        new AttributePath.Index(2),
                        new AttributePath.Name("sku")),
                AttributePath.parse("items[0][2].sku").segments());
        assertEquals("items[0][2].sku", AttributePath.parse("items[0][2].sku").toString());
        assertEquals(
                List.of(new AttributePath.Name("Safety.Warning")),
                AttributePath.of("Safety.Warning").segments());
        assertThrows(IllegalArgumentException.class, () -> AttributePath.parse("a..b"));
        assertThrows(IllegalArgumentException.class, () -> AttributePath.parse("a[x]"));
        assertThrows(IllegalArgumentException.class, () -> AttributePath.parse("a[0]b"));
        assertThrows(IllegalArgumentException.class, () -> AttributePath.parse("[0]"));
    }

    @Test
    void rowsCheckTheirValueCount() {
        assertThrows(IllegalArgumentException.class, () -> Row.of("a", Operator.BETWEEN, n(1)));
        assertThrows(
                IllegalArgumentException.class, () -> Row.of("a", Operator.ATTRIBUTE_EXISTS, n(1)));
        assertThrows(IllegalArgumentException.class, () -> Row.of("a", Operator.IN));
        assertThrows(
                IllegalArgumentException.class,
                () -> Row.of("a", Operator.EQ, n(1)).named("bad name"));
        assertThrows(
                IllegalArgumentException.class,
                () ->
                        new UpdateRow(
                                UpdateClause.Keyword.SET,
                                AttributePath.of("a"),
                                Optional.empty(),
                                Optional.empty()));
    }

    // ---- the way back ----------------------------------------------------------------------

    @Test
    void readsTheSeedKeyConditionBackIntoRows() {
        AsRows<Row> back =
                ExpressionCompiler.conditionRows(
                        ExpressionKind.KEY_CONDITION,
                        "#er = :er AND begins_with(#d, :p)",
                        Map.of("#er", "EntityRef", "#d", "Detail"),
                        Map.of(":er", s("WS#acme"), ":p", s("PROJ#")));
        AsRows.Shown<Row> shown = assertInstanceOf(AsRows.Shown.class, back);
        assertEquals(
                List.of(
                        Row.of("EntityRef", Operator.EQ, s("WS#acme")).named("er"),
                        Row.of("Detail", Operator.BEGINS_WITH, s("PROJ#")).named("p")),
                shown.rows());
    }

    @Test
    void roundTripsRowsThroughText() {
        List<Row> rows =
                List.of(
                        Row.of("price", Operator.BETWEEN, n("1.50"), n(9)),
                        Row.of("status", Operator.IN, s("A"), s("B")),
                        Row.of(AttributePath.parse("author.name"), Operator.BEGINS_WITH, s("Mara")),
                        Row.of(AttributePath.parse("items[2]"), Operator.GE, n(3)),
                        Row.of("Safety.Warning", Operator.ATTRIBUTE_EXISTS),
                        Row.of("kind", Operator.ATTRIBUTE_TYPE, s("SS")).named("t"),
                        Row.of("payload", Operator.EQ, AttributeValue.b(new byte[] {0, -1, 7})),
                        Row.of("note", Operator.EQ, s("")),
                        Row.of("gone", Operator.NE, AttributeValue.nul()));
        CompiledExpression compiled = ExpressionCompiler.compile(ExpressionKind.FILTER, rows);

        AsRows<Row> back =
                ExpressionCompiler.conditionRows(
                        ExpressionKind.FILTER,
                        compiled.text(),
                        compiled.names(),
                        compiled.values());
        List<Row> read = assertInstanceOf(AsRows.Shown.class, back).rows();
        assertEquals(
                rows.stream().map(Row::withDefaultNames).toList(),
                read.stream().map(Row::withDefaultNames).toList());
        assertEquals(compiled, ExpressionCompiler.compile(ExpressionKind.FILTER, read));
    }

    @Test
    void roundTripsUpdateRowsThroughText() {
        List<UpdateRow> rows =
                List.of(
                        UpdateRow.set("authorName", s("Mara V.")).named("new"),
                        UpdateRow.remove(AttributePath.parse("draft.notes[0]")),
                        UpdateRow.add(AttributePath.of("views"), n(1)),
                        UpdateRow.delete(
                                AttributePath.of("tags"), AttributeValue.ss("old", "stale")));
        ExpressionCompiler compiler = new ExpressionCompiler();
        CompiledExpression compiled = compiler.expression(compiler.update(rows));
        AsRows<UpdateRow> back =
                ExpressionCompiler.updateRows(compiled.text(), compiled.names(), compiled.values());
        List<UpdateRow> read = assertInstanceOf(AsRows.Shown.class, back).rows();
        assertEquals(
                rows.stream().map(UpdateRow::withDefaultName).toList(),
                read.stream().map(UpdateRow::withDefaultName).toList());
        ExpressionCompiler again = new ExpressionCompiler();
        assertEquals(compiled, again.expression(again.update(read)));
    }

    @Test
    void readsHandWrittenTextWithBareNamesAndMirroredComparisons() {
        AsRows<Row> back =
                ExpressionCompiler.conditionRows(
                        ExpressionKind.FILTER,
                        ":min < price AND author.#n = :who",
                        Map.of("#n", "name"),
                        Map.of(":min", n(5), ":who", s("Mara")));
        List<Row> rows = assertInstanceOf(AsRows.Shown.class, back).rows();
        assertEquals(
                List.of(
                        Row.of("price", Operator.GT, n(5)).named("min"),
                        Row.of(AttributePath.parse("author.name"), Operator.EQ, s("Mara"))
                                .named("who")),
                rows);
    }

    @Test
    void projectionReadsBackIntoPaths() {
        AsRows<AttributePath> back =
                ExpressionCompiler.projectionRows(
                        "#er, author.#n, items[1]", Map.of("#er", "EntityRef", "#n", "name"));
        assertEquals(
                List.of(
                        AttributePath.of("EntityRef"),
                        AttributePath.parse("author.name"),
                        AttributePath.parse("items[1]")),
                assertInstanceOf(AsRows.Shown.class, back).rows());
    }

    @Test
    void saysWhyAnExpressionCannotBeShownAsRows() {
        Map<String, AttributeValue> v = new LinkedHashMap<>();
        v.put(":a", n(1));
        v.put(":b", n(2));
        assertEquals(
                "column 8: OR cannot be shown as rows; rows are joined with AND",
                notShown(
                        ExpressionCompiler.conditionRows(
                                ExpressionKind.FILTER, "a = :a OR b = :b", Map.of(), v)));
        assertEquals(
                "column 12: NOT cannot be shown as rows",
                notShown(
                        ExpressionCompiler.conditionRows(
                                ExpressionKind.FILTER, "a = :a AND NOT b = :b", Map.of(), v)));
        assertEquals(
                "column 1: size(a) > :a cannot be shown as a row; a row tests an attribute against :values",
                notShown(
                        ExpressionCompiler.conditionRows(
                                ExpressionKind.FILTER, "size(a) > :a", Map.of(), v)));
        assertEquals(
                "column 1: a = b cannot be shown as a row; a row tests an attribute against :values",
                notShown(
                        ExpressionCompiler.conditionRows(
                                ExpressionKind.FILTER, "a = b", Map.of(), v)));
        assertEquals(
                "column 1: #x is not defined in ExpressionAttributeNames",
                notShown(
                        ExpressionCompiler.conditionRows(
                                ExpressionKind.FILTER, "#x = :a", Map.of(), v)));
        assertEquals(
                "column 5: :zz is not defined in ExpressionAttributeValues",
                notShown(
                        ExpressionCompiler.conditionRows(
                                ExpressionKind.FILTER, "a = :zz", Map.of(), v)));
        assertEquals(
                "column 8: unexpected 'begins_with' after the end of the expression",
                notShown(
                        ExpressionCompiler.conditionRows(
                                ExpressionKind.FILTER, "a = :a begins_with(a)", Map.of(), v)));
        assertEquals(
                "column 9: SET a = a + :a cannot be shown as rows; a row sets a path to a :value",
                notShown(ExpressionCompiler.updateRows("SET a = a + :a", Map.of(), v)));
    }

    private static String notShown(AsRows<?> answer) {
        return assertInstanceOf(AsRows.NotShown.class, answer).reason();
    }
}
