package io.dynoscope.ui.shell;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.service.store.DynamoRepository;

/**
 * Opens a repository for a connection entry (starting the sandbox engine when that is the entry).
 */
@FunctionalInterface
public interface Connector {
    DynamoRepository connect(ConnectionEntry entry, Cancellation cancellation) throws Exception;
}
