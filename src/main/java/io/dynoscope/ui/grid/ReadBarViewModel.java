package io.dynoscope.ui.grid;

import io.dynoscope.core.expression.CompiledExpression;
import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.ExpressionKind;
import io.dynoscope.core.expression.ExpressionMaps;
import io.dynoscope.core.expression.ExpressionProblem;
import io.dynoscope.core.expression.ExpressionValidator;
import io.dynoscope.core.expression.KeyCondition;
import io.dynoscope.core.expression.Row;
import io.dynoscope.core.expression.SortKeyCondition;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.item.KeyValues;
import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.read.KeyText;
import io.dynoscope.service.read.ReadMode;
import io.dynoscope.service.read.ReadRequest;
import io.dynoscope.ui.common.IndexChoices;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.Property;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The read bar of a table tab: mode, index, key value and sort-key condition on one line, and
 * behind "More" the direction, filter, projection, placeholder maps, limit, segments and consistent
 * read. It turns what was typed into a {@link ReadRequest} — checking every field and expression
 * before anything is sent — and shows any read back ({@link #show}), so it always describes the
 * read that produced the grid.
 */
public final class ReadBarViewModel {

    /**
     * The limit a read starts with, and the one a tab's first read asks for (one request's worth):
     * "More (n)" counts a limit only when the person chose another one.
     */
    static final int DEFAULT_LIMIT = 100;

    static final int MAX_SEGMENTS = 1_000_000;

    private static final KeyText.Labels KEY_LABELS =
            new KeyText.Labels(
                    Field.PARTITION_KEY.label,
                    Field.SORT_KEY.label,
                    Field.SORT_KEY_UPPER.label,
                    "sort-key");

    /** A field of the bar that holds something wrong, and where in its text (1-based, or 0). */
    public record Problem(Field field, int column, String message) {
        @Override
        public String toString() {
            return field.label + (column > 0 ? ", column " + column : "") + ": " + message;
        }
    }

    /** The bar's fields, as problems name them. */
    public enum Field {
        PARTITION_KEY("Partition key"),
        SORT_KEY("Sort key"),
        SORT_KEY_UPPER("Sort key upper bound"),
        FILTER("Filter"),
        PROJECTION("Projection"),
        NAMES("Names"),
        VALUES("Values"),
        LIMIT("Limit"),
        SEGMENTS("Segments");

        private final String label;

        Field(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final ObservableList<String> indexChoices =
            FXCollections.observableArrayList(IndexChoices.TABLE);
    private final ObjectProperty<ReadMode> mode = new SimpleObjectProperty<>(ReadMode.QUERY);
    private final StringProperty index = new SimpleStringProperty(IndexChoices.TABLE);
    private final StringProperty partitionKeyValue = new SimpleStringProperty("");
    private final ObjectProperty<SortKeyCondition.Operator> sortKeyOperator =
            new SimpleObjectProperty<>();
    private final StringProperty sortKeyValue = new SimpleStringProperty("");
    private final StringProperty sortKeyUpper = new SimpleStringProperty("");
    private final BooleanProperty newestFirst = new SimpleBooleanProperty(false);
    private final StringProperty filter = new SimpleStringProperty("");
    private final StringProperty projection = new SimpleStringProperty("");
    private final StringProperty names = new SimpleStringProperty("");
    private final StringProperty values = new SimpleStringProperty("");
    private final IntegerProperty limit = new SimpleIntegerProperty(DEFAULT_LIMIT);
    private final IntegerProperty segments = new SimpleIntegerProperty(1);
    private final BooleanProperty consistentRead = new SimpleBooleanProperty(false);
    private final StringProperty parentMarker = new SimpleStringProperty("META");

    private final ReadOnlyStringWrapper partitionKeyName =
            new ReadOnlyStringWrapper("partition key");
    private final ReadOnlyStringWrapper sortKeyName = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Problem> problem = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyIntegerWrapper moreInUse = new ReadOnlyIntegerWrapper();
    private TableInfo info;
    private long edits;
    private boolean showing;

    public ReadBarViewModel() {
        index.addListener((obs, old, now) -> updateKeyNames());
        // the read's settings beyond its key, which the "More" button counts
        List<Property<?>> more =
                List.of(filter, projection, names, values, limit, segments, consistentRead);
        moreInUse.bind(
                Bindings.createIntegerBinding(
                        () ->
                                (filter.get().isBlank() ? 0 : 1)
                                        + (projection.get().isBlank() ? 0 : 1)
                                        + (names.get().isBlank() ? 0 : 1)
                                        + (values.get().isBlank() ? 0 : 1)
                                        + (limit.get() == DEFAULT_LIMIT ? 0 : 1)
                                        + (segments.get() == 1 ? 0 : 1)
                                        + (consistentRead.get() ? 1 : 0),
                        more.toArray(Observable[]::new)));
        // a changed field may have fixed the problem (the next Run checks again); and the person's
        // changes to the read itself are counted (not the preferences: direction, parent marker)
        for (Property<?> field :
                Stream.concat(
                                Stream.<Property<?>>of(
                                        mode,
                                        index,
                                        partitionKeyValue,
                                        sortKeyOperator,
                                        sortKeyValue,
                                        sortKeyUpper),
                                more.stream())
                        .toList()) {
            field.addListener(
                    (obs, old, now) -> {
                        problem.set(null);
                        if (!showing) {
                            edits++;
                        }
                    });
        }
    }

    /**
     * How many times the person changed the read the bar describes (not counting what {@link #show}
     * put there): a tab that compares it before and after background work knows whether the person
     * began a read of their own meanwhile.
     */
    long edits() {
        return edits;
    }

    /** The table's keys and indexes, once described. */
    public void describe(TableInfo table) {
        info = table;
        List<String> choices = new ArrayList<>();
        choices.add(IndexChoices.TABLE);
        table.indexes().forEach(i -> choices.add(i.name()));
        String chosen = index.get();
        indexChoices.setAll(choices);
        // a ComboBox clears its value when its items are replaced: keep the choice, or the table
        index.set(chosen != null && choices.contains(chosen) ? chosen : IndexChoices.TABLE);
        updateKeyNames();
    }

    private void updateKeyNames() {
        if (info == null) {
            return;
        }
        try {
            KeySchema keys = info.keySchemaOf(selectedIndex());
            partitionKeyName.set(keys.partitionKey());
            sortKeyName.set(keys.sortKey().orElse(""));
        } catch (IllegalArgumentException noSuchIndex) {
            index.set(IndexChoices.TABLE);
        }
    }

    /**
     * The read the bar describes, or empty with {@link #problemProperty() the problem} set: every
     * field is checked, and the filter and projection with their maps by the expression validator,
     * so nothing is sent for bad input.
     */
    public Optional<ReadRequest> request() {
        problem.set(null);
        if (info == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(build());
        } catch (ProblemException e) {
            problem.set(e.problem);
            return Optional.empty();
        }
    }

    /**
     * The read the bar describes now, or empty when a field is wrong — without marking the problem
     * (the expression builder starts from it; only a Run tells the person what is wrong).
     */
    public Optional<ReadRequest> current() {
        if (info == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(build());
        } catch (ProblemException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private ReadRequest build() {
        String indexName = mode.get() == ReadMode.GET ? null : selectedIndex();
        KeySchema keys = info.keySchemaOf(indexName);
        Map<String, String> nameMap = parse(Field.NAMES, () -> ExpressionMaps.names(names.get()));
        Map<String, AttributeValue> valueMap =
                parse(Field.VALUES, () -> ExpressionMaps.values(values.get()));
        String filterText = filter.get().strip();
        String projectionText = projection.get().strip();
        if (mode.get() == ReadMode.GET && !filterText.isEmpty()) {
            throw new ProblemException(Field.FILTER, 0, "a GetItem takes no filter");
        }
        checkExpressions(filterText, projectionText, nameMap, valueMap, keys);
        CompiledExpression filterExpression =
                filterText.isEmpty()
                        ? null
                        : CompiledExpression.using(filterText, nameMap, valueMap);
        CompiledExpression projectionExpression =
                projectionText.isEmpty()
                        ? null
                        : CompiledExpression.using(projectionText, nameMap, Map.of());
        if (limit.get() < 0) {
            throw new ProblemException(Field.LIMIT, 0, "must be 0 (no limit) or more");
        }
        // a Scan has segments and no key or direction
        boolean scan = mode.get() == ReadMode.SCAN;
        if (scan && (segments.get() < 1 || segments.get() > MAX_SEGMENTS)) {
            throw new ProblemException(Field.SEGMENTS, 0, "must be between 1 and " + MAX_SEGMENTS);
        }
        return new ReadRequest(
                info.name(),
                mode.get(),
                indexName,
                scan ? null : keyCondition(indexName),
                scan || !newestFirst.get(),
                filterExpression,
                projectionExpression,
                scan ? segments.get() : 1,
                limit.get(),
                consistentRead.get());
    }

    /** The key typed in the bar, read by the one parser the command line uses too. */
    private KeyCondition keyCondition(String indexName) {
        try {
            return KeyText.read(
                    info,
                    indexName,
                    mode.get(),
                    new KeyText.Typed(
                            partitionKeyValue.get(),
                            sortKeyOperator.get(),
                            sortKeyValue.get(),
                            sortKeyUpper.get()),
                    KEY_LABELS);
        } catch (KeyText.Problem e) {
            Field field =
                    switch (e.part()) {
                        case PARTITION_KEY -> Field.PARTITION_KEY;
                        case SORT_KEY -> Field.SORT_KEY;
                        case SORT_KEY_UPPER -> Field.SORT_KEY_UPPER;
                    };
            throw new ProblemException(field, 0, e.detail());
        }
    }

    private static void checkExpressions(
            String filterText,
            String projectionText,
            Map<String, String> nameMap,
            Map<String, AttributeValue> valueMap,
            KeySchema keys) {
        Map<ExpressionKind, String> expressions = new EnumMap<>(ExpressionKind.class);
        if (!filterText.isEmpty()) {
            expressions.put(ExpressionKind.FILTER, filterText);
        }
        if (!projectionText.isEmpty()) {
            expressions.put(ExpressionKind.PROJECTION, projectionText);
        }
        if (expressions.isEmpty()) {
            if (!nameMap.isEmpty()) {
                throw new ProblemException(
                        Field.NAMES, 0, "there is no filter or projection to use them in");
            }
            if (!valueMap.isEmpty()) {
                throw new ProblemException(Field.VALUES, 0, "there is no filter to use them in");
            }
            return;
        }
        List<ExpressionProblem> problems =
                ExpressionValidator.validate(expressions, nameMap, valueMap, Optional.of(keys))
                        .problems();
        if (!problems.isEmpty()) {
            ExpressionProblem first = problems.get(0);
            Field field =
                    first.expression()
                            .map(k -> k == ExpressionKind.FILTER ? Field.FILTER : Field.PROJECTION)
                            .orElse(first.message().contains(":") ? Field.VALUES : Field.NAMES);
            throw new ProblemException(field, first.column(), first.message());
        }
    }

    private static <T> T parse(Field field, Supplier<T> reader) {
        try {
            return reader.get();
        } catch (IllegalArgumentException e) {
            throw new ProblemException(field, 0, e.getMessage());
        }
    }

    /**
     * Fills the bar with a read started elsewhere (the expression builder, a saved read, the first
     * page a tab reads when it opens), so the bar shows what produced the grid.
     */
    public void show(ReadRequest request) {
        showing = true;
        try {
            showRead(request);
        } finally {
            showing = false;
        }
    }

    private void showRead(ReadRequest request) {
        mode.set(request.mode());
        index.set(request.index() == null ? IndexChoices.TABLE : request.index());
        if (request.keyCondition() != null) {
            KeyCondition key = request.keyCondition();
            partitionKeyValue.set(KeyValues.text(key.partitionValue()));
            Optional<SortKeyCondition> sk = key.sortKey();
            sortKeyOperator.set(
                    request.mode() == ReadMode.GET
                            ? null
                            : sk.map(SortKeyCondition::operator).orElse(null));
            sortKeyValue.set(sk.map(c -> KeyValues.text(c.value())).orElse(""));
            sortKeyUpper.set(
                    sk.filter(c -> c.upper() != null)
                            .map(c -> KeyValues.text(c.upper()))
                            .orElse(""));
        }
        if (request.mode() == ReadMode.QUERY) {
            // only a Query has a direction: a Scan or GetItem leaves the person's choice for the
            // next Query as it is (it is one of their settings)
            newestFirst.set(!request.scanForward());
        }
        filter.set(request.filter() == null ? "" : request.filter().text());
        projection.set(request.projection() == null ? "" : request.projection().text());
        Map<String, String> nameMap = new LinkedHashMap<>();
        Map<String, AttributeValue> valueMap = new LinkedHashMap<>();
        for (CompiledExpression e :
                new CompiledExpression[] {request.filter(), request.projection()}) {
            if (e != null) {
                nameMap.putAll(e.names());
                valueMap.putAll(e.values());
            }
        }
        names.set(ExpressionMaps.namesJson(nameMap));
        values.set(ExpressionMaps.valuesJson(valueMap));
        limit.set(request.limit());
        segments.set(request.segments());
        consistentRead.set(request.consistentRead());
        problem.set(null);
    }

    /**
     * Makes the bar's filter keep the items whose {@code attribute} equals {@code value} (the
     * filter, projection and maps it held are replaced).
     */
    void filterOn(String attribute, AttributeValue value) {
        ExpressionCompiler compiler = new ExpressionCompiler();
        filter.set(compiler.condition(List.of(Row.of(attribute, Row.Operator.EQ, value))));
        projection.set("");
        names.set(ExpressionMaps.namesJson(compiler.names()));
        values.set(ExpressionMaps.valuesJson(compiler.values()));
    }

    /** Makes the bar a Query of one whole item collection. */
    void queryCollection(AttributeValue partitionKey) {
        mode.set(ReadMode.QUERY);
        partitionKeyValue.set(KeyValues.text(partitionKey));
        sortKeyOperator.set(null);
    }

    String selectedIndex() {
        String chosen = index.get();
        return chosen == null || chosen.isBlank() ? null : IndexChoices.index(chosen);
    }

    /** Thrown inside {@link #build()} to stop at the first problem. */
    private static final class ProblemException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient Problem problem;

        ProblemException(Field field, int column, String message) {
            super(message, null, false, false);
            this.problem = new Problem(field, column, message);
        }
    }

    // ---- properties --------------------------------------------------------------------------

    public ObservableList<String> indexChoices() {
        return indexChoices;
    }

    public ObjectProperty<ReadMode> modeProperty() {
        return mode;
    }

    public StringProperty indexProperty() {
        return index;
    }

    public StringProperty partitionKeyValueProperty() {
        return partitionKeyValue;
    }

    /** The sort-key comparison, or null for none ("any"). */
    public ObjectProperty<SortKeyCondition.Operator> sortKeyOperatorProperty() {
        return sortKeyOperator;
    }

    public StringProperty sortKeyValueProperty() {
        return sortKeyValue;
    }

    public StringProperty sortKeyUpperProperty() {
        return sortKeyUpper;
    }

    public BooleanProperty newestFirstProperty() {
        return newestFirst;
    }

    public StringProperty filterProperty() {
        return filter;
    }

    public StringProperty projectionProperty() {
        return projection;
    }

    public StringProperty namesProperty() {
        return names;
    }

    public StringProperty valuesProperty() {
        return values;
    }

    public IntegerProperty limitProperty() {
        return limit;
    }

    public IntegerProperty segmentsProperty() {
        return segments;
    }

    public BooleanProperty consistentReadProperty() {
        return consistentRead;
    }

    /** The sort-key value that marks an item collection's parent (pinned first). */
    public StringProperty parentMarkerProperty() {
        return parentMarker;
    }

    public ReadOnlyStringProperty partitionKeyNameProperty() {
        return partitionKeyName.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty sortKeyNameProperty() {
        return sortKeyName.getReadOnlyProperty();
    }

    /** What is wrong with the bar's fields since the last Run, or null. */
    public ReadOnlyObjectProperty<Problem> problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** How many of the fields behind "More" are set (shown on the button). */
    public ReadOnlyIntegerProperty moreInUseProperty() {
        return moreInUse.getReadOnlyProperty();
    }
}
