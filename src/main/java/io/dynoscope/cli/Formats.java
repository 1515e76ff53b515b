package io.dynoscope.cli;

import io.dynoscope.core.transfer.TransferFormat;
import java.util.Arrays;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.TypeConversionException;

/** The text formats the CLI reads and writes, under the names the user types. */
final class Formats {

    private Formats() {}

    /** A choice named on the command line by {@link #id()}. */
    interface Named {
        String id();
    }

    /**
     * How a key or item given on the command line is written. {@code auto} decides by the partition
     * key: its value is an object such as {@code {"S":"WS#acme"}} in DynamoDB JSON and a bare
     * string or number in plain JSON (key values are scalars, so this cannot be mistaken).
     */
    enum InputFormat implements Named {
        AUTO("auto"),
        JSON("json"),
        DYNAMODB_JSON("dynamodb-json");

        private final String id;

        InputFormat(String id) {
            this.id = id;
        }

        @Override
        public String id() {
            return id;
        }
    }

    /** How items are printed on stdout: one JSON item a line, an aligned text table, or CSV. */
    enum OutputFormat implements Named {
        JSON("json"),
        DYNAMODB_JSON("dynamodb-json"),
        TABLE("table"),
        CSV("csv");

        private final String id;

        OutputFormat(String id) {
            this.id = id;
        }

        @Override
        public String id() {
            return id;
        }
    }

    /**
     * Lets picocli read these choices by their ids (which contain dashes, so are not enum names).
     */
    static void register(CommandLine commandLine) {
        commandLine.registerConverter(InputFormat.class, text -> choose(InputFormat.class, text));
        commandLine.registerConverter(OutputFormat.class, text -> choose(OutputFormat.class, text));
        commandLine.registerConverter(
                TransferFormat.class, text -> chosen(TransferFormat::fromId, text));
    }

    /** A choice read by core's own {@code fromId}, its refusal as picocli's. */
    private static <T> T chosen(Function<String, T> fromId, String text) {
        try {
            return fromId.apply(text);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }

    static <E extends Enum<E> & Named> E choose(Class<E> type, String text) {
        for (E choice : type.getEnumConstants()) {
            if (choice.id().equals(text)) {
                return choice;
            }
        }
        throw new TypeConversionException("'" + text + "' is not one of " + ids(type));
    }

    static <E extends Enum<E> & Named> String ids(Class<E> type) {
        return Arrays.stream(type.getEnumConstants())
                .map(Named::id)
                .collect(Collectors.joining(", "));
    }
}
