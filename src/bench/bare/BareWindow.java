import java.time.Duration;
import java.time.Instant;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;

/**
 * The floor of start-up (.ci/startup-bench): a bare JavaFX application, one Stage and one Label,
 * packaged on the app's own runtime with the app's launcher options. It prints the time from its
 * process start to its window shown, measured as the app's smoke run measures its own, and quits.
 */
public class BareWindow extends Application {

    @Override
    public void start(Stage stage) {
        stage.setTitle("Dynoscope");
        stage.setScene(new Scene(new Label("Dynoscope"), 1024, 768));
        stage.show();
        long ms =
                ProcessHandle.current()
                        .info()
                        .startInstant()
                        .map(start -> Duration.between(start, Instant.now()).toMillis())
                        .orElse(-1L);
        System.out.println("BARE window-ms=" + ms);
        // dev/first-frame keeps it open to see its first frame drawn
        if (!Boolean.getBoolean("bare.stay")) {
            Platform.exit();
        }
    }

    /** A main class that is not the Application, so that JavaFX may be on the class path. */
    public static final class Main {
        public static void main(String[] args) {
            Application.launch(BareWindow.class, args);
        }
    }

    public static void main(String[] args) {
        launch(args);
    }
}
