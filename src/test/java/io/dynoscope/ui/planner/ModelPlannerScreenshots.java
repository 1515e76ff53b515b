package io.dynoscope.ui.planner;

import io.dynoscope.repository.ConnectionSpec;
import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.SdkDynamoRepository;
import io.dynoscope.sandbox.LocalEngine;
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
 * xvfb-run -s "-screen 0 1400x900x24" java -cp $CP io.dynoscope.ui.planner.ModelPlannerScreenshots docs
 * </pre>
 */
public final class ModelPlannerScreenshots {

    private ModelPlannerScreenshots() {}

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
            LoadTarget local = new LoadTarget("Local sandbox", false, cancellation -> repository);
            ModelPlannerViewModel viewModel = new ModelPlannerViewModel(List.of(local), work, null);
            Stage[] stage = new Stage[1];
            onFx(
                    () -> {
                        Parent root = ModelPlannerView.load(viewModel);
                        stage[0] = new Stage();
                        stage[0].setScene(new Scene(root, 1360, 860));
                        stage[0].setTitle("Dynoscope — model planner");
                        stage[0].show();
                        viewModel.tableNameProperty().set(TestEngine.uniqueTableName("saas-plan"));
                        viewModel.partitionKeyProperty().set("EntityRef");
                        viewModel.sortKeyProperty().set("Detail");
                        viewModel.newEntityNameProperty().set("workspace");
                        viewModel.newEntityAttributesProperty().set("name:S, plan:S");
                        viewModel.addEntity();
                        viewModel.newEntityNameProperty().set("project");
                        viewModel.newEntityParentProperty().set("workspace");
                        viewModel
                                .newEntityAttributesProperty()
                                .set("name:S, status:S, createdAt:S, labels:SS");
                        viewModel.newEntityUnboundedProperty().set(true);
                        viewModel.addEntity();
                        for (String words :
                                List.of(
                                        "get a workspace's settings",
                                        "load a workspace and its projects, newest first",
                                        "get one project by its id",
                                        "all projects with status = ACTIVE across workspaces")) {
                            viewModel.newPatternWordsProperty().set(words);
                            viewModel.addPattern();
                        }
                        viewModel.propose();
                    });
            TabPane tabs = (TabPane) stage[0].getScene().lookup("#tabs");
            snapshot(stage[0], out.resolve("screenshot-model-design.png"));
            onFx(() -> tabs.getSelectionModel().select(1));
            snapshot(stage[0], out.resolve("screenshot-model-examples.png"));
            onFx(viewModel::prepareLoad);
            onFx(viewModel::confirmLoad);
            waitFor(
                    () ->
                            !viewModel.loadedTableProperty().get().isEmpty()
                                    && !viewModel.runningProperty().get());
            onFx(viewModel::check);
            waitFor(() -> viewModel.checks().size() == 4 && !viewModel.runningProperty().get());
            onFx(
                    () -> {
                        TableView<?> checks =
                                (TableView<?>) stage[0].getScene().lookup("#checksTable");
                        checks.requestFocus();
                        checks.getSelectionModel().select(1);
                    });
            snapshot(stage[0], out.resolve("screenshot-model-check.png"));
            work.shutdown();
            Platform.exit();
        }
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
