package io.dynoscope.repository;

import static io.dynoscope.core.item.AttributeValue.b;
import static io.dynoscope.core.item.AttributeValue.bool;
import static io.dynoscope.core.item.AttributeValue.bs;
import static io.dynoscope.core.item.AttributeValue.l;
import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.ns;
import static io.dynoscope.core.item.AttributeValue.nul;
import static io.dynoscope.core.item.AttributeValue.s;
import static io.dynoscope.core.item.AttributeValue.ss;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.GetResult;
import io.dynoscope.service.store.WriteOutcome;
import io.dynoscope.testsupport.TestEngine;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every DynamoDB type survives a put and a get through the real engine without losing anything. */
class AttributeRoundTripTest {

    private static final String THIRTY_EIGHT_DIGITS = "12345678901234567890123456789012345678";
    private static DynamoRepository repository;
    private static String table;

    @BeforeAll
    static void createTable() {
        repository = TestEngine.repository();
        table = TestEngine.freshTable("roundtrip");
    }

    @Test
    void everyTypeComesBackAsItWasWritten() {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        attributes.put("pk", s("TYPES"));
        attributes.put("sk", s("ALL"));
        attributes.put("empty", s(""));
        attributes.put("unicode", s("Mara Vance — ñandú 🦤"));
        attributes.put("big", n(THIRTY_EIGHT_DIGITS));
        attributes.put("negativeBig", n("-9.9999999999999999999999999999999999999E+125"));
        attributes.put("tiny", n("1E-130"));
        attributes.put("decimal", n("0.1"));
        attributes.put("bin", b(new byte[] {0, 1, (byte) 0xFF, (byte) 0x80, 10}));
        attributes.put("emptyBin", b(new byte[0]));
        attributes.put("yes", bool(true));
        attributes.put("no", bool(false));
        attributes.put("nothing", nul());
        attributes.put("names", ss("a", "b", "c"));
        attributes.put("numbers", ns("1", THIRTY_EIGHT_DIGITS, "-1E-130"));
        attributes.put("blobs", bs(new byte[] {1}, new byte[] {2, 3}, new byte[] {(byte) 0xFE}));
        attributes.put(
                "author",
                m(
                        Map.of(
                                "id",
                                s("U#12"),
                                "name",
                                s("Mara Vance"),
                                "tags",
                                l(
                                        s("x"),
                                        n("2"),
                                        nul(),
                                        m(Map.of("deep", l(l(bool(true)), m(Map.of()))))))));
        attributes.put("emptyList", l());
        attributes.put("emptyMap", m(Map.of()));
        Item item = Item.of(attributes);

        assertInstanceOf(WriteOutcome.Written.class, repository.putItem(table, item, null));
        Item read =
                repository
                        .getItem(table, Key.of("pk", s("TYPES"), "sk", s("ALL")), true)
                        .item()
                        .orElseThrow();

        assertEquals(item, read);
        assertEquals(
                THIRTY_EIGHT_DIGITS,
                ((AttributeValue.Num) read.get("big").orElseThrow()).canonical());
        assertEquals(
                new BigDecimal("1E-130"),
                ((AttributeValue.Num) read.get("tiny").orElseThrow()).value());
        assertEquals("0.1", ((AttributeValue.Num) read.get("decimal").orElseThrow()).canonical());
        assertArrayEquals(
                new byte[] {0, 1, (byte) 0xFF, (byte) 0x80, 10},
                ((AttributeValue.Bin) read.get("bin").orElseThrow()).bytes());
        assertEquals(s(""), read.get("empty").orElseThrow());
        assertEquals(nul(), read.get("nothing").orElseThrow());
        assertEquals(3, ((AttributeValue.BinSet) read.get("blobs").orElseThrow()).members().size());
    }

    @Test
    void aNumberWrittenAsTypedIsReadBackAsTheSameValue() {
        Item item =
                Item.of(
                        Map.of(
                                "pk",
                                s("NUM"),
                                "sk",
                                s("1"),
                                "padded",
                                n("0012.50"),
                                "exp",
                                n("1.5e3")));
        repository.putItem(table, item, null);
        Item read =
                repository
                        .getItem(table, Key.of("pk", s("NUM"), "sk", s("1")), true)
                        .item()
                        .orElseThrow();
        assertEquals("12.5", ((AttributeValue.Num) read.get("padded").orElseThrow()).canonical());
        assertEquals("1500", ((AttributeValue.Num) read.get("exp").orElseThrow()).canonical());
    }

    @Test
    void aMissingItemIsEmptyAndStillCountsOneRequest() {
        GetResult result =
                repository.getItem(table, Key.of("pk", s("NOPE"), "sk", s("NOPE")), false);
        assertEquals(Optional.empty(), result.item());
        assertEquals(1, result.statistics().requests());
        assertEquals(0, result.statistics().returnedCount());
    }

    @Test
    void putReturnsTheOldItemWhenItReplacesOne() {
        Item first = Item.of(Map.of("pk", s("OLD"), "sk", s("1"), "v", n(1)));
        Item second = first.with("v", n(2));
        WriteOutcome.Written created =
                (WriteOutcome.Written) repository.putItem(table, first, null);
        assertNull(created.oldItem());
        WriteOutcome.Written replaced =
                (WriteOutcome.Written) repository.putItem(table, second, null);
        assertEquals(first, replaced.oldItem());
        assertEquals(List.of("pk", "sk", "v").size(), replaced.oldItem().attributes().size());
    }
}
