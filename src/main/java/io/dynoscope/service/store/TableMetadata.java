package io.dynoscope.service.store;

import io.dynoscope.core.table.TableInfo;
import io.dynoscope.core.table.TimeToLive;
import java.util.List;
import java.util.Optional;

/**
 * What a connection says about itself and its tables, without reading or writing an item: the one
 * part of the repository that the window and the command line may call directly. Every read and
 * write of items goes through a service.
 */
public interface TableMetadata {

    /** Where this connection goes, when it knows (snippets name a local endpoint). */
    default Optional<ConnectionSpec> connection() {
        return Optional.empty();
    }

    /** All table names, every ListTables page. */
    List<String> listTables();

    TableInfo describeTable(String table);

    /** DescribeTimeToLive. */
    TimeToLive describeTimeToLive(String table);
}
