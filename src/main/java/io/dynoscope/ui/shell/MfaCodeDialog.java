package io.dynoscope.ui.shell;

import io.dynoscope.service.store.MfaCodePrompt;
import io.dynoscope.service.store.RepositoryException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import javafx.application.Platform;
import javafx.event.ActionEvent;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.Tooltip;

/**
 * Asks the person for the code of an MFA device in a dialog, when a profile with {@code mfa_serial}
 * needs new session credentials. Called on a connecting (background) thread, which waits for the
 * answer; the session it opens is cached as the AWS CLI caches it, so the code is asked once per
 * session.
 */
public final class MfaCodeDialog implements MfaCodePrompt {

    @Override
    public String code(String profileName, String mfaSerial) {
        Optional<String> code;
        if (Platform.isFxApplicationThread()) {
            code = ask(profileName, mfaSerial);
        } else {
            CompletableFuture<Optional<String>> answer = new CompletableFuture<>();
            Platform.runLater(
                    () -> {
                        try {
                            answer.complete(ask(profileName, mfaSerial));
                        } catch (RuntimeException e) {
                            answer.completeExceptionally(e);
                        }
                    });
            try {
                code = answer.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw cancelled(profileName);
            } catch (ExecutionException e) {
                throw new IllegalStateException("the MFA dialog failed", e.getCause());
            }
        }
        return code.orElseThrow(() -> cancelled(profileName));
    }

    private static Optional<String> ask(String profileName, String mfaSerial) {
        TextInputDialog dialog = new TextInputDialog();
        dialog.setTitle("MFA code");
        dialog.setHeaderText(
                "Profile '"
                        + profileName
                        + "' assumes its role with MFA.\nEnter the current code of "
                        + mfaSerial
                        + ".");
        dialog.setContentText("Code");
        dialog.getEditor().setId("mfaCode");
        dialog.getEditor().setTooltip(new Tooltip("The six digits the MFA device shows now"));
        Button ok = (Button) dialog.getDialogPane().lookupButton(ButtonType.OK);
        ok.addEventFilter(
                ActionEvent.ACTION,
                e -> {
                    if (!dialog.getEditor().getText().strip().matches("\\d{6}")) {
                        dialog.setHeaderText(
                                "An MFA code is six digits. Enter the current code of "
                                        + mfaSerial
                                        + ".");
                        e.consume();
                    }
                });
        return dialog.showAndWait().map(String::strip);
    }

    private static RepositoryException cancelled(String profileName) {
        return new RepositoryException(
                RepositoryException.Kind.CREDENTIALS,
                "Connect",
                null,
                "no MFA code was given for profile '" + profileName + "'",
                null);
    }
}
