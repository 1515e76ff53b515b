package io.dynoscope.core.planner;

import io.dynoscope.core.model.KeyTemplates;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How one entity fills the keys of the table or of one index, in parts the planner can extend: the
 * partition key's tagged values ({@code MEMBER#{memberId}}, or a fixed tag), and the sort key's tag
 * followed by values in order ({@code LOAN#{status}#{loanedAt}}), then the ids that keep items of
 * one partition apart when no value orders them.
 *
 * @param index the index name, or null for the table (assigned when indexes are laid out)
 * @param partition the partition key's parts: a tag, or a tag and a variable
 * @param sortTag the literal the sort key starts with ({@code LOAN}), or the whole constant sort
 *     key ({@code META}) when {@code sortValues} and {@code tail} are empty
 * @param sortValues the variables of the sort key, in order
 * @param tail ids appended after the values (on an index with no other values)
 * @param numeric whether the sort key is the one number of {@code sortValues} itself, of type N
 *     ({@code {points}}): a number written into a string key sorts as text (10 before 9), so a
 *     pattern ordered or ranged by a number reads an index whose sort key is that number, with
 *     every value given in its partition key
 */
record KeyPath(
        String index,
        List<Part> partition,
        String sortTag,
        List<String> sortValues,
        List<String> tail,
        boolean numeric) {

    /** One part of a partition key: {@code TAG#{variable}}, or a fixed {@code TAG}. */
    record Part(String tag, String variable) {
        String text() {
            return variable == null ? tag : tag + "#{" + variable + "}";
        }
    }

    KeyPath(
            String index,
            List<Part> partition,
            String sortTag,
            List<String> sortValues,
            List<String> tail) {
        this(index, partition, sortTag, sortValues, tail, false);
    }

    KeyPath {
        if (numeric && (sortValues.size() != 1 || !tail.isEmpty())) {
            throw new IllegalArgumentException("a number sort key holds one number only");
        }
        partition = List.copyOf(partition);
        Objects.requireNonNull(sortTag, "sortTag");
        sortValues = List.copyOf(sortValues);
        tail = List.copyOf(tail);
    }

    /** The variables of the partition key. */
    List<String> partitionVariables() {
        return partition.stream().map(Part::variable).filter(Objects::nonNull).toList();
    }

    /** The partition key template. */
    String partitionText() {
        return String.join("#", partition.stream().map(Part::text).toList());
    }

    /** Every variable of the sort key, in order. */
    List<String> sortVariables() {
        List<String> all = new ArrayList<>(sortValues);
        tail.stream().filter(t -> !all.contains(t)).forEach(all::add);
        return all;
    }

    /** The sort key template. */
    String sortText() {
        if (numeric) {
            return "{" + sortValues.get(0) + "}";
        }
        StringBuilder text = new StringBuilder(sortTag);
        for (String v : sortVariables()) {
            text.append("#{").append(v).append('}');
        }
        return text.toString();
    }

    KeyTemplates templates() {
        return KeyTemplates.of(partitionText(), sortText());
    }

    /** The same key with sort values extended (the tail then drops out). */
    KeyPath withSortValues(List<String> values) {
        return new KeyPath(index, partition, sortTag, values, List.of(), numeric);
    }

    KeyPath onIndex(String name) {
        return new KeyPath(name, partition, sortTag, sortValues, tail, numeric);
    }

    /**
     * The sort key's literal text up to and including the values of {@code equal} (a prefix of the
     * sort values), as a template: {@code LOAN#{status}#}; for no values {@code LOAN#}.
     */
    String prefixTemplate(int equal) {
        if (numeric) {
            return "";
        }
        StringBuilder text = new StringBuilder(sortTag).append('#');
        for (int i = 0; i < equal; i++) {
            text.append('{').append(sortVariables().get(i)).append("}#");
        }
        return text.toString();
    }
}
