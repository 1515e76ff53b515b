package io.dynoscope.ui.shell;

import static io.dynoscope.ui.common.ViewBindings.tooltip;

import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.ui.common.DialogService;
import java.net.URI;
import java.util.function.Supplier;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;

/** The forms that add a connection: an endpoint, or an AWS profile with a region. */
final class ConnectionForms {

    private final ShellViewModel viewModel;
    private final SidebarTree sidebar;

    ConnectionForms(ShellViewModel viewModel, SidebarTree sidebar) {
        this.viewModel = viewModel;
        this.sidebar = sidebar;
    }

    /**
     * A profile with another region (or one without a region in ~/.aws/config) as its own
     * connection.
     */
    void addProfile() {
        ComboBox<String> profile = new ComboBox<>();
        profile.setEditable(true);
        viewModel.connections().stream()
                .filter(c -> c.spec() instanceof ConnectionSpec.Profile)
                .map(c -> ((ConnectionSpec.Profile) c.spec()).profileName())
                .distinct()
                .forEach(profile.getItems()::add);
        TextField region = new TextField();
        region.setPromptText("eu-west-1");
        CheckBox readOnly = readOnlyBox();
        tooltip(
                readOnly,
                "Ticked by itself for a profile named like a production one ("
                        + "*prod* unless DYNOSCOPE_READ_ONLY_PROFILES says otherwise)");
        // the policy's word until the user ticks or unticks it
        boolean[] touched = new boolean[1];
        readOnly.setOnAction(e -> touched[0] = true);
        profile.getEditor()
                .textProperty()
                .addListener(
                        (o, old, name) -> {
                            if (!touched[0] && !name.isBlank()) {
                                readOnly.setSelected(
                                        viewModel
                                                .access(ConnectionEntry.profile(name.strip(), null))
                                                .readOnly());
                            }
                        });
        GridPane form = form();
        form.addRow(0, new Label("Profile"), profile);
        form.addRow(1, new Label("Region"), region);
        form.add(readOnly, 1, 2);
        show(
                "Add AWS profile",
                "A profile from ~/.aws/config with the region to use it in.\n"
                        + "Credentials stay in the AWS files; for SSO profiles run `aws sso login --profile NAME` first.",
                form,
                readOnly,
                () ->
                        AddEndpoint.problemWithProfile(
                                profile.getEditor().getText(), region.getText()),
                () ->
                        ConnectionEntry.profile(
                                profile.getEditor().getText().strip(), region.getText().strip()));
    }

    /** A DynamoDB-compatible endpoint such as DynamoDB Local or dynalite. */
    void addEndpoint() {
        TextField url = new TextField("http://localhost:8000");
        TextField keyId = new TextField(ConnectionSpec.Endpoint.DEFAULT_ACCESS_KEY_ID);
        TextField region = new TextField(ConnectionSpec.Endpoint.DEFAULT_REGION);
        CheckBox readOnly = readOnlyBox();
        tooltip(readOnly, "Reads only; the connection's menu can change it later");
        GridPane form = form();
        form.addRow(0, new Label("Endpoint URL"), url);
        form.addRow(1, new Label("Access key id"), keyId);
        form.addRow(2, new Label("Region"), region);
        form.add(readOnly, 1, 3);
        show(
                "Add endpoint",
                "A DynamoDB-compatible endpoint such as DynamoDB Local or dynalite.\n"
                        + "DynamoDB Local keeps one database per access key id and region unless started with -sharedDb.",
                form,
                readOnly,
                () -> AddEndpoint.problemWith(url.getText()),
                () ->
                        ConnectionEntry.endpoint(
                                url.getText().strip(),
                                "Custom endpoint",
                                new ConnectionSpec.Endpoint(
                                        URI.create(url.getText().strip()),
                                        region.getText(),
                                        keyId.getText())));
    }

    /**
     * Shows a connection form; OK is refused while {@code problem} has something to say (said in
     * the form), and adds the connection the form describes, with the form's read-only word.
     */
    private void show(
            String title,
            String header,
            GridPane form,
            CheckBox readOnly,
            Supplier<String> problem,
            Supplier<ConnectionEntry> entry) {
        Label error = new Label();
        error.getStyleClass().add("error-text");
        form.add(error, 1, form.getRowCount());
        Dialog<ConnectionEntry> dialog = new Dialog<>();
        dialog.setTitle(title);
        dialog.setHeaderText(header);
        dialog.getDialogPane().setContent(form);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.getDialogPane()
                .lookupButton(ButtonType.OK)
                .addEventFilter(
                        ActionEvent.ACTION,
                        e -> {
                            String why = problem.get();
                            if (why != null) {
                                error.setText(why);
                                e.consume();
                            }
                        });
        dialog.setResultConverter(button -> button == ButtonType.OK ? entry.get() : null);
        Scene workbench = sidebar.scene();
        if (workbench != null) {
            DialogService.over(dialog, workbench.getWindow());
        }
        dialog.showAndWait()
                .ifPresent(
                        added -> {
                            if (!viewModel.connections().contains(added)) {
                                viewModel.connections().add(added);
                            }
                            // the box is the user's word when it differs from the policy's
                            if (viewModel.access(added).readOnly() != readOnly.isSelected()) {
                                viewModel.setReadOnly(added, readOnly.isSelected());
                            }
                            sidebar.selectConnection(added);
                        });
    }

    private static CheckBox readOnlyBox() {
        return new CheckBox("Read-only: every write is disabled");
    }

    private static GridPane form() {
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(6);
        form.setPadding(new Insets(10));
        return form;
    }
}
