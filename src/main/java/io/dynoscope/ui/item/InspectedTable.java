package io.dynoscope.ui.item;

import io.dynoscope.repository.DynamoRepository;
import io.dynoscope.repository.TableInfo;
import io.dynoscope.service.access.WriteAccess;
import io.dynoscope.service.write.ItemWrites;
import java.util.Objects;
import java.util.Optional;

/** The table whose items the inspector shows, and the repository it is read and written through. */
public record InspectedTable(TableInfo info, DynamoRepository repository) {

    public InspectedTable {
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(repository, "repository");
    }

    public String name() {
        return info.name();
    }

    /** Why writes through this table's connection are refused, or empty when they are allowed. */
    public Optional<String> readOnlyReason() {
        return WriteAccess.reason(repository);
    }

    /** The writes the inspector makes to this table's items. */
    public ItemWrites writes() {
        return new ItemWrites(repository, info.name(), info.keySchema());
    }
}
