package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.testsupport.TicketFixture;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad targets and models refused before the first request (issue 33, item 4): exit 2, a message
 * that says what and where, and no connection to DynamoDB made at all, counted by the repository
 * factory the command line is given.
 */
class ModelRefusalsCliTest {

    @TempDir Path folder;

    private final AtomicInteger connections = new AtomicInteger();

    private final Function<ConnectionSpec, DynamoRepository> counting =
            spec -> {
                connections.incrementAndGet();
                return SdkDynamoRepository.connect(spec);
            };

    private CliRun run(String... args) {
        List<String> all = new ArrayList<>(List.of("--endpoint", TestEngine.endpoint().toString()));
        all.addAll(List.of(args));
        return CliRun.run(Map.of(), counting, all);
    }

    private String file(String name, String text) throws IOException {
        return Files.writeString(folder.resolve(name), text, StandardCharsets.UTF_8).toString();
    }

    /** The ticket model named {@code table}, with {@code change} applied to its text. */
    private String model(String table, String text) throws IOException {
        return file(
                table + ".json",
                text.replace("\"table\": \"desk\"", "\"table\": \"" + table + "\""));
    }

    private void refused(CliRun run, String message) {
        assertEquals(ExitCodes.USAGE, run.exitCode(), run.err());
        assertTrue(run.err().contains(message), run.err());
        assertEquals(0, connections.get(), "no connection, so no request: " + run.err());
    }

    private static final String SECOND_TICKET =
            """
                {"name": "ticket", "partitionKey": "ACC#{accountId}", "sortKey": "OTHER#{ticketId}"},
                {"name": "contact\"""";

    @Test
    void twoEntitiesOfOneNameAreRefusedByMigrateAndLoad() throws IOException {
        String twice = TicketFixture.V2.replace("{\"name\": \"contact\"", SECOND_TICKET.strip());
        String migrateTarget = model("desk-twice", twice);
        String loadFile = model("desk-twice-load", twice);

        refused(
                run("model", "migrate", "--table", "desk-twice", "--to", migrateTarget, "--yes"),
                "table 'desk-twice': two entities are named 'ticket'");
        refused(run("model", "load", loadFile), "two entities are named 'ticket'");
    }

    @Test
    void aPatternOfAMissingEntityOrIndexIsRefused() throws IOException {
        String noEntity =
                model(
                        "desk-noent",
                        TicketFixture.V2.replace(
                                "\"entities\": [\"ticket\"], \"index\"",
                                "\"entities\": [\"tickets\"], \"index\""));
        String noIndex =
                model(
                        "desk-noidx",
                        TicketFixture.V2.replace("\"index\": \"GSI1\"", "\"index\": \"GSI9\""));

        refused(
                run("model", "migrate", "--table", "desk-noent", "--to", noEntity, "--yes"),
                "access pattern 'open tickets of a priority, newest first' reads entity 'tickets',"
                        + " which the model does not have (it has account, contact, ticket)");
        refused(
                run("model", "load", noIndex),
                "reads index 'GSI9', which the model does not have (it has GSI1)");
    }

    @Test
    void aTargetModelOfAnotherTableIsRefused() throws IOException {
        String target = file("other.json", TicketFixture.V2);

        refused(
                run("model", "migrate", "--table", "desk-live", "--to", target, "--yes"),
                "is the model of table 'desk', not 'desk-live'; nothing was read or written");
    }

    @Test
    void duplicateJsonKeysAreRefused() throws IOException {
        String twice =
                model(
                        "desk-dupkey",
                        TicketFixture.V1.replace(
                                "\"sortKey\": \"META\",",
                                "\"sortKey\": \"META\", \"sortKey\": \"X\","));

        refused(run("model", "load", twice), "Duplicate field 'sortKey'");
    }

    @Test
    void twoFacetsOfOneNameInANoSqlWorkbenchFileAreRefused() throws IOException {
        String twice =
                file(
                        "shop.json",
                        shop().replace("\"FacetName\": \"Product\"", "\"FacetName\": \"Order\""));

        refused(
                run("model", "load", twice),
                "two facets are named 'Order' (the second would replace the first's key templates)");
    }

    @Test
    void fractionalAndOutOfBoundsCapacityIsRefused() throws IOException {
        String fractional =
                file(
                        "fractional.json",
                        shop().replace("\"ReadCapacityUnits\": 5", "\"ReadCapacityUnits\": 1.5"));
        String target =
                file(
                        "target.json",
                        shop().replaceFirst("\"TargetValue\": 70", "\"TargetValue\": 95"));
        String zero =
                file(
                        "zero.json",
                        shop().replace("\"WriteCapacityUnits\": 4", "\"WriteCapacityUnits\": 0"));

        refused(
                run("model", "load", fractional),
                "expected a whole number, found 1.5, in DataModel[0]");
        refused(run("model", "load", target), "target utilisation is 95%; DynamoDB takes 20 to 90");
        refused(run("model", "load", zero), "at least 1 read and 1 write capacity unit");
    }

    @Test
    void unknownAndOverLongParametersAreRefusedByTheCheck() throws IOException {
        String file = model("desk-check", TicketFixture.V2);

        refused(
                run("model", "check", file, "--table", "desk-check", "--param", "priorty=P1"),
                "--param: parameter priorty is not one the access patterns take (accountId,"
                        + " priority)");
        refused(
                run(
                        "model",
                        "check",
                        file,
                        "--table",
                        "desk-check",
                        "--param",
                        "priority=" + "p".repeat(2049)),
                "--param: parameter priority is 2049 bytes, over DynamoDB's limit of 2048 bytes"
                        + " for the partition key it fills");
    }

    private static String shop() throws IOException {
        try (InputStream in =
                ModelRefusalsCliTest.class.getResourceAsStream(
                        "/io/dynoscope/core/model/workbench-shop.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
