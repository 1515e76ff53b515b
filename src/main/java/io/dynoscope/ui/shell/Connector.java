package io.dynoscope.ui.shell;

import io.dynoscope.repository.Cancellation;
import io.dynoscope.repository.DynamoRepository;

/**
 * Opens a repository for a connection entry (starting the sandbox engine when that is the entry).
 */
@FunctionalInterface
public interface Connector {
    DynamoRepository connect(ConnectionEntry entry, Cancellation cancellation) throws Exception;
}
