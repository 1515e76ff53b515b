package io.dynoscope.app;

import io.dynoscope.core.table.ReadStatistics;
import io.dynoscope.core.work.DaemonPool;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.ui.grid.ItemGridViewModel;
import io.dynoscope.ui.shell.ConnectionEntry;
import io.dynoscope.ui.shell.ShellViewModel;
import io.dynoscope.ui.tabs.TableTab;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javafx.application.Platform;

/**
 * The packaged app's self-test, switched on with {@code -Ddynoscope.smoke=true}: once the window
 * shows, connect to the local sandbox, open the saas table (which reads its first page), query one
 * workspace, print one line ({@code SMOKE OK items=21 requests=1 window-ms=... loaded-ms=...
 * queried-ms=...}, times since the process started: window shown, first page on screen, query done)
 * and quit. A failure or two minutes without an answer prints {@code SMOKE FAILED <reason>} and
 * exits with status 1.
 */
final class SmokeRun {

    static final String PROPERTY = "dynoscope.smoke";

    /** A file the line is written to as well (the Windows launcher has no console). */
    static final String REPORT = "dynoscope.smoke.report";

    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private final AppContext context;
    private final long windowMillis;
    private boolean tableOpened;
    private long firstPageMillis = -1;

    private SmokeRun(AppContext context, long windowMillis) {
        this.context = context;
        this.windowMillis = windowMillis;
    }

    static boolean requested() {
        return Boolean.getBoolean(PROPERTY);
    }

    /** Starts the run; call on the FX thread once the window is showing. */
    static void start(AppContext context) {
        new SmokeRun(context, millisSinceProcessStart()).run();
    }

    private static long millisSinceProcessStart() {
        return StartupPhases.millisSinceProcessStart();
    }

    private void run() {
        DaemonPool.start(
                "smoke-watchdog",
                () -> {
                    try {
                        Thread.sleep(TIMEOUT.toMillis());
                        fail("no answer within " + TIMEOUT.toSeconds() + " s");
                    } catch (InterruptedException stopped) {
                        Thread.currentThread().interrupt();
                    }
                });

        ShellViewModel shell = context.shell();
        shell.connectionMessageProperty()
                .addListener(
                        (obs, old, text) -> {
                            if (text != null && text.startsWith("Could not connect")) {
                                fail(text);
                            }
                        });
        shell.activeConnectionProperty().addListener((obs, old, entry) -> openSampleTable(entry));
        if (shell.activeConnectionProperty().get() != null) {
            openSampleTable(shell.activeConnectionProperty().get());
        } else if (!shell.connectingProperty().get()) {
            shell.connect(
                    shell.connections().stream()
                            .filter(e -> e.kind() == ConnectionEntry.Kind.SANDBOX)
                            .findFirst()
                            .orElseThrow());
        }
    }

    private void openSampleTable(ConnectionEntry entry) {
        if (entry == null || tableOpened) {
            return;
        }
        tableOpened = true;
        StartupPhases.reached("connected");
        TableTab tab =
                (TableTab)
                        context.shell()
                                .openTable(SampleData.Dataset.SAAS.id())
                                .orElseThrow(
                                        () ->
                                                new IllegalStateException(
                                                        "the saas table did not open"));
        StartupPhases.reached("table-tab");
        ItemGridViewModel grid = tab.grid();
        grid.messageProperty()
                .addListener(
                        (obs, old, message) -> {
                            if (message != null && !message.isBlank()) {
                                fail(message);
                            }
                        });
        // the tab opens with its first page; then the seed's workspace is queried
        grid.onReadFinished(
                g -> {
                    if (firstPageMillis < 0) {
                        firstPageMillis = millisSinceProcessStart();
                        StartupPhases.reached("first-page");
                        grid.readBar().modeProperty().set(ReadMode.QUERY);
                        grid.readBar().partitionKeyValueProperty().set(SampleData.ACME);
                        grid.run();
                    } else {
                        report(g);
                    }
                });
    }

    private void report(ItemGridViewModel grid) {
        ReadStatistics statistics = grid.lastStatisticsProperty().get();
        StartupPhases.reached("queried");
        say("SMOKE PHASES " + StartupPhases.line());
        say(
                "SMOKE OK items="
                        + grid.loadedItems().size()
                        + " requests="
                        + statistics.requests()
                        + " window-ms="
                        + windowMillis
                        + " loaded-ms="
                        + firstPageMillis
                        + " queried-ms="
                        + millisSinceProcessStart());
        Platform.exit();
    }

    private static void fail(String reason) {
        say("SMOKE FAILED " + reason);
        System.exit(1);
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
        String report = System.getProperty(REPORT);
        if (report != null && !report.isBlank()) {
            try {
                Files.writeString(Path.of(report), line + System.lineSeparator());
            } catch (IOException e) {
                System.err.println("could not write the smoke report to " + report + ": " + e);
            }
        }
    }
}
