package io.dynoscope.ui.expression;

import io.dynoscope.core.expression.AsRows;
import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.ExpressionMaps;
import io.dynoscope.core.expression.ExpressionValidator;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.Verdict;
import io.dynoscope.core.expression.snippet.SnippetLanguage;
import io.dynoscope.core.expression.snippet.SnippetOptions;
import io.dynoscope.core.expression.snippet.SnippetRequest;
import io.dynoscope.core.expression.snippet.Snippets;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.ItemFormatException;
import io.dynoscope.core.item.ItemJson;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.ui.common.IndexChoices;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The expression builder of one table: the kind being built, its rows, and live, as they are typed,
 * the expression text, both placeholder maps, the problems DynamoDB would report (at their column
 * and, where it is known, their row), and a snippet per language. An expression the person already
 * has can be pasted, checked and loaded back into rows. Run hands the request to whoever wired
 * {@link #setOnRun} (the grid). No controls here; everything is computed on the calling thread.
 * This class keeps the builder's state (kind, rows, saved expressions); what the rows build is a
 * {@link BuiltRequest}.
 */
public final class ExpressionBuilderViewModel {

    /**
     * A problem to show. {@code expression} is the kind whose text it is in (empty for the maps or
     * the item key), {@code column} its 1-based place in that text (0 when it has none), and {@code
     * row} the index of the row it came from in {@link #rows()} or {@link #guardRows()} (those of
     * the guard when {@code guard}), or -1.
     */
    public record Problem(
            Optional<ExpressionKind> expression,
            int column,
            int row,
            boolean guard,
            String message) {
        @Override
        public String toString() {
            return column > 0 ? "column " + column + ": " + message : message;
        }
    }

    private final TableInfo table;
    private final SnippetOptions snippetOptions;

    private final ObjectProperty<ExpressionKind> kind =
            new SimpleObjectProperty<>(ExpressionKind.KEY_CONDITION);
    private final StringProperty index = new SimpleStringProperty(IndexChoices.TABLE);
    private final BooleanProperty newestFirst = new SimpleBooleanProperty(false);
    private final StringProperty itemKey = new SimpleStringProperty("");
    private final ObservableList<String> indexChoices =
            FXCollections.observableArrayList(IndexChoices.TABLE);
    private final ObservableList<String> knownAttributes = FXCollections.observableArrayList();
    private final ObservableList<BuilderRow> rows =
            FXCollections.observableArrayList(BuilderRow::observables);
    private final ObservableList<BuilderRow> guardRows =
            FXCollections.observableArrayList(BuilderRow::observables);

    private final ReadOnlyStringWrapper expressionText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper guardText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper namesJson = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper valuesJson = new ReadOnlyStringWrapper("");
    private final ObservableList<Problem> problems = FXCollections.observableArrayList();
    // One read-only view for everyone: a wrapper made per call would drop its listeners when
    // collected.
    private final ObservableList<Problem> readOnlyProblems =
            FXCollections.unmodifiableObservableList(problems);
    private final Map<SnippetLanguage, ReadOnlyStringWrapper> snippets =
            new EnumMap<>(SnippetLanguage.class);
    private final ReadOnlyBooleanWrapper canRun = new ReadOnlyBooleanWrapper(false);
    private final StringProperty readOnlyReason = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ObservableList<SavedExpression> savedExpressions =
            FXCollections.observableArrayList();

    private Consumer<SnippetRequest> onRun = request -> {};
    private SnippetRequest current;
    private boolean refreshing;
    // while the person has not changed the builder since it last showed a read, it follows reads
    private boolean following;
    private boolean changedByPerson;

    /**
     * @param table the table's description (keys and indexes)
     * @param snippetOptions where snippets connect: {@link SnippetOptions#local} for a local
     *     engine, {@link SnippetOptions#aws()} otherwise
     */
    public ExpressionBuilderViewModel(TableInfo table, SnippetOptions snippetOptions) {
        this.table = table;
        this.snippetOptions = snippetOptions;
        for (SnippetLanguage language : SnippetLanguage.values()) {
            snippets.put(language, new ReadOnlyStringWrapper(""));
        }
        table.indexes().forEach(i -> indexChoices.add(i.name()));
        knownAttributes.setAll(keyAttributes());
        kind.addListener(
                (o, before, now) -> {
                    if (now == ExpressionKind.KEY_CONDITION
                            && rows.stream().allMatch(BuilderRow::isBlank)) {
                        startKeyCondition();
                    }
                    refresh();
                });
        index.addListener(
                (o, before, now) -> {
                    // A key condition not filled in yet follows the chosen index's keys.
                    if (kind.get() == ExpressionKind.KEY_CONDITION
                            && rows.stream().allMatch(r -> r.valueProperty().get().isBlank())) {
                        startKeyCondition();
                    }
                    refresh();
                });
        newestFirst.addListener((o, before, now) -> refresh());
        itemKey.addListener((o, before, now) -> refresh());
        readOnlyReason.addListener((o, before, now) -> refresh());
        rows.addListener((ListChangeListener<BuilderRow>) c -> refresh());
        guardRows.addListener((ListChangeListener<BuilderRow>) c -> refresh());
        startKeyCondition();
        for (var input : List.of(kind, index, newestFirst, itemKey)) {
            input.addListener(o -> personChanged());
        }
        rows.addListener((ListChangeListener<BuilderRow>) c -> personChanged());
        guardRows.addListener((ListChangeListener<BuilderRow>) c -> personChanged());
    }

    private void personChanged() {
        if (!following) {
            changedByPerson = true;
        }
    }

    /**
     * Shows a read in the rows — a Query's key condition, with its index and direction, or a Scan's
     * filter — so that the builder starts from the read bar's key and follows the reads the grid
     * runs; once the person changes the builder, it keeps their rows until it shows a read again by
     * their own Run. A GetItem, or a Scan without a filter, leaves the builder as it is.
     */
    public void follow(ReadRequest read) {
        if (changedByPerson || read.mode() == ReadMode.GET) {
            return;
        }
        List<Row> shown;
        ExpressionKind shownKind;
        if (read.mode() == ReadMode.QUERY) {
            shown = read.keyCondition().rows();
            shownKind = ExpressionKind.KEY_CONDITION;
        } else if (read.filter() != null
                && ExpressionCompiler.conditionRows(
                                ExpressionKind.FILTER,
                                read.filter().text(),
                                read.filter().names(),
                                read.filter().values())
                        instanceof AsRows.Shown<Row> filter) {
            shown = filter.rows();
            shownKind = ExpressionKind.FILTER;
        } else {
            return;
        }
        following = true;
        try {
            refreshing = true;
            try {
                kind.set(shownKind);
                index.set(read.index() == null ? IndexChoices.TABLE : read.index());
                newestFirst.set(!read.scanForward());
                rows.setAll(shown.stream().map(BuilderRow::of).toList());
                guardRows.clear();
            } finally {
                refreshing = false;
            }
            refresh();
        } finally {
            following = false;
        }
    }

    // ---- actions -------------------------------------------------------------------------------

    /** Adds an empty row to the main rows. */
    public BuilderRow addRow() {
        BuilderRow row = new BuilderRow();
        if (kind.get() == ExpressionKind.KEY_CONDITION && rows.size() == 1) {
            // The second row of a key condition is the sort key's, if the keys have one.
            keys().sortKey()
                    .ifPresent(
                            sk -> {
                                row.attributeProperty().set(sk);
                                row.operatorProperty().set(Row.Operator.BEGINS_WITH);
                            });
        }
        rows.add(row);
        return row;
    }

    /** Adds an empty row to the guard (the condition an update is applied under). */
    public BuilderRow addGuardRow() {
        BuilderRow row = new BuilderRow();
        guardRows.add(row);
        return row;
    }

    public void removeRow(BuilderRow row) {
        rows.remove(row);
        guardRows.remove(row);
    }

    /** Empties the rows and starts over for the current kind. */
    public void clear() {
        guardRows.clear();
        if (kind.get() == ExpressionKind.KEY_CONDITION) {
            startKeyCondition();
        } else {
            rows.clear();
        }
    }

    /** Known attributes starting with {@code prefix} (any case), key attributes first. */
    public List<String> completions(String prefix) {
        String wanted = prefix == null ? "" : prefix.strip().toLowerCase(Locale.ROOT);
        return knownAttributes.stream()
                .filter(a -> a.toLowerCase(Locale.ROOT).startsWith(wanted))
                .distinct()
                .toList();
    }

    /**
     * Checks an expression the person pasted, of the current kind, with its maps (names as JSON,
     * values as DynamoDB JSON; either may be blank), and loads it into the rows when rows can show
     * it. Returns the problems DynamoDB would report in it; {@link #messageProperty()} says whether
     * it was loaded, or why not.
     */
    public List<Problem> load(String text, String names, String values) {
        Map<String, String> nameMap;
        Map<String, AttributeValue> valueMap;
        try {
            nameMap = ExpressionMaps.names(names);
            valueMap =
                    values == null || values.isBlank()
                            ? Map.of()
                            : ItemJson.DYNAMODB.readItem(values).attributes();
        } catch (IllegalArgumentException | ItemFormatException e) {
            message.set("Cannot read the maps: " + e.getMessage());
            return List.of(new Problem(Optional.empty(), 0, -1, false, e.getMessage()));
        }
        ExpressionKind k = kind.get();
        // A map left blank is left out; one pasted as {} is sent empty, which DynamoDB refuses.
        Verdict verdict =
                ExpressionValidator.validate(
                        Map.of(k, text),
                        names == null || names.isBlank() ? null : nameMap,
                        values == null || values.isBlank() ? null : valueMap,
                        BuiltRequest.context(table, k, index.get()));
        List<Problem> found =
                verdict.problems().stream()
                        .map(p -> new Problem(p.expression(), p.column(), -1, false, p.message()))
                        .toList();
        AsRows<?> shown =
                switch (k) {
                    case PROJECTION -> ExpressionCompiler.projectionRows(text, nameMap);
                    case UPDATE -> ExpressionCompiler.updateRows(text, nameMap, valueMap);
                    default -> ExpressionCompiler.conditionRows(k, text, nameMap, valueMap);
                };
        if (shown instanceof AsRows.NotShown<?> notShown) {
            message.set("Not loaded into rows: " + notShown.reason());
            return found;
        }
        List<BuilderRow> loaded =
                ((AsRows.Shown<?>) shown).rows().stream().map(BuilderRow::of).toList();
        refreshing = true;
        try {
            rows.setAll(loaded);
            guardRows.clear();
        } finally {
            refreshing = false;
        }
        refresh();
        message.set(
                found.isEmpty()
                        ? "Loaded into rows."
                        : "Loaded into rows; DynamoDB would reject it as pasted.");
        return found;
    }

    /** Sends the built request to the Run handler, when there is one to send. */
    public void run() {
        if (canRun.get() && current != null) {
            if (!buildsWrite()) {
                changedByPerson = false; // the read it runs is what it shows
            }
            onRun.accept(current);
        }
    }

    /**
     * Who runs the request (the grid shows a read's items, the request count and consumed
     * capacity).
     */
    public void setOnRun(Consumer<SnippetRequest> handler) {
        this.onRun = handler == null ? request -> {} : handler;
    }

    // ---- saved expressions ---------------------------------------------------------------------

    /**
     * The expressions saved for this table (restored from the settings, which keep their changes).
     */
    public ObservableList<SavedExpression> savedExpressions() {
        return savedExpressions;
    }

    /**
     * Saves what the builder holds under {@code name}; one of the same name is replaced in its
     * place. Returns false, saying why, when there is nothing to save.
     */
    public boolean saveAs(String name) {
        String chosen = name == null ? "" : name.strip();
        if (chosen.isEmpty()) {
            message.set("Give the expression a name to save it under.");
            return false;
        }
        if (expressionText.get().isEmpty()) {
            message.set("There is no expression to save yet: fill in a row.");
            return false;
        }
        Map<String, String> nameMap = ExpressionMaps.names(namesJson.get());
        Map<String, AttributeValue> valueMap = ExpressionMaps.values(valuesJson.get());
        var main = CompiledExpression.using(expressionText.get(), nameMap, valueMap);
        var guard =
                guardText.get().isEmpty()
                        ? null
                        : CompiledExpression.using(guardText.get(), nameMap, valueMap);
        SavedExpression saved =
                new SavedExpression(
                        chosen,
                        kind.get().name(),
                        IndexChoices.index(index.get()),
                        main.text(),
                        ExpressionMaps.namesJson(main.names()),
                        ExpressionMaps.valuesJson(main.values()),
                        guard == null ? null : guard.text(),
                        guard == null ? null : ExpressionMaps.namesJson(guard.names()),
                        guard == null ? null : ExpressionMaps.valuesJson(guard.values()));
        int same = -1;
        for (int i = 0; i < savedExpressions.size(); i++) {
            if (savedExpressions.get(i).name().equals(chosen)) {
                same = i;
            }
        }
        if (same >= 0) {
            savedExpressions.set(same, saved);
        } else {
            savedExpressions.add(saved);
        }
        message.set((same >= 0 ? "Replaced '" : "Saved '") + chosen + "'.");
        return true;
    }

    /** Opens a saved expression: its kind, its index, and its rows (an update's guard too). */
    public void open(SavedExpression saved) {
        ExpressionKind savedKind;
        try {
            savedKind = ExpressionKind.valueOf(saved.kind());
        } catch (IllegalArgumentException e) {
            message.set("'" + saved.name() + "' is of an unknown kind, " + saved.kind());
            return;
        }
        kind.set(savedKind);
        index.set(
                saved.index() == null || !indexChoices.contains(saved.index())
                        ? IndexChoices.TABLE
                        : saved.index());
        load(saved.expression(), saved.names(), saved.values());
        if (saved.guard() != null && savedKind == ExpressionKind.UPDATE) {
            AsRows<Row> guard =
                    ExpressionCompiler.conditionRows(
                            ExpressionKind.CONDITION,
                            saved.guard(),
                            ExpressionMaps.names(saved.guardNames()),
                            ExpressionMaps.values(saved.guardValues()));
            if (guard instanceof AsRows.Shown<Row> shown) {
                guardRows.setAll(shown.rows().stream().map(BuilderRow::of).toList());
            }
        }
        if (message.get().startsWith("Loaded into rows")) {
            message.set("Opened '" + saved.name() + "'.");
        }
    }

    /** Forgets a saved expression. */
    public void forget(SavedExpression saved) {
        if (savedExpressions.remove(saved)) {
            message.set("Forgot '" + saved.name() + "'.");
        }
    }

    // ---- computing the preview ----------------------------------------------------------------

    private void startKeyCondition() {
        BuilderRow partition = new BuilderRow();
        partition.attributeProperty().set(keys().partitionKey());
        rows.setAll(partition);
    }

    /** Recomputes the text, maps, problems and snippets from the rows. */
    private void refresh() {
        if (refreshing) {
            return;
        }
        BuiltRequest built =
                BuiltRequest.of(
                        table,
                        kind.get(),
                        rows,
                        guardRows,
                        index.get(),
                        newestFirst.get(),
                        itemKey.get());
        expressionText.set(built.expression());
        guardText.set(built.guard());
        namesJson.set(built.namesJson());
        valuesJson.set(built.valuesJson());
        problems.setAll(built.problems());
        current = built.request();
        for (SnippetLanguage language : SnippetLanguage.values()) {
            snippets.get(language)
                    .set(current == null ? "" : Snippets.write(language, current, snippetOptions));
        }
        canRun.set(current != null && (!buildsWrite() || readOnlyReason.get().isEmpty()));
    }

    /** Whether the kind being built is sent as a write (UpdateItem, DeleteItem). */
    public boolean buildsWrite() {
        return kind.get() == ExpressionKind.UPDATE || kind.get() == ExpressionKind.CONDITION;
    }

    /**
     * Why the table's connection refuses writes, or empty: a write built here cannot then be run
     * (reads still can).
     */
    public StringProperty readOnlyReasonProperty() {
        return readOnlyReason;
    }

    private KeySchema keys() {
        return table.keySchemaOf(IndexChoices.index(index.get()));
    }

    private List<String> keyAttributes() {
        List<String> names = new ArrayList<>();
        names.add(table.keySchema().partitionKey());
        table.keySchema().sortKey().ifPresent(names::add);
        for (SecondaryIndex i : table.indexes()) {
            names.add(i.keySchema().partitionKey());
            i.keySchema().sortKey().ifPresent(names::add);
        }
        return names.stream().distinct().toList();
    }

    // ---- properties ----------------------------------------------------------------------------

    /**
     * What is being built; switching to a key condition with no rows filled starts the partition
     * key's row.
     */
    public ObjectProperty<ExpressionKind> kindProperty() {
        return kind;
    }

    /** The index a key condition (or a scan) reads, or {@link IndexChoices#TABLE}. */
    public StringProperty indexProperty() {
        return index;
    }

    public ObservableList<String> indexChoices() {
        return indexChoices;
    }

    /** A Query's read direction. */
    public BooleanProperty newestFirstProperty() {
        return newestFirst;
    }

    /** The key of the item an update or condition applies to, as plain or DynamoDB JSON. */
    public StringProperty itemKeyProperty() {
        return itemKey;
    }

    /**
     * Attribute names for completion; the key attributes are there from the start, add what the
     * grid has seen.
     */
    public ObservableList<String> knownAttributes() {
        return knownAttributes;
    }

    /** The rows of the expression being built. */
    public ObservableList<BuilderRow> rows() {
        return rows;
    }

    /** For an update: the rows of the condition it is applied under ("only where ..."). */
    public ObservableList<BuilderRow> guardRows() {
        return guardRows;
    }

    public ReadOnlyStringProperty expressionTextProperty() {
        return expressionText.getReadOnlyProperty();
    }

    /** An update's condition expression, or empty. */
    public ReadOnlyStringProperty guardTextProperty() {
        return guardText.getReadOnlyProperty();
    }

    /** ExpressionAttributeNames as pretty JSON, empty when there are none. */
    public ReadOnlyStringProperty namesJsonProperty() {
        return namesJson.getReadOnlyProperty();
    }

    /** ExpressionAttributeValues as pretty DynamoDB JSON, empty when there are none. */
    public ReadOnlyStringProperty valuesJsonProperty() {
        return valuesJson.getReadOnlyProperty();
    }

    /** What DynamoDB would reject, live; empty when the request is good to send. */
    public ObservableList<Problem> problems() {
        return readOnlyProblems;
    }

    /** The snippet in one language; empty while there are problems. */
    public ReadOnlyStringProperty snippetProperty(SnippetLanguage language) {
        return snippets.get(language).getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canRunProperty() {
        return canRun.getReadOnlyProperty();
    }

    /** The outcome of the last {@link #load}. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
