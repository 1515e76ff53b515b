package io.dynoscope.service.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.sandbox.SampleData;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** The sandbox that starts on its stored sample state: every item there at once, nothing kept. */
class LocalSandboxStateTest {

    @Test
    void theSecondStartHasEverySampleItemAtOnceAndKeepsNoChange(@TempDir Path temporary)
            throws Exception {
        Path folder = temporary.resolve("state");
        Map<String, Integer> expected = new LinkedHashMap<>();
        for (SampleData.Dataset dataset : SampleData.Dataset.values()) {
            expected.put(
                    dataset.id(),
                    SampleData.items(dataset).size() + SampleData.bulkItems(dataset).size());
        }

        try (LocalSandbox first = LocalSandbox.start(folder, new SdkRepositories())) {
            assertTrue(
                    first.stateStored().get(3, TimeUnit.MINUTES),
                    "the first start stores the state");
            assertEquals(expected, counts(first), "the first start loads every sample item");
        }

        Path copy;
        try (LocalSandbox second = LocalSandbox.start(folder, new SdkRepositories())) {
            assertTrue(second.sampleDataLoaded().isDone(), "nothing left to load at start");
            assertFalse(second.stateStored().get(), "a stored state is not stored again");
            assertEquals(expected, counts(second));
            try (DynamoDbClient client = client(second.connection().endpoint())) {
                client.putItem(
                        b ->
                                b.tableName("saas")
                                        .item(
                                                Map.of(
                                                        "EntityRef",
                                                        AttributeValue.fromS("WS#added"),
                                                        "Detail",
                                                        AttributeValue.fromS("META"))));
            }
            copy = onlyCopyOf(ProcessHandle.current().pid());
            assertTrue(Files.isDirectory(copy), "the engine runs on a private copy");
        }
        assertFalse(Files.exists(copy), "closing removes the copy");

        try (LocalSandbox third = LocalSandbox.start(folder, new SdkRepositories())) {
            assertEquals(expected, counts(third), "the user's change did not reach the state");
        }

        // the packaged app's state, made at package time, serves a user with an empty cache
        Path userCache = temporary.resolve("user-cache");
        try (LocalSandbox packaged = LocalSandbox.start(userCache, folder, new SdkRepositories())) {
            assertTrue(packaged.sampleDataLoaded().isDone());
            assertEquals(expected, counts(packaged));
            assertFalse(packaged.stateStored().get());
        }
        assertFalse(Files.exists(userCache), "nothing is built when the package has the state");
    }

    @Test
    void storingAStateThatIsAlreadyThereKeepsItAndFailsNothing(@TempDir Path temporary)
            throws Exception {
        // Linux refuses to rename onto a non-empty folder with a plain FileSystemException
        // (ENOTEMPTY): a second package build, or two first runs at once, must keep the first.
        Path folder = temporary.resolve("state");
        String version = LocalSandbox.storeState(folder, new SdkRepositories());
        assertEquals(version, LocalSandbox.storeState(folder, new SdkRepositories()));
        assertTrue(Files.isDirectory(folder.resolve(version)), "the stored state is kept");
        try (var entries = Files.list(folder)) {
            assertEquals(1L, entries.count(), "no build folder is left behind");
        }
    }

    @Test
    void copiesOfAProcessThatIsGoneAreRemoved(@TempDir Path temporary) throws Exception {
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        Path stale =
                Files.createDirectories(
                        temporary.resolve(SampleState.COPY_PREFIX + ended.pid() + "-1"));
        Path live =
                Files.createDirectories(
                        temporary.resolve(
                                SampleState.COPY_PREFIX + ProcessHandle.current().pid() + "-2"));
        Path other = Files.createDirectories(temporary.resolve("someone-else-1"));

        SampleState.removeStaleCopies(temporary);

        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(live));
        assertTrue(Files.exists(other));
    }

    private static Path onlyCopyOf(long pid) throws Exception {
        Path temporary = Path.of(System.getProperty("java.io.tmpdir"));
        try (var entries = Files.list(temporary)) {
            return entries.filter(
                            p ->
                                    p.getFileName()
                                            .toString()
                                            .startsWith(SampleState.COPY_PREFIX + pid + "-"))
                    .findFirst()
                    .orElseThrow();
        }
    }

    private static Map<String, Integer> counts(LocalSandbox sandbox) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        try (DynamoDbClient client = client(sandbox.connection().endpoint())) {
            for (SampleData.Dataset dataset : SampleData.Dataset.values()) {
                int count =
                        client
                                .scanPaginator(b -> b.tableName(dataset.id()).select(Select.COUNT))
                                .stream()
                                .mapToInt(page -> page.count())
                                .sum();
                counts.put(dataset.id(), count);
            }
        }
        return counts;
    }

    private static DynamoDbClient client(URI endpoint) {
        return DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(
                        StaticCredentialsProvider.create(AwsBasicCredentials.create("k", "s")))
                .build();
    }
}
