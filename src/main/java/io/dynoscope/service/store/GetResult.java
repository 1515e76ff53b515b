package io.dynoscope.service.store;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.table.ReadStatistics;
import java.util.Optional;

/** A GetItem's answer: the item if it exists, and what the read cost. */
public record GetResult(Optional<Item> item, ReadStatistics statistics) {}
