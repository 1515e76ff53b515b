package io.dynoscope.core.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dynoscope.core.item.AttributeValue;
import org.junit.jupiter.api.Test;

class RowInputTest {

    @Test
    void oneLineRowsReadTheirOperatorAndValues() {
        assertThat(RowInput.parse("status = ACTIVE"))
                .isEqualTo(Row.of("status", Row.Operator.EQ, AttributeValue.s("ACTIVE")));
        assertThat(RowInput.parse("Detail begins_with PROJ#"))
                .isEqualTo(Row.of("Detail", Row.Operator.BEGINS_WITH, AttributeValue.s("PROJ#")));
        assertThat(RowInput.parse("n between 1 and 12345678901234567890123456789012345678"))
                .isEqualTo(
                        Row.of(
                                "n",
                                Row.Operator.BETWEEN,
                                AttributeValue.n(1),
                                AttributeValue.n("12345678901234567890123456789012345678")));
        assertThat(RowInput.parse("deletedAt not_exists"))
                .isEqualTo(Row.of("deletedAt", Row.Operator.ATTRIBUTE_NOT_EXISTS));
        assertThat(RowInput.parse("status in [\"A\", \"B\"]"))
                .isEqualTo(
                        Row.of(
                                "status",
                                Row.Operator.IN,
                                AttributeValue.s("A"),
                                AttributeValue.s("B")));
    }

    @Test
    void fieldsAndLinesMakeTheSameRow() {
        assertThat(RowInput.row("n", Row.Operator.GE, "5", null))
                .isEqualTo(RowInput.parse("n >= 5"));
    }

    @Test
    void badRowsSayWhatIsWrong() {
        assertThatThrownBy(() -> RowInput.parse("status like x"))
                .hasMessageContaining("'like' is not an operator");
        assertThatThrownBy(() -> RowInput.parse("n between 1"))
                .hasMessageContaining("between takes LOW and HIGH");
        assertThatThrownBy(() -> RowInput.parse("deletedAt exists now"))
                .hasMessageContaining("takes no value");
        assertThatThrownBy(() -> RowInput.parse("status in \"A\""))
                .hasMessageContaining("IN takes a JSON array");
        assertThatThrownBy(() -> RowInput.row("status", Row.Operator.EQ, " ", null))
                .hasMessageContaining("a value is missing");
    }
}
