package io.dynoscope.service.read;

import static io.dynoscope.core.item.AttributeValue.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.expression.AttributePath;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.KeyChoice;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.sql.ColumnPredicate;
import io.dynoscope.core.sql.PlannedRead;
import io.dynoscope.core.sql.ReadPlanner;
import io.dynoscope.core.sql.SqlRelation;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The grid's Query-not-Scan hint and SQL's push-down are fed the same conditions and must choose
 * the same key (table or index) with the same key condition, or both no key.
 */
class KeyChoiceAgreementTest {

    private static final KeySchema KEYS = KeySchema.of("PK", "SK");
    private static final Map<String, String> TYPES =
            Map.of("PK", "S", "SK", "S", "authorId", "S", "createdAt", "S", "status", "S");
    private static final List<SecondaryIndex> INDEXES =
            List.of(
                    SecondaryIndex.global("byAuthor", "authorId", "createdAt"),
                    new SecondaryIndex(
                            "byStatus",
                            true,
                            KeySchema.of("status", null),
                            "KEYS_ONLY",
                            List.of()));
    private static final TableInfo INFO =
            new TableInfo(
                    "t",
                    "ACTIVE",
                    KEYS,
                    TYPES,
                    List.of(INDEXES.get(0), INDEXES.get(1)),
                    List.of(),
                    "PAY_PER_REQUEST",
                    0,
                    0,
                    Optional.empty(),
                    Optional.empty(),
                    null);
    private static final SqlRelation TABLE =
            SqlRelation.table(
                    "t",
                    KEYS,
                    TYPES,
                    INDEXES,
                    List.of(
                            new Item(
                                    Map.of(
                                            "PK", s("U#1"),
                                            "SK", s("POST#1"),
                                            "authorId", s("A"),
                                            "createdAt", s("2026"),
                                            "status", s("open"),
                                            "title", s("t")))));

    private static final List<String> DISAGREE = new ArrayList<>();

    private static Row row(String attribute, Row.Operator operator, AttributeValue... values) {
        return new Row(AttributePath.of(attribute), operator, List.of(values), List.of());
    }

    /** The key each side chooses: "scan", or the index ("table" for none) and key condition. */
    private static void assertAgree(String why, String expected, Row... rows) {
        assertAgree(why, expected, false, rows);
    }

    /**
     * {@code hintSilent}: the key leaves a row on a key attribute that SQL checks on the items but
     * a Query could not state, so the hint offers nothing rather than another key.
     */
    private static void assertAgree(String why, String expected, boolean hintSilent, Row... rows) {
        ExpressionCompiler compiler = new ExpressionCompiler();
        ReadRequest scan =
                new ReadRequest(
                        "t",
                        ReadMode.SCAN,
                        null,
                        null,
                        true,
                        compiler.expression(compiler.condition(List.of(rows))),
                        null,
                        1,
                        0,
                        false);
        String hint =
                QueryHint.of(scan, INFO)
                        .map(h -> chosen(h.query().index(), h.query().keyCondition()))
                        .orElse("scan");
        List<ColumnPredicate> predicates =
                List.of(rows).stream()
                        .map(
                                r ->
                                        new ColumnPredicate(
                                                TABLE.columnIndex(r.path().attribute()),
                                                ColumnPredicate.Operator.valueOf(
                                                        r.operator().name()),
                                                r.values().stream()
                                                        .<Object>map(
                                                                v ->
                                                                        ((AttributeValue.Str) v)
                                                                                .value())
                                                        .toList()))
                        .toList();
        PlannedRead read = ReadPlanner.plan(TABLE, predicates, null).get(0);
        String sql = read.isScan() ? "scan" : chosen(read.index(), read.keyCondition());
        if (!expected.equals(sql) || !(hintSilent ? "scan" : sql).equals(hint)) {
            DISAGREE.add(why + ": expected " + expected + ", SQL " + sql + ", hint " + hint);
        }
    }

    private static String chosen(String index, Object keyCondition) {
        return (index == null ? "table" : index) + " " + keyCondition;
    }

    @Test
    void theGridsHintAndSqlChooseTheSameKey() {
        Row pk = row("PK", Row.Operator.EQ, s("U#1"));
        assertAgree("equality on the partition key", "table " + key(pk), pk);
        Row posts = row("SK", Row.Operator.BEGINS_WITH, s("POST#"));
        assertAgree("and begins_with on the sort key", "table " + key(pk, posts), pk, posts);
        Row author = row("authorId", Row.Operator.EQ, s("A"));
        assertAgree("a GSI's partition key", "byAuthor " + key(author), author);
        assertAgree("a range only", "scan", row("SK", Row.Operator.GT, s("POST#")));
        assertAgree(
                "a KEYS_ONLY index holds too few attributes for all of them",
                "scan",
                row("status", Row.Operator.EQ, s("open")));
        Row since = row("createdAt", Row.Operator.GT, s("2025"));
        assertAgree(
                "an index with a sort-key condition over the table without",
                "byAuthor " + key(author, since),
                true,
                pk,
                author,
                since);
        assertAgree("an empty string is no key value", "scan", row("PK", Row.Operator.EQ, s("")));
        assertEquals(List.of(), DISAGREE);
    }

    private static String key(Row partition, Row... sortKey) {
        KeySchema keys =
                partition.path().attribute().equals("PK")
                        ? KEYS
                        : KeySchema.of(partition.path().attribute(), "createdAt");
        return KeyCondition.partition(keys, partition.values().get(0))
                .and(
                        sortKey.length == 0
                                ? null
                                : KeyChoice.sortKeyConditionOf(sortKey[0]).orElseThrow())
                .toString();
    }
}
