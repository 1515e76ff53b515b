package io.dynoscope.ui.planner;

import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelJson;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.model.ModelPlanning;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.testsupport.TestEngine;
import io.dynoscope.ui.common.BackgroundWork;
import io.dynoscope.ui.common.UiExecutor;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;

/**
 * Takes the screenshots of docs/model.md on a real window (run under Xvfb): the seed's entities and
 * access patterns, the proposed design, the example items, and the design loaded and checked on a
 * local engine. Not a test.
 *
 * <pre>
 * xvfb-run -s "-screen 0 1400x900x24" java -cp $CP io.dynoscope.ui.planner.TableModelScreenshots docs [dark]
 * </pre>
 */
public final class TableModelScreenshots {

    private TableModelScreenshots() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs");
        try (LocalEngine engine = LocalEngine.start();
                DynamoRepository repository =
                        SdkDynamoRepository.connect(
                                new ConnectionSpec.Endpoint(engine.endpoint(), null, null))) {
            CountDownLatch started = new CountDownLatch(1);
            Platform.startup(started::countDown);
            started.await();
            BackgroundWork work =
                    new BackgroundWork(Executors.newCachedThreadPool(), UiExecutor.fx());
            LoadTarget local =
                    new LoadTarget(
                            "Local sandbox",
                            false,
                            cancellation -> new ConnectionServices(repository));
            TableModelViewModel viewModel = new TableModelViewModel(List.of(local), work, null);
            DesignViewModel design = viewModel.design();
            LoadCheckViewModel loadCheck = viewModel.loadCheck();
            boolean dark = args.length > 1 && args[1].equals("dark");
            Stage[] stage = new Stage[1];
            onFx(
                    () -> {
                        Parent root = TableModelView.load(viewModel);
                        if (dark) {
                            root.setStyle("-fx-base: #2b2b2b; -fx-background: #1e1f22;");
                        }
                        stage[0] = new Stage();
                        stage[0].setScene(new Scene(root, 1280, 800));
                        stage[0].setTitle("Dynoscope — Model");
                        stage[0].show();
                        design.importModel(libraryModel());
                        design.tableNameProperty().set(TestEngine.uniqueTableName("Library"));
                    });
            TabPane tabs = (TabPane) stage[0].getScene().lookup("#tabs");
            String suffix = dark ? "-dark" : "";
            snapshot(stage[0], out.resolve("screenshot-model-design" + suffix + ".png"));
            onFx(() -> tabs.getSelectionModel().select(1));
            snapshot(stage[0], out.resolve("screenshot-model-examples" + suffix + ".png"));
            onFx(loadCheck::prepareLoad);
            waitFor(() -> loadCheck.awaitingConfirmationProperty().get());
            onFx(loadCheck::confirmLoad);
            waitFor(
                    () ->
                            !loadCheck.loadedTableProperty().get().isEmpty()
                                    && !viewModel.runningProperty().get());
            int patterns = design.designProperty().get().model().accessPatterns().size();
            onFx(loadCheck::check);
            waitFor(
                    () ->
                            loadCheck.checks().size() == patterns
                                    && !viewModel.runningProperty().get());
            onFx(
                    () -> {
                        TableView<?> checks =
                                (TableView<?>) stage[0].getScene().lookup("#checksTable");
                        checks.requestFocus();
                        checks.getSelectionModel().select(1);
                    });
            snapshot(stage[0], out.resolve("screenshot-model-check" + suffix + ".png"));
            work.shutdown();
            Platform.exit();
        }
    }

    /** The library, planned from its plan request, as a model file. */
    private static String libraryModel() {
        return ModelJson.write(
                ModelDocument.of(
                        ModelPlanning.plan(
                                        """
                                        { "table": "Library",
                                          "entities": [
                                            { "name": "member", "attributes": { "name": "S", "email": "S" } },
                                            { "name": "book", "id": "isbn", "attributes": { "title": "S", "authorId": "S" } },
                                            { "name": "branch", "attributes": { "city": "S" } },
                                            { "name": "copy", "id": ["isbn", "branchId"], "attributes": { "shelf": "S" } },
                                            { "name": "loan", "belongsTo": "member", "writesPerSecond": 20,
                                              "attributes": { "isbn": "S", "status": "S", "loanedAt": "S", "renewals": "L" } } ],
                                          "accessPatterns": [
                                            "Look up a member by memberId",
                                            { "words": "List the loans of a given isbn loaned between two dates", "readsPerSecond": 40 },
                                            { "words": "List the loans of a member with a given status, newest first", "readsPerSecond": 25 },
                                            "Get a loan with its renewals",
                                            "Get the copies of a book at every branch",
                                            "Get the copy of a book at a given branch",
                                            "Find the books of a given authorId" ] }
                                        """)
                                .plan()
                                .design()));
    }

    private static void onFx(Runnable action) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(
                () -> {
                    try {
                        action.run();
                    } finally {
                        done.countDown();
                    }
                });
        done.await(30, TimeUnit.SECONDS);
    }

    private static void waitFor(BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 600 && !condition.getAsBoolean(); i++) {
            Thread.sleep(100);
        }
    }

    private static void snapshot(Stage stage, Path file) throws InterruptedException {
        Thread.sleep(700);
        WritableImage[] image = new WritableImage[1];
        onFx(() -> image[0] = stage.getScene().snapshot(null));
        PixelReader pixels = image[0].getPixelReader();
        int width = (int) image[0].getWidth();
        int height = (int) image[0].getHeight();
        BufferedImage png = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                png.setRGB(x, y, pixels.getArgb(x, y));
            }
        }
        try {
            ImageIO.write(png, "png", file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
