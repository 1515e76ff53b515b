package io.dynoscope.core.collection;

import io.dynoscope.core.item.Item;
import java.util.Arrays;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The items of one collection in display order, held in blocks of at most {@value #MAX_BLOCK} so
 * that an out-of-order insert moves at most one block, while items arriving in order (a Query's
 * pages, a Scan's run through one partition) are plain appends. Ties keep arrival order.
 *
 * <p>Each item is stored with its normalized sort key (see {@link KeyOrder#normalize}) when that is
 * a number or binary, whose parse or copy would otherwise be repeated on every comparison. A string
 * key is read again from its item instead: items hold their values packed, so a kept string would
 * cost a String per loaded item.
 */
final class SortedItems {

    static final int MAX_BLOCK = 512;

    private final int direction;
    private final Function<Item, Object> sortKeyOf;
    private Block[] blocks = new Block[1];
    private int blockCount;
    private int size;

    /** Index of the first item of each block; entries below {@link #validStarts} are current. */
    private int[] blockStarts = new int[1];

    private int validStarts;

    /**
     * @param descending whether larger sort keys come first
     * @param sortKeyOf an item's normalized sort key
     */
    SortedItems(boolean descending, Function<Item, Object> sortKeyOf) {
        this.direction = descending ? -1 : 1;
        this.sortKeyOf = sortKeyOf;
    }

    int size() {
        return size;
    }

    void add(Item item, Object sortKey) {
        size++;
        if (blockCount == 0) {
            insertBlock(0, new Block(1));
        }
        Block last = blocks[blockCount - 1];
        if (last.size == 0 || compare(sortKey, last.key(last.size - 1, this)) >= 0) {
            if (last.size == MAX_BLOCK) {
                last = new Block(MAX_BLOCK);
                insertBlock(blockCount, last);
            }
            last.insert(last.size, item, sortKey);
            return;
        }
        int b = blockFor(sortKey);
        Block block = blocks[b];
        int position = block.upperBound(sortKey, this);
        if (block.size == MAX_BLOCK) {
            Block upper = block.splitUpperHalf();
            insertBlock(b + 1, upper);
            if (position > block.size) {
                position -= block.size;
                block = upper;
            }
        }
        block.insert(position, item, sortKey);
        validStarts = Math.min(validStarts, b + 1);
    }

    /**
     * Removes the first item that matches, in display order; returns it, or null when none does.
     */
    Item removeFirst(Predicate<Item> match) {
        for (int b = 0; b < blockCount; b++) {
            Block block = blocks[b];
            for (int i = 0; i < block.size; i++) {
                if (match.test(block.items[i])) {
                    Item removed = block.items[i];
                    block.remove(i);
                    size--;
                    if (block.size == 0 && blockCount > 1) {
                        System.arraycopy(blocks, b + 1, blocks, b, blockCount - b - 1);
                        blocks[--blockCount] = null;
                        validStarts = Math.min(validStarts, b);
                    } else {
                        validStarts = Math.min(validStarts, b + 1);
                    }
                    return removed;
                }
            }
        }
        return null;
    }

    Item get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("item " + index + " of " + size);
        }
        if (blockCount == 1) {
            return blocks[0].items[index];
        }
        updateBlockStarts();
        int b = Arrays.binarySearch(blockStarts, 0, blockCount, index);
        if (b < 0) {
            b = -b - 2;
        }
        return blocks[b].items[index - blockStarts[b]];
    }

    int compare(Object a, Object b) {
        return direction * KeyOrder.compareNormalized(a, b);
    }

    /** What a block keeps of a sort key: nothing for a string, read again from its item. */
    private static Object kept(Object sortKey) {
        return sortKey instanceof String ? null : sortKey;
    }

    /** The last block whose first key is not after {@code sortKey}; the first block if none. */
    private int blockFor(Object sortKey) {
        int low = 1;
        int high = blockCount - 1;
        int found = 0;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (compare(blocks[mid].key(0, this), sortKey) <= 0) {
                found = mid;
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return found;
    }

    private void insertBlock(int at, Block block) {
        if (blockCount == blocks.length) {
            blocks = Arrays.copyOf(blocks, blockCount * 2);
            blockStarts = Arrays.copyOf(blockStarts, blockCount * 2);
        }
        System.arraycopy(blocks, at, blocks, at + 1, blockCount - at);
        blocks[at] = block;
        blockCount++;
        validStarts = Math.min(validStarts, at);
    }

    private void updateBlockStarts() {
        if (validStarts == 0) {
            blockStarts[0] = 0;
            validStarts = 1;
        }
        for (int b = validStarts; b < blockCount; b++) {
            blockStarts[b] = blockStarts[b - 1] + blocks[b - 1].size;
        }
        validStarts = blockCount;
    }

    private static final class Block {
        Item[] items;
        Object[] keys;
        int size;

        void remove(int position) {
            System.arraycopy(items, position + 1, items, position, size - position - 1);
            System.arraycopy(keys, position + 1, keys, position, size - position - 1);
            size--;
            items[size] = null;
            keys[size] = null;
        }

        Block(int capacity) {
            items = new Item[capacity];
            keys = new Object[capacity];
        }

        /** The normalized sort key of the item at {@code index}. */
        Object key(int index, SortedItems order) {
            Object key = keys[index];
            return key != null ? key : order.sortKeyOf.apply(items[index]);
        }

        /**
         * The position after the last key not after {@code sortKey}, which keeps ties in arrival
         * order.
         */
        int upperBound(Object sortKey, SortedItems order) {
            int low = 0;
            int high = size;
            while (low < high) {
                int mid = (low + high) >>> 1;
                if (order.compare(key(mid, order), sortKey) <= 0) {
                    low = mid + 1;
                } else {
                    high = mid;
                }
            }
            return low;
        }

        void insert(int position, Item item, Object sortKey) {
            if (size == items.length) {
                int capacity = Math.min(MAX_BLOCK, size * 2);
                items = Arrays.copyOf(items, capacity);
                keys = Arrays.copyOf(keys, capacity);
            }
            System.arraycopy(items, position, items, position + 1, size - position);
            System.arraycopy(keys, position, keys, position + 1, size - position);
            items[position] = item;
            keys[position] = kept(sortKey);
            size++;
        }

        /** Moves the upper half of this full block into a new block and returns it. */
        Block splitUpperHalf() {
            int half = size / 2;
            Block upper = new Block(MAX_BLOCK);
            int moved = size - half;
            System.arraycopy(items, half, upper.items, 0, moved);
            System.arraycopy(keys, half, upper.keys, 0, moved);
            upper.size = moved;
            Arrays.fill(items, half, size, null);
            Arrays.fill(keys, half, size, null);
            size = half;
            return upper;
        }
    }
}
