package io.dynoscope.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dynoscope.cli.Formats.OutputFormat;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.ConnectionServices;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code dynoscope describe TABLE}: keys with their types, indexes, billing, size and features. */
@Command(
        name = "describe",
        mixinStandardHelpOptions = true,
        description =
                "Describe a table: keys, indexes, billing, item count and size (JSON, or text with --output table).")
final class DescribeCommand implements Callable<Integer> {

    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @ParentCommand private DynoscopeCli cli;

    @Parameters(paramLabel = "TABLE", description = "The table to describe.")
    private String table;

    @Override
    public Integer call() {
        TableInfo info;
        try (ConnectionServices services = cli.services()) {
            info = services.metadata().describeTable(table);
        }
        if (cli.output() == OutputFormat.TABLE) {
            printText(info);
        } else {
            try {
                cli.out().println(MAPPER.writeValueAsString(asMap(info)));
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
        }
        return ExitCodes.OK;
    }

    private static Map<String, Object> asMap(TableInfo info) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("name", info.name());
        map.put("status", info.status());
        putKeys(map, info.keySchema(), info);
        map.put("billingMode", info.billingMode());
        map.put("itemCount", info.itemCount());
        map.put("sizeBytes", info.sizeBytes());
        map.put("globalSecondaryIndexes", indexes(info.globalSecondaryIndexes(), info));
        map.put("localSecondaryIndexes", indexes(info.localSecondaryIndexes(), info));
        map.put("ttlAttribute", info.ttlAttribute().orElse(null));
        map.put("streamViewType", info.streamViewType().orElse(null));
        return map;
    }

    private static List<Map<String, Object>> indexes(List<SecondaryIndex> indexes, TableInfo info) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (SecondaryIndex index : indexes) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("name", index.name());
            putKeys(map, index.keySchema(), info);
            map.put("projectionType", index.projectionType());
            if (!index.nonKeyAttributes().isEmpty()) {
                map.put("nonKeyAttributes", index.nonKeyAttributes());
            }
            map.put("status", info.stateOf(index).status());
            map.put("itemCount", info.stateOf(index).itemCount());
            list.add(map);
        }
        return list;
    }

    private static void putKeys(Map<String, Object> map, KeySchema keys, TableInfo info) {
        map.put(
                "partitionKey",
                Map.of("name", keys.partitionKey(), "type", type(info, keys.partitionKey())));
        keys.sortKey()
                .ifPresent(sk -> map.put("sortKey", Map.of("name", sk, "type", type(info, sk))));
    }

    private void printText(TableInfo info) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"table", info.name()});
        rows.add(new String[] {"status", info.status()});
        rows.add(new String[] {"keys", keys(info.keySchema(), info)});
        rows.add(new String[] {"billing", info.billingMode()});
        rows.add(new String[] {"items", Long.toString(info.itemCount())});
        rows.add(new String[] {"size", info.sizeBytes() + " bytes"});
        for (SecondaryIndex index : info.indexes()) {
            rows.add(
                    new String[] {
                        index.global() ? "GSI" : "LSI",
                        index.name()
                                + ": "
                                + keys(index.keySchema(), info)
                                + ", projection "
                                + index.projectionType()
                                + (index.nonKeyAttributes().isEmpty()
                                        ? ""
                                        : " " + index.nonKeyAttributes())
                                + ", "
                                + info.stateOf(index).status()
                    });
        }
        rows.add(new String[] {"ttl", info.ttlAttribute().orElse("-")});
        rows.add(new String[] {"stream", info.streamViewType().orElse("-")});
        for (String[] row : rows) {
            cli.out().printf("%-8s  %s%n", row[0], row[1]);
        }
    }

    private static String keys(KeySchema keys, TableInfo info) {
        return keys.partitionKey()
                + " ("
                + type(info, keys.partitionKey())
                + ", partition)"
                + keys.sortKey()
                        .map(sk -> ", " + sk + " (" + type(info, sk) + ", sort)")
                        .orElse("");
    }

    private static String type(TableInfo info, String attribute) {
        return info.keyAttributeTypes().getOrDefault(attribute, "?");
    }
}
