package io.dynoscope.cli;

import io.dynoscope.cli.Formats.ImportFormat;
import io.dynoscope.core.item.DynamoJsonLines;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.PlainJson;
import io.dynoscope.repository.BatchResult;
import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.TableInfo;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code dynoscope import}: loads JSON lines into a table. The whole input is read and checked
 * first (syntax, keys and their types, item size, duplicate keys); one bad line stops the import
 * with its line number before anything is written.
 */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description =
                "Load items from JSON lines, as export writes them: dynamodb-json ({\"Item\": {...}} a line) "
                        + "or json (one plain JSON item a line). The whole input is checked before anything is written; "
                        + "items replace any item with the same key.")
final class ImportCommand implements Callable<Integer> {

    @ParentCommand private DynoscopeCli cli;

    @Option(names = "--table", required = true, paramLabel = "TABLE")
    private String table;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "dynamodb-json",
            description = "dynamodb-json or json. Default: ${DEFAULT-VALUE}.")
    private ImportFormat format;

    @Option(names = "--in", paramLabel = "FILE", description = "The file to read (default: stdin).")
    private Path inFile;

    /** One parsed input line, remembered by its number for messages. */
    private record NumberedItem(int line, Item item) {}

    @Override
    public Integer call() {
        String source = inFile == null ? "stdin" : inFile.toString();
        List<NumberedItem> parsed =
                parse(inFile == null ? readStdin() : TextFiles.readLines(inFile), source);
        try (DynamoRepository repository = cli.repository()) {
            TableInfo info = repository.describeTable(table);
            List<Item> items = checked(parsed, info, source);
            BatchResult result =
                    repository.batchWrite(table, items, List.of(), Cancellation.none());
            cli.err()
                    .println(
                            "imported "
                                    + result.processed()
                                    + " items into table '"
                                    + table
                                    + "' in "
                                    + result.requests()
                                    + " requests");
        }
        return ExitCodes.OK;
    }

    private List<NumberedItem> parse(List<String> lines, String source) {
        List<NumberedItem> items = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i);
            int lineNumber = i + 1;
            if (text.isBlank()) {
                continue;
            }
            try {
                Item item =
                        format == ImportFormat.DYNAMODB_JSON
                                ? DynamoJsonLines.parseLine(text, lineNumber)
                                : atLine(text, lineNumber);
                items.add(new NumberedItem(lineNumber, item));
            } catch (ItemFormatException e) {
                throw CliException.usage(source + ": " + e.getMessage() + "; nothing was imported");
            }
        }
        return items;
    }

    private static Item atLine(String text, int lineNumber) {
        try {
            return PlainJson.readItem(text);
        } catch (ItemFormatException e) {
            throw new ItemFormatException(e.reason(), e.path(), lineNumber, e.column());
        }
    }

    private List<Item> checked(List<NumberedItem> parsed, TableInfo info, String source) {
        List<Item> items = new ArrayList<>(parsed.size());
        Map<Key, Integer> firstLineOfKey = new HashMap<>();
        boolean lenient = format == ImportFormat.JSON;
        for (NumberedItem numbered : parsed) {
            String where = source + ": line " + numbered.line();
            try {
                Item item =
                        ItemInput.checkedForWrite(
                                ItemInput.typedForTable(numbered.item(), info, lenient, where),
                                info,
                                where);
                Integer earlier =
                        firstLineOfKey.putIfAbsent(item.key(info.keySchema()), numbered.line());
                if (earlier != null) {
                    // BatchWriteItem refuses a batch with one key twice; say so before writing
                    // anything.
                    throw CliException.usage(where + ": the same key as line " + earlier);
                }
                items.add(item);
            } catch (CliException e) {
                throw CliException.usage(e.getMessage() + "; nothing was imported");
            }
        }
        return items;
    }

    private static List<String> readStdin() {
        try {
            BufferedReader reader =
                    new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            return reader.lines().toList();
        } catch (UncheckedIOException e) {
            throw CliException.usage("cannot read stdin: " + e.getMessage());
        }
    }
}
