package io.dynoscope.settings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * What Dynoscope remembers between runs, as it is written to {@code settings.json}: the Jackson
 * form, immutable, kept apart from the observable view models that show it. It holds no secrets:
 * credentials stay in the AWS files and the SDK's credential chain.
 *
 * @param savedExpressions opaque JSON owned by the expression feature (null until it saves any)
 * @param driftRules the drift feature's rule files by table name (null until it saves any)
 * @param tableModels the table models (Dynoscope's model format, one table each) by table name
 *     (null until one is saved)
 * @param reads the saved reads (by table) and the history of reads (by connection)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Settings(
        int version,
        Theme theme,
        WindowLayout window,
        List<SavedEndpoint> endpoints,
        List<SavedProfile> profiles,
        List<RecentTable> recentTables,
        Map<String, GridSettings> grids,
        JsonNode savedExpressions,
        JsonNode driftRules,
        Workbench workbench,
        JsonNode tableModels,
        Reads reads) {

    public static final int CURRENT_VERSION = 1;

    /** How many recently opened tables are kept. */
    public static final int RECENT_TABLES_KEPT = 10;

    public enum Theme {
        LIGHT,
        DARK
    }

    public Settings {
        theme = theme == null ? Theme.LIGHT : theme;
        endpoints = endpoints == null ? List.of() : List.copyOf(endpoints);
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
        recentTables = recentTables == null ? List.of() : List.copyOf(recentTables);
        // sorted, so the file reads the same from run to run
        grids = grids == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(grids));
        workbench = workbench == null ? Workbench.DEFAULTS : workbench;
        reads = reads == null ? Reads.NONE : reads;
    }

    /** The settings without table models, as they were before the model slot existed. */
    public Settings(
            int version,
            Theme theme,
            WindowLayout window,
            List<SavedEndpoint> endpoints,
            List<SavedProfile> profiles,
            List<RecentTable> recentTables,
            Map<String, GridSettings> grids,
            JsonNode savedExpressions,
            JsonNode driftRules) {
        this(
                version,
                theme,
                window,
                endpoints,
                profiles,
                recentTables,
                grids,
                savedExpressions,
                driftRules,
                null,
                null,
                null);
    }

    /** The settings of a first run. */
    public static Settings defaults() {
        return new Settings(
                CURRENT_VERSION,
                Theme.LIGHT,
                null,
                List.of(),
                List.of(),
                List.of(),
                Map.of(),
                null,
                null,
                null,
                null,
                null);
    }

    public Settings withTheme(Theme value) {
        return with(settings -> settings.theme = value);
    }

    public Settings withWindow(WindowLayout value) {
        return with(settings -> settings.window = value);
    }

    public Settings withEndpoints(List<SavedEndpoint> value) {
        return with(settings -> settings.endpoints = value);
    }

    public Settings withProfiles(List<SavedProfile> value) {
        return with(settings -> settings.profiles = value);
    }

    public Settings withSavedExpressions(JsonNode value) {
        return with(settings -> settings.savedExpressions = value);
    }

    public Settings withWorkbench(Workbench value) {
        return with(settings -> settings.workbench = value);
    }

    public Settings withDriftRules(JsonNode value) {
        return with(settings -> settings.driftRules = value);
    }

    /**
     * A table's drift rules as the drift feature wrote them, or null: {@link #driftRules} maps
     * table names to them.
     */
    public JsonNode driftRulesOf(String tableName) {
        return entryOf(driftRules, tableName);
    }

    /** Replaces a table's drift rules; null removes them. */
    public Settings withDriftRulesOf(String tableName, JsonNode rules) {
        return withDriftRules(withEntry(driftRules, tableName, rules));
    }

    public Settings withTableModels(JsonNode value) {
        return with(settings -> settings.tableModels = value);
    }

    public Settings withReads(Reads value) {
        return with(settings -> settings.reads = value);
    }

    /**
     * A table's model as the model feature wrote it (Dynoscope's model format, one table), or null:
     * {@link #tableModels} maps table names to them.
     */
    public JsonNode tableModelOf(String tableName) {
        return entryOf(tableModels, tableName);
    }

    /** Replaces a table's model; null removes it. */
    public Settings withTableModelOf(String tableName, JsonNode model) {
        return withTableModels(withEntry(tableModels, tableName, model));
    }

    /** A table's entry in one of the file's objects by table name, or null. */
    private static JsonNode entryOf(JsonNode byTable, String tableName) {
        return byTable instanceof ObjectNode object ? object.get(tableName) : null;
    }

    /** A copy of an object by table name with a table's entry replaced; null removes it. */
    private static ObjectNode withEntry(JsonNode byTable, String tableName, JsonNode entry) {
        ObjectNode changed =
                byTable instanceof ObjectNode existing
                        ? existing.deepCopy()
                        : JsonNodeFactory.instance.objectNode();
        if (entry == null) {
            changed.remove(tableName);
        } else {
            changed.set(tableName, entry);
        }
        return changed;
    }

    /**
     * Puts {@code table} first in the recent tables, once, keeping the last {@value
     * #RECENT_TABLES_KEPT}.
     */
    public Settings withRecentTable(RecentTable table) {
        List<RecentTable> recent = new ArrayList<>();
        recent.add(table);
        recentTables.stream().filter(t -> !t.equals(table)).forEach(recent::add);
        List<RecentTable> kept = recent.subList(0, Math.min(recent.size(), RECENT_TABLES_KEPT));
        return with(settings -> settings.recentTables = kept);
    }

    /**
     * The grid settings of a table, by table name: the same design usually has the same name in
     * every stage.
     */
    public GridSettings grid(String tableName) {
        return grids.getOrDefault(tableName, GridSettings.DEFAULTS);
    }

    public Settings withGrid(String tableName, GridSettings value) {
        Map<String, GridSettings> changed = new TreeMap<>(grids);
        changed.put(Objects.requireNonNull(tableName), Objects.requireNonNull(value));
        return with(settings -> settings.grids = changed);
    }

    /** These settings with {@code change} made to a copy of their parts. */
    private Settings with(Consumer<Parts> change) {
        Parts parts = new Parts(this);
        change.accept(parts);
        return new Settings(
                parts.version,
                parts.theme,
                parts.window,
                parts.endpoints,
                parts.profiles,
                parts.recentTables,
                parts.grids,
                parts.savedExpressions,
                parts.driftRules,
                parts.workbench,
                parts.tableModels,
                parts.reads);
    }

    /** The parts of the settings, to change one and make new settings. */
    private static final class Parts {
        final int version;
        Theme theme;
        WindowLayout window;
        List<SavedEndpoint> endpoints;
        List<SavedProfile> profiles;
        List<RecentTable> recentTables;
        Map<String, GridSettings> grids;
        JsonNode savedExpressions;
        JsonNode driftRules;
        Workbench workbench;
        JsonNode tableModels;
        Reads reads;

        Parts(Settings settings) {
            version = settings.version;
            theme = settings.theme;
            window = settings.window;
            endpoints = settings.endpoints;
            profiles = settings.profiles;
            recentTables = settings.recentTables;
            grids = settings.grids;
            savedExpressions = settings.savedExpressions;
            driftRules = settings.driftRules;
            workbench = settings.workbench;
            tableModels = settings.tableModels;
            reads = settings.reads;
        }
    }

    /** The window's place and size, and the positions of its split panes' dividers (0..1). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record WindowLayout(
            double x,
            double y,
            double width,
            double height,
            boolean maximized,
            List<Double> sidebarDividers) {
        public WindowLayout {
            sidebarDividers = sidebarDividers == null ? List.of() : List.copyOf(sidebarDividers);
        }
    }

    /**
     * A DynamoDB-compatible endpoint the user added (or marked read-only or writable). The access
     * key id only selects DynamoDB Local's database; no secret key is kept.
     *
     * @param readOnly the user's word on writing through it (true read-only, false writable); null
     *     when the user said nothing
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SavedEndpoint(
            String label, String url, String region, String accessKeyId, Boolean readOnly) {
        /** The user info of a URL ({@code user:password@}), which is never kept. */
        private static final Pattern USER_INFO =
                Pattern.compile("(?<=[A-Za-z][A-Za-z0-9+.-]{0,20}://)[^/@\\s]+@");

        public SavedEndpoint {
            Objects.requireNonNull(url, "url");
            url = withoutUserInfo(url);
            label = withoutUserInfo(label);
        }

        /** An endpoint about whose writing the user said nothing. */
        public SavedEndpoint(String label, String url, String region, String accessKeyId) {
            this(label, url, region, accessKeyId, null);
        }

        private static String withoutUserInfo(String text) {
            return text == null ? null : USER_INFO.matcher(text).replaceAll("");
        }
    }

    /**
     * An AWS profile from the AWS files, with the region to use it in.
     *
     * @param readOnly the user's word on writing through it (true read-only, false writable), which
     *     wins over the read-only profile patterns; null when the user said nothing
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SavedProfile(String profile, String region, Boolean readOnly) {
        public SavedProfile {
            Objects.requireNonNull(profile, "profile");
        }

        /** A profile about whose writing the user said nothing. */
        public SavedProfile(String profile, String region) {
            this(profile, region, null);
        }
    }

    /** A table opened recently, with the label of the connection it was opened on. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RecentTable(String connection, String table) {
        public RecentTable {
            Objects.requireNonNull(table, "table");
        }
    }

    /**
     * How a table's grid is shown: the sort key value that marks an item collection's parent, the
     * attribute columns in the user's order and those hidden, and the read direction.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record GridSettings(
            String parentMarker,
            List<String> columnOrder,
            List<String> hiddenColumns,
            boolean newestFirst) {

        public static final GridSettings DEFAULTS =
                new GridSettings(null, List.of(), List.of(), false);

        public GridSettings {
            columnOrder = columnOrder == null ? List.of() : List.copyOf(columnOrder);
            hiddenColumns = hiddenColumns == null ? List.of() : List.copyOf(hiddenColumns);
        }

        public GridSettings withParentMarker(String value) {
            return new GridSettings(value, columnOrder, hiddenColumns, newestFirst);
        }

        public GridSettings withColumnOrder(List<String> value) {
            return new GridSettings(parentMarker, value, hiddenColumns, newestFirst);
        }

        public GridSettings withHiddenColumns(List<String> value) {
            return new GridSettings(parentMarker, columnOrder, value, newestFirst);
        }

        public GridSettings withNewestFirst(boolean value) {
            return new GridSettings(parentMarker, columnOrder, hiddenColumns, value);
        }
    }

    /**
     * The workbench's layout and what it had open: the sidebar and tool windows (shown, and their
     * dividers 0..1), the tabs open on a connection (kind and table), and whether a table opens
     * with its first page read.
     *
     * @param bottomTool the name of the tool open below the grid (ToolWindows.Bottom), or null
     * @param tabsConnection the label of the connection the tabs were open on, or null
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Workbench(
            boolean sidebarShown,
            double sidebarWidth,
            boolean inspectorShown,
            double inspectorDivider,
            String bottomTool,
            double bottomDivider,
            String tabsConnection,
            List<OpenTab> tabs,
            int selectedTab,
            boolean readFirstPage) {

        public static final Workbench DEFAULTS =
                new Workbench(true, 260, true, 0.7, null, 0.55, null, List.of(), 0, true);

        public Workbench {
            tabs = tabs == null ? List.of() : List.copyOf(tabs);
            sidebarWidth = sidebarWidth < 120 ? 260 : sidebarWidth;
            inspectorDivider =
                    inspectorDivider <= 0 || inspectorDivider >= 1 ? 0.7 : inspectorDivider;
            bottomDivider = bottomDivider <= 0 || bottomDivider >= 1 ? 0.55 : bottomDivider;
        }

        public Workbench withLayout(
                boolean sidebar,
                double sidebarPixels,
                boolean inspector,
                double inspectorAt,
                String bottom,
                double bottomAt) {
            return with(
                    workbench -> {
                        workbench.sidebarShown = sidebar;
                        workbench.sidebarWidth = sidebarPixels;
                        workbench.inspectorShown = inspector;
                        workbench.inspectorDivider = inspectorAt;
                        workbench.bottomTool = bottom;
                        workbench.bottomDivider = bottomAt;
                    });
        }

        public Workbench withTabs(String connection, List<OpenTab> open, int selected) {
            return with(
                    workbench -> {
                        workbench.tabsConnection = connection;
                        workbench.tabs = open;
                        workbench.selectedTab = selected;
                    });
        }

        public Workbench withReadFirstPage(boolean value) {
            return with(workbench -> workbench.readFirstPage = value);
        }

        private Workbench with(Consumer<Parts> change) {
            Parts parts = new Parts(this);
            change.accept(parts);
            return new Workbench(
                    parts.sidebarShown,
                    parts.sidebarWidth,
                    parts.inspectorShown,
                    parts.inspectorDivider,
                    parts.bottomTool,
                    parts.bottomDivider,
                    parts.tabsConnection,
                    parts.tabs,
                    parts.selectedTab,
                    parts.readFirstPage);
        }

        /** The parts of a workbench layout, to change some and make another. */
        private static final class Parts {
            boolean sidebarShown;
            double sidebarWidth;
            boolean inspectorShown;
            double inspectorDivider;
            String bottomTool;
            double bottomDivider;
            String tabsConnection;
            List<OpenTab> tabs;
            int selectedTab;
            boolean readFirstPage;

            Parts(Workbench workbench) {
                sidebarShown = workbench.sidebarShown;
                sidebarWidth = workbench.sidebarWidth;
                inspectorShown = workbench.inspectorShown;
                inspectorDivider = workbench.inspectorDivider;
                bottomTool = workbench.bottomTool;
                bottomDivider = workbench.bottomDivider;
                tabsConnection = workbench.tabsConnection;
                tabs = workbench.tabs;
                selectedTab = workbench.selectedTab;
                readFirstPage = workbench.readFirstPage;
            }
        }
    }

    /** A tab that was open: its kind (WorkbenchTab.Kind) and the table it is about. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record OpenTab(String kind, String table) {
        public OpenTab {
            Objects.requireNonNull(kind, "kind");
        }
    }

    /**
     * The reads a person keeps: reads saved under a name, per table (by table name, like the grid
     * settings), and the last {@value #HISTORY_KEPT} reads run on each connection (by its label),
     * newest first, with what they cost.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Reads(Map<String, List<SavedRead>> saved, Map<String, List<PastRead>> history) {

        /** How many past reads are kept per connection. */
        public static final int HISTORY_KEPT = 100;

        public static final Reads NONE = new Reads(Map.of(), Map.of());

        public Reads {
            saved = copy(saved);
            history = copy(history);
        }

        private static <T> Map<String, List<T>> copy(Map<String, List<T>> byKey) {
            Map<String, List<T>> copied = new TreeMap<>();
            if (byKey != null) {
                byKey.forEach(
                        (key, list) -> {
                            if (key != null && list != null && !list.isEmpty()) {
                                copied.put(key, List.copyOf(list));
                            }
                        });
            }
            return Collections.unmodifiableMap(copied);
        }

        /** The reads saved for a table, in the order they were saved. */
        public List<SavedRead> savedOf(String table) {
            return saved.getOrDefault(table, List.of());
        }

        /** Saves a read for a table; one saved under the same name is replaced in its place. */
        public Reads withSaved(String table, SavedRead read) {
            List<SavedRead> reads = new ArrayList<>(savedOf(table));
            int same = -1;
            for (int i = 0; i < reads.size(); i++) {
                if (reads.get(i).name().equals(read.name())) {
                    same = i;
                }
            }
            if (same >= 0) {
                reads.set(same, read);
            } else {
                reads.add(read);
            }
            Map<String, List<SavedRead>> changed = new TreeMap<>(saved);
            changed.put(table, reads);
            return new Reads(changed, history);
        }

        /** Forgets the read saved for a table under {@code name}. */
        public Reads withoutSaved(String table, String name) {
            Map<String, List<SavedRead>> changed = new TreeMap<>(saved);
            changed.put(
                    table, savedOf(table).stream().filter(r -> !r.name().equals(name)).toList());
            return new Reads(changed, history);
        }

        /** The reads run on a connection, newest first. */
        public List<PastRead> historyOf(String connection) {
            return history.getOrDefault(connection, List.of());
        }

        /**
         * Puts a read first in a connection's history, keeping the last {@value #HISTORY_KEPT};
         * with {@code replacesNewest}, it takes the place of the newest entry (the same read,
         * continued by "load more").
         */
        public Reads withPast(String connection, PastRead read, boolean replacesNewest) {
            List<PastRead> past = new ArrayList<>();
            past.add(read);
            List<PastRead> before = historyOf(connection);
            past.addAll(
                    replacesNewest && !before.isEmpty()
                            ? before.subList(1, before.size())
                            : before);
            Map<String, List<PastRead>> changed = new TreeMap<>(history);
            changed.put(
                    connection, List.copyOf(past.subList(0, Math.min(past.size(), HISTORY_KEPT))));
            return new Reads(saved, changed);
        }
    }

    /** A read saved under a name. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record SavedRead(String name, ReadSpec read) {
        public SavedRead {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(read, "read");
        }
    }

    /**
     * A read that was run, with what it cost in all (its "load more" included).
     *
     * @param at when it ran, in milliseconds since the epoch
     * @param items the items it brought
     * @param millis the time its requests took
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record PastRead(
            long at, ReadSpec read, int requests, double capacity, long items, long millis) {
        public PastRead {
            Objects.requireNonNull(read, "read");
        }
    }

    /**
     * A read as it is kept in the file: the service layer's read request, key values and expression
     * values in DynamoDB JSON so that they come back exact.
     *
     * @param mode QUERY, SCAN or GET
     * @param index the index read, or null for the table
     * @param partitionKey the partition-key value of a Query or GetItem ({@code {"S": "WS#acme"}}),
     *     or null for a Scan
     * @param sortKeyOperator the sort-key comparison (SortKeyCondition.Operator), or null
     * @param sortKey the value it compares with, or null
     * @param sortKeyUpper the upper bound of BETWEEN, or null
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ReadSpec(
            String table,
            String mode,
            String index,
            JsonNode partitionKey,
            String sortKeyOperator,
            JsonNode sortKey,
            JsonNode sortKeyUpper,
            boolean scanForward,
            ExpressionSpec filter,
            ExpressionSpec projection,
            int segments,
            int limit,
            boolean consistentRead) {
        public ReadSpec {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(mode, "mode");
        }
    }

    /**
     * An expression with its placeholders: names as they are, values as a DynamoDB JSON map (null
     * when it has none).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ExpressionSpec(String text, Map<String, String> names, JsonNode values) {
        public ExpressionSpec {
            Objects.requireNonNull(text, "text");
            names = names == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(names));
        }
    }
}
