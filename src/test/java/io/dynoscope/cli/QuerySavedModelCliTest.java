package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.model.ModelFiles;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.core.model.TableDesign;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.settings.SettingsService;
import io.dynoscope.settings.SettingsStore;
import io.dynoscope.testsupport.TestEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code query --pk 'WS#big#{shard}'} takes the shards from the model the window keeps. */
class QuerySavedModelCliTest {

    @TempDir Path settingsDir;

    @Test
    void aShardNameAfterTheValueQueriesTheShardsOfTheSavedModel() throws IOException {
        String table = TestEngine.uniqueTableName("cli-shards");
        String previous = System.getProperty(SettingsStore.DIRECTORY_PROPERTY);
        System.setProperty(SettingsStore.DIRECTORY_PROPERTY, settingsDir.toString());
        try {
            assertEquals(0, cli("seed", "--dataset", "saas", "--table", table).exitCode);
            TableDesign saas;
            try (InputStream in =
                    getClass().getResourceAsStream("/io/dynoscope/service/model/saas-model.json")) {
                String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                saas = ModelFiles.read(text).document().tables().get(0);
            }
            try (SettingsService settings =
                    SettingsService.open(SettingsStore.inDefaultDirectory())) {
                settings.saveTableModel(table, ModelJson.tableTree(saas));
            }

            Result result = cli("query", "--table", table, "--pk", SampleData.BIG + "#{shard}");

            assertEquals(0, result.exitCode, result.err);
            Set<String> partitions =
                    result.out
                            .lines()
                            .map(ItemJson.PLAIN::readItem)
                            .map(QuerySavedModelCliTest::partition)
                            .collect(Collectors.toSet());
            assertTrue(partitions.contains(SampleData.BIG), "the tenant's own partition");
            assertTrue(partitions.contains(SampleData.bigShard(3)), partitions.toString());
            assertTrue(
                    result.err.contains(
                            "shards: " + SampleData.BIG + " 1, " + SampleData.bigShard(1)),
                    result.err);
        } finally {
            if (previous == null) {
                System.clearProperty(SettingsStore.DIRECTORY_PROPERTY);
            } else {
                System.setProperty(SettingsStore.DIRECTORY_PROPERTY, previous);
            }
        }
    }

    private static String partition(Item item) {
        return item.string("EntityRef").orElseThrow();
    }

    private record Result(int exitCode, String out, String err) {}

    private static Result cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] all = new String[args.length + 2];
        all[0] = "--endpoint";
        all[1] = TestEngine.endpoint().toString();
        System.arraycopy(args, 0, all, 2, args.length);
        int code =
                DynoscopeCli.run(
                        all,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        TestRepositories.SDK);
        return new Result(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
