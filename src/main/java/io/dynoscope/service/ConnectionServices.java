package io.dynoscope.service;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.Cancellation;
import io.dynoscope.sandbox.SampleData.Dataset;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.drift.DriftDetection;
import io.dynoscope.service.drift.DriftPropagation;
import io.dynoscope.service.drift.RuleSuggestions;
import io.dynoscope.service.migration.Migration;
import io.dynoscope.service.migration.MigrationPlanner;
import io.dynoscope.service.model.AccessPatternCheck;
import io.dynoscope.service.model.LiveModelInference;
import io.dynoscope.service.model.SchemaLoad;
import io.dynoscope.service.partitions.PartitionReporter;
import io.dynoscope.service.read.TableReads;
import io.dynoscope.service.read.TableSampler;
import io.dynoscope.service.sandbox.SampleTables;
import io.dynoscope.service.sql.SqlCatalog;
import io.dynoscope.service.sql.SqlConsole;
import io.dynoscope.service.store.BatchResult;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.TableMetadata;
import io.dynoscope.service.table.TableAdmin;
import io.dynoscope.service.transfer.CloneService;
import io.dynoscope.service.transfer.ExportService;
import io.dynoscope.service.transfer.ImportService;
import io.dynoscope.service.write.ItemWrites;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Every use case of one connection, built once when the connection opens and handed to whatever
 * works on it: the window's view models and the command line's commands reach DynamoDB only through
 * these services, and read the connection's tables and their descriptions through {@link
 * #metadata()}. Closing it closes the connection.
 */
public final class ConnectionServices implements AutoCloseable {

    private final DynamoRepository repository;
    private final TableReads reads;
    private final TableSampler sampler;
    private final RuleSuggestions ruleSuggestions;
    private final DriftDetection driftDetection;
    private final DriftPropagation driftPropagation;
    private final PartitionReporter partitions;
    private final TableAdmin tableAdmin;
    private final ExportService export;
    private final ImportService imports;
    private final LiveModelInference modelInference;
    private final AccessPatternCheck patternCheck;
    private final SchemaLoad schemaLoad;
    private final MigrationPlanner migrationPlanner;
    private final Migration migration;

    /**
     * The services over an open connection, which they then own: a read-only connection comes
     * guarded ({@link WriteAccess#guard}), so every write refuses before anything is sent.
     */
    public ConnectionServices(DynamoRepository repository) {
        this.repository = Objects.requireNonNull(repository, "repository");
        this.reads = new TableReads(repository);
        this.sampler = new TableSampler(repository);
        this.ruleSuggestions = new RuleSuggestions(repository, sampler);
        this.driftDetection = new DriftDetection(repository);
        this.driftPropagation = new DriftPropagation(repository);
        this.partitions = new PartitionReporter(repository);
        this.tableAdmin = new TableAdmin(repository);
        this.export = new ExportService(repository);
        this.imports = new ImportService(repository);
        this.modelInference = new LiveModelInference(repository);
        this.patternCheck = new AccessPatternCheck(repository);
        this.schemaLoad = new SchemaLoad(repository);
        this.migrationPlanner = new MigrationPlanner(repository);
        this.migration = new Migration(repository);
    }

    /** The connection's tables and their descriptions. */
    public TableMetadata metadata() {
        return repository;
    }

    /** Where the connection goes, when it knows. */
    public Optional<ConnectionSpec> connection() {
        return repository.connection();
    }

    /** Why the connection refuses writes, or empty when it writes. */
    public Optional<String> readOnlyReason() {
        return WriteAccess.reason(repository);
    }

    /**
     * Refuses {@code action} at once, before anything is read, when the connection is read-only
     * (for commands that read before they write).
     *
     * @throws io.dynoscope.service.access.ReadOnlyException when it is
     */
    public void requireWritable(String action) {
        WriteAccess.require(repository, action);
    }

    public TableReads reads() {
        return reads;
    }

    public TableSampler sampler() {
        return sampler;
    }

    public RuleSuggestions ruleSuggestions() {
        return ruleSuggestions;
    }

    public DriftDetection driftDetection() {
        return driftDetection;
    }

    public DriftPropagation driftPropagation() {
        return driftPropagation;
    }

    public PartitionReporter partitions() {
        return partitions;
    }

    public TableAdmin tableAdmin() {
        return tableAdmin;
    }

    public ExportService export() {
        return export;
    }

    public ImportService imports() {
        return imports;
    }

    public LiveModelInference modelInference() {
        return modelInference;
    }

    public AccessPatternCheck patternCheck() {
        return patternCheck;
    }

    public SchemaLoad schemaLoad() {
        return schemaLoad;
    }

    /** Plans a table's migration to a target model (reads a sample, writes nothing). */
    public MigrationPlanner migrationPlanner() {
        return migrationPlanner;
    }

    /** Applies a migration plan with guarded writes, and proves it. */
    public Migration migration() {
        return migration;
    }

    /** The guarded saves and deletes of one table's items. */
    public ItemWrites writes(String table, KeySchema keys) {
        return new ItemWrites(repository, table, keys);
    }

    /** A SQL console whose views are the entities of {@code models}. */
    public SqlConsole sqlConsole(List<TableModel> models) {
        return new SqlConsole(repository, models);
    }

    /**
     * A SQL console whose views are these entities, each described only when a statement uses it.
     */
    public SqlConsole sqlConsoleOfViews(List<SqlCatalog.View> views) {
        return SqlConsole.ofViews(repository, views);
    }

    /**
     * Loads a sample data set into {@code table}, creating it when missing; with {@code bulk}, its
     * large second part too.
     */
    public BatchResult seed(
            Dataset dataset, String table, boolean bulk, Cancellation cancellation) {
        BatchResult seeded = SampleTables.seed(repository, dataset, table, cancellation);
        return bulk ? SampleTables.seedBulk(repository, dataset, table, cancellation) : seeded;
    }

    /** Copies of this connection's tables made on {@code target}'s connection. */
    public CloneService cloneTo(ConnectionServices target) {
        return new CloneService(repository, target.repository);
    }

    @Override
    public void close() {
        repository.close();
    }
}
