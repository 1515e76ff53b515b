package io.dynoscope.ui.common.job;

import io.dynoscope.service.job.ClusterJobRun;
import io.dynoscope.service.job.JobLaunch.Engine;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import io.dynoscope.ui.shell.ShellView;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * The Run on a cluster… dialog at 1280x800, pictured whole-display: the Migrate window's with EMR
 * Serverless chosen and filled in, the drift inspector's (drift-fix) with the local engine, the
 * partitions tab's with EMR Serverless; each with the job's arguments as its view builds them. Not
 * a test.
 *
 * <pre>
 * Xvfb :97 -screen 0 1280x800x24 &amp; DISPLAY=:97 java -cp $CP io.dynoscope.ui.common.job.RunOnClusterScreenshots docs light|dark [migrate|drift-fix|partitions]
 * </pre>
 */
public final class RunOnClusterScreenshots {

    private RunOnClusterScreenshots() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        boolean dark = args.length > 1 && args[1].equals("dark");
        String job = args.length > 2 ? args[2] : "migrate";
        String jobs = "/tmp/dynoscope-jobs/";
        List<String> jobArgs =
                switch (job) {
                    case "drift-fix" ->
                            List.of(
                                    "--table",
                                    "Orders",
                                    "--rule",
                                    jobs + "Orders.drift-rule.json",
                                    "--report",
                                    jobs + "Orders.drift-fix.txt");
                    case "partitions" ->
                            List.of(
                                    "--table",
                                    "Orders",
                                    "--report",
                                    jobs + "Orders.partitions.json");
                    default ->
                            List.of(
                                    "--table",
                                    "Orders",
                                    "--to",
                                    "/home/me/.dynoscope/migrations/Orders.cluster-target.json",
                                    "--report",
                                    "/home/me/.dynoscope/migrations/Orders.cluster.migration-report.json");
                };
        Platform.startup(() -> {});
        CountDownLatch shown = new CountDownLatch(1);
        Platform.runLater(
                () -> {
                    RunOnClusterViewModel vm =
                            new RunOnClusterViewModel(
                                    new RunOnClusterViewModel.Setup(
                                            job,
                                            jobArgs,
                                            Optional.of(
                                                    new ConnectionSpec.Profile(
                                                            "prod", "eu-west-1")),
                                            Optional.empty(),
                                            "/opt/dynoscope/dynoscope-jobs.jar",
                                            Optional.of("/opt/spark-3.5.7"),
                                            () -> {},
                                            Optional.empty()),
                                    new RunOnClusterViewModel.Services(
                                            new ClusterJobRun(2_000),
                                            ClusterJobRun.processes(),
                                            (c, r) -> {
                                                throw new IllegalStateException("not sent");
                                            }),
                                    new BackgroundWork(
                                            Executors.newCachedThreadPool(), UiExecutor.fx()),
                                    report -> {});
                    if (job.equals("drift-fix")) {
                        vm.coresProperty().set("8");
                    } else {
                        vm.engineProperty().set(Engine.EMR_SERVERLESS);
                    }
                    vm.applicationIdProperty().set("00fabc123");
                    vm.executionRoleProperty().set("arn:aws:iam::123456789012:role/dynoscope-job");
                    vm.s3JarProperty().set("s3://my-bucket/jobs/dynoscope-jobs.jar");
                    Stage stage = new Stage();
                    Scene scene = new Scene(RunOnClusterDialog.content(vm), 1280, 800);
                    ShellView.applyTheme(scene, dark);
                    stage.setScene(scene);
                    stage.setTitle("Run " + job + " on a cluster");
                    stage.setX(0);
                    stage.setY(0);
                    stage.show();
                    shown.countDown();
                });
        shown.await();
        Thread.sleep(2500);
        String name =
                "jobs-run-on-cluster-"
                        + (job.equals("migrate") ? "" : job + "-")
                        + "1280-"
                        + (dark ? "dark" : "light");
        new ProcessBuilder("import", "-window", "root", out.resolve(name + ".png").toString())
                .inheritIO()
                .start()
                .waitFor();
        System.out.println("saved " + name);
        System.exit(0);
    }
}
