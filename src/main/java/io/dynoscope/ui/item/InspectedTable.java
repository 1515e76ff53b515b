package io.dynoscope.ui.item;

import io.dynoscope.core.table.TableInfo;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.write.ItemWrites;
import java.util.Objects;
import java.util.Optional;

/** The table whose items the inspector shows, and the services of its connection. */
public record InspectedTable(TableInfo info, ConnectionServices services) {

    public InspectedTable {
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(services, "services");
    }

    public String name() {
        return info.name();
    }

    /** Why writes through this table's connection are refused, or empty when they are allowed. */
    public Optional<String> readOnlyReason() {
        return services.readOnlyReason();
    }

    /** The writes the inspector makes to this table's items. */
    public ItemWrites writes() {
        return services.writes(info.name(), info.keySchema());
    }
}
