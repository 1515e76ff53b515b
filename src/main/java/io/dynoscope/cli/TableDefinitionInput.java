package io.dynoscope.cli;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.SecondaryIndex;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** A table's keys and indexes as {@code table create} and {@code table add-index} take them. */
final class TableDefinitionInput {

    private TableDefinitionInput() {}

    /** A key attribute typed {@code NAME:TYPE}, TYPE being S, N or B. */
    record KeyAttribute(String name, String type) {

        static KeyAttribute parse(String text, String option) {
            int colon = text.lastIndexOf(':');
            if (colon <= 0) {
                throw CliException.usage(option + " is NAME:TYPE (S, N or B), not '" + text + "'");
            }
            return of(text.substring(0, colon), text.substring(colon + 1), option);
        }

        static KeyAttribute of(String name, String type, String option) {
            if (name.isEmpty() || !KeyType.isDescriptor(type)) {
                throw CliException.usage(
                        option
                                + ": a key attribute is NAME:TYPE with TYPE S, N or B, not '"
                                + name
                                + ":"
                                + type
                                + "'");
            }
            return new KeyAttribute(name, type);
        }
    }

    /**
     * A global secondary index typed {@code NAME:PK:TYPE[:SK:TYPE]}, its projection from {@code
     * --projection NAME=ALL|KEYS_ONLY|INCLUDE:a,b} (ALL by default), its key types added to {@code
     * types}.
     */
    static SecondaryIndex globalIndex(
            String text, Map<String, String> projections, Map<String, String> types) {
        String[] parts = text.split(":", -1);
        if (parts.length != 3 && parts.length != 5) {
            throw CliException.usage("--gsi is NAME:PK:TYPE[:SK:TYPE], not '" + text + "'");
        }
        KeyAttribute pk = KeyAttribute.of(parts[1], parts[2], "--gsi " + parts[0]);
        KeyAttribute sk =
                parts.length == 5 ? KeyAttribute.of(parts[3], parts[4], "--gsi " + parts[0]) : null;
        declare(types, pk);
        if (sk != null) {
            declare(types, sk);
        }
        return index(
                parts[0],
                true,
                KeySchema.of(pk.name(), sk == null ? null : sk.name()),
                projections);
    }

    static SecondaryIndex index(
            String name, boolean global, KeySchema keys, Map<String, String> projections) {
        String projection = projections.getOrDefault(name, "ALL");
        if (projection.startsWith("INCLUDE:")) {
            List<String> attributes =
                    Arrays.stream(projection.substring("INCLUDE:".length()).split(","))
                            .map(String::strip)
                            .filter(a -> !a.isEmpty())
                            .toList();
            return new SecondaryIndex(name, global, keys, "INCLUDE", attributes);
        }
        if (!projection.equals("ALL") && !projection.equals("KEYS_ONLY")) {
            throw CliException.usage(
                    "--projection "
                            + name
                            + " is ALL, KEYS_ONLY or INCLUDE:attr,attr, not '"
                            + projection
                            + "'");
        }
        return new SecondaryIndex(name, global, keys, projection, List.of());
    }

    /** Adds a key attribute's type, refusing one attribute given two types. */
    static void declare(Map<String, String> types, KeyAttribute attribute) {
        String earlier = types.putIfAbsent(attribute.name(), attribute.type());
        if (earlier != null && !earlier.equals(attribute.type())) {
            throw CliException.usage(
                    "attribute '"
                            + attribute.name()
                            + "' is given the types "
                            + earlier
                            + " and "
                            + attribute.type());
        }
    }
}
