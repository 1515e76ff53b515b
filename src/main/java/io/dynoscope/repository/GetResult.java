package io.dynoscope.repository;

import io.dynoscope.core.item.Item;
import java.util.Optional;

/** A GetItem's answer: the item if it exists, and what the read cost. */
public record GetResult(Optional<Item> item, ReadStatistics statistics) {}
