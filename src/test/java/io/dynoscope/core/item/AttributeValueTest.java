package io.dynoscope.core.item;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue.Num;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AttributeValueTest {

    private static final String DIGITS_38 = "12345678901234567890123456789012345678";
    private static final String DIGITS_39 = "123456789012345678901234567890123456789";

    @Test
    void numberKeeps38SignificantDigitsExactly() {
        Num number = Num.of(DIGITS_38);

        assertEquals(DIGITS_38, number.text());
        assertEquals(new BigDecimal(DIGITS_38), number.value());
        assertEquals(DIGITS_38, number.canonical());
    }

    @Test
    void numberWith39SignificantDigitsIsRejected() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Num.of(DIGITS_39));
        assertTrue(e.getMessage().contains("39 significant digits"), e.getMessage());
    }

    @Test
    void trailingZerosAreNotSignificant() {
        Num number = Num.of(DIGITS_38 + "000");

        assertEquals(0, new BigDecimal(DIGITS_38 + "000").compareTo(number.value()));
        assertEquals(DIGITS_38 + "000", number.text());
        assertEquals(DIGITS_38 + "000", number.canonical());
    }

    @Test
    void fractionalDigitsCountTowardsThe38() {
        assertEquals(
                new BigDecimal("1.2345678901234567890123456789012345678"),
                Num.of("1.2345678901234567890123456789012345678").value());
        assertThrows(
                IllegalArgumentException.class,
                () -> Num.of("1.23456789012345678901234567890123456789"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "1E-130",
                "-1E-130",
                "9.9999999999999999999999999999999999999E+125",
                "-9.9999999999999999999999999999999999999E+125",
                "0",
                "-0",
                "0.0"
            })
    void rangeLimitsAreAccepted(String text) {
        assertEquals(text, Num.of(text).text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"1E-131", "-9E-131", "1E+126", "-1E+126", "10E+125"})
    void numbersOutsideTheRangeAreRejected(String text) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Num.of(text));
        assertTrue(e.getMessage().contains("magnitude"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "abc", "1,5", "NaN", "Infinity", "0x10", "1e", "--1", "1.2.3"})
    void textThatIsNotANumberIsRejected(String text) {
        assertThrows(IllegalArgumentException.class, () -> Num.of(text));
    }

    @Test
    void numbersAreEqualByValue() {
        assertEquals(Num.of("6"), Num.of("6.0"));
        assertEquals(Num.of("6").hashCode(), Num.of("6.0").hashCode());
        assertEquals(Num.of("12.5"), Num.of("12.50"));
        assertEquals(Num.of("1000"), Num.of("1E+3"));
        assertEquals(Num.of("0"), Num.of("-0.000"));
        assertNotEquals(Num.of("6"), Num.of("6.000000000000000000000000000000000001"));
    }

    @Test
    void numberKeepsItsTextButHasACanonicalForm() {
        Num number = Num.of("12.50");

        assertEquals("12.50", number.text());
        assertEquals("12.5", number.canonical());
        assertEquals("1000", Num.of("1E+3").canonical());
    }

    @Test
    void aNumberAndAStringWithTheSameCharactersDiffer() {
        assertNotEquals(AttributeValue.n("6"), AttributeValue.s("6"));
    }

    @Test
    void setsCannotBeEmpty() {
        assertThrows(IllegalArgumentException.class, AttributeValue::ss);
        assertThrows(IllegalArgumentException.class, AttributeValue::ns);
        assertThrows(IllegalArgumentException.class, AttributeValue::bs);
    }

    @Test
    void numberSetRejectsMembersEqualByValue() {
        assertThrows(IllegalArgumentException.class, () -> AttributeValue.ns("6", "6.0"));
    }

    @Test
    void setEqualityIgnoresOrder() {
        assertEquals(AttributeValue.ns("1", "2"), AttributeValue.ns("2", "1"));
        assertEquals(AttributeValue.ss("a", "b"), AttributeValue.ss("b", "a"));
        assertEquals(
                AttributeValue.bs(new byte[] {1}, new byte[] {2}),
                AttributeValue.bs(new byte[] {2}, new byte[] {1}));
    }

    @Test
    void binaryIsCopiedInAndOut() {
        byte[] bytes = {1, 2, 3};
        AttributeValue.Bin bin = AttributeValue.b(bytes);
        bytes[0] = 9;
        bin.bytes()[1] = 9;

        assertEquals(AttributeValue.b(new byte[] {1, 2, 3}), bin);
    }
}
