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

    public Settings withReads(Reads value) {
        return with(settings -> settings.reads = value);
    }

    /**
     * A table's drift rules as the drift feature wrote them, or null: {@link #driftRules} maps
     * table names to them.
     */
    public JsonNode driftRulesOf(String tableName) {
        return entryOf(driftRules, tableName);
    }

    /**
     * A table's model as the model feature wrote it (Dynoscope's model format, one table), or null:
     * {@link #tableModels} maps table names to them.
     */
    public JsonNode tableModelOf(String tableName) {
        return entryOf(tableModels, tableName);
    }

    /** Replaces a table's drift rules; null removes them. */
    public Settings withDriftRulesOf(String tableName, JsonNode rules) {
        ObjectNode changed = withEntry(driftRules, tableName, rules);
        return with(settings -> settings.driftRules = changed);
    }

    /** Replaces a table's model; null removes it. */
    public Settings withTableModelOf(String tableName, JsonNode model) {
        ObjectNode changed = withEntry(tableModels, tableName, model);
        return with(settings -> settings.tableModels = changed);
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
}
