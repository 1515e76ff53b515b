package io.dynoscope.core.model;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemJson;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What an access pattern asks, in the attributes of the items it returns and apart from how the key
 * design answers it: "the loans of a member with a given status loaned between two dates, newest
 * first" gives {@code memberId} and {@code status}, asks a range of {@code loanedAt} and orders by
 * it, descending. The check computes the right answer from this alone, by filtering example items,
 * and compares it with what the request returned.
 *
 * @param given the attributes whose values the caller has (each is a parameter of the same name)
 * @param range a range of one attribute, if asked
 * @param order the order asked, if any
 * @param limit how many items it asks at most, 0 for all of them; empty to take the request's Limit
 *     as what is asked (a model that does not say). A request whose Limit is under the one asked
 *     returns only a first page of the answer, and the check says so.
 */
public record Question(
        List<String> given, Optional<Range> range, Optional<Order> order, Optional<Integer> limit) {

    public Question {
        given = List.copyOf(new LinkedHashSet<>(given));
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(order, "order");
        Objects.requireNonNull(limit, "limit");
        if (limit.isPresent() && limit.get() < 0) {
            throw new IllegalArgumentException("a question's limit cannot be negative");
        }
    }

    /** A question that leaves its limit to the request's. */
    public Question(List<String> given, Optional<Range> range, Optional<Order> order) {
        this(given, range, order, Optional.empty());
    }

    /** A range of one attribute's values; bounds are inclusive, as DynamoDB's BETWEEN. */
    public record Range(String attribute, Kind kind) {

        /** Which bounds the caller gives. */
        public enum Kind {
            /** From and to: "between two dates", "for a given date range". */
            BETWEEN,
            /** From only: "after", "since", "in the last N days". */
            AFTER,
            /** To only: "before", "until". */
            BEFORE,
            /** The start of the value: "for a specific date" of a timestamp. */
            PREFIX
        }

        public Range {
            Objects.requireNonNull(attribute, "attribute");
            Objects.requireNonNull(kind, "kind");
        }

        /** The parameter of the lower bound: {@code loanedAtFrom}. */
        public String from() {
            return attribute + "From";
        }

        /** The parameter of the upper bound: {@code loanedAtTo}. */
        public String to() {
            return attribute + "To";
        }

        /** The parameter of a prefix: {@code loanedAtPrefix}. */
        public String prefix() {
            return attribute + "Prefix";
        }

        /** The parameters the caller gives for this range. */
        public List<String> parameters() {
            return switch (kind) {
                case BETWEEN -> List.of(from(), to());
                case AFTER -> List.of(from());
                case BEFORE -> List.of(to());
                case PREFIX -> List.of(prefix());
            };
        }

        /**
         * Whether {@code value} lies in the range the parameters give: a number compared as a
         * number, anything else by its text, as DynamoDB orders them.
         */
        public boolean contains(AttributeValue value, Map<String, String> parameters) {
            return switch (kind) {
                case BETWEEN ->
                        compare(value, parameters.get(from())) >= 0
                                && compare(value, parameters.get(to())) <= 0;
                case AFTER -> compare(value, parameters.get(from())) >= 0;
                case BEFORE -> compare(value, parameters.get(to())) <= 0;
                case PREFIX -> text(value).startsWith(parameters.get(prefix()));
            };
        }
    }

    /** An order of the items returned. */
    public record Order(String attribute, boolean descending) {
        public Order {
            Objects.requireNonNull(attribute, "attribute");
        }
    }

    /** A question with only given values. */
    public static Question given(List<String> given) {
        return new Question(given, Optional.empty(), Optional.empty());
    }

    /** Every parameter the caller supplies: the given attributes, then the range's bounds. */
    public Set<String> parameters() {
        Set<String> names = new LinkedHashSet<>(given);
        range.ifPresent(r -> names.addAll(r.parameters()));
        return names;
    }

    /** The attributes the question reads from each item. */
    public List<String> attributes() {
        List<String> names = new ArrayList<>(given);
        range.ifPresent(r -> names.add(r.attribute()));
        order.ifPresent(o -> names.add(o.attribute()));
        return names;
    }

    /** A value as text: a string as it is, a number's digits, anything else as DynamoDB JSON. */
    public static String text(AttributeValue value) {
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        }
        if (value instanceof AttributeValue.Num n) {
            return n.text();
        }
        return ItemJson.DYNAMODB.write(value);
    }

    /** Compares an attribute value with a bound: numerically for a number, else by text. */
    public static int compare(AttributeValue value, String bound) {
        if (value instanceof AttributeValue.Num n) {
            try {
                return new BigDecimal(n.text()).compareTo(new BigDecimal(bound));
            } catch (NumberFormatException e) {
                return n.text().compareTo(bound);
            }
        }
        return text(value).compareTo(bound);
    }

    /** Orders two attribute values as DynamoDB orders sort keys: numbers as numbers, else text. */
    public static int compare(AttributeValue a, AttributeValue b) {
        if (a instanceof AttributeValue.Num x && b instanceof AttributeValue.Num y) {
            return new BigDecimal(x.text()).compareTo(new BigDecimal(y.text()));
        }
        return text(a).compareTo(text(b));
    }
}
