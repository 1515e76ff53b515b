package io.dynoscope.core.item;

import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * An immutable, insertion-ordered set of strings in one array: a fraction of a LinkedHashSet's
 * memory.
 */
final class ArraySet extends AbstractSet<String> {

    private final String[] members;

    ArraySet(Set<String> source) {
        // LinkedHashSet drops duplicates and keeps the given order
        this.members =
                (source instanceof LinkedHashSet<String> ? source : new LinkedHashSet<>(source))
                        .toArray(String[]::new);
        for (String member : members) {
            Objects.requireNonNull(member, "set member");
        }
    }

    private ArraySet(String[] members) {
        this.members = members;
    }

    /** A set over members already known to be distinct and non-null; the array is not copied. */
    static ArraySet ofDistinct(String[] members) {
        return new ArraySet(members);
    }

    @Override
    public int size() {
        return members.length;
    }

    @Override
    public boolean contains(Object o) {
        for (String member : members) {
            if (member.equals(o)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Iterator<String> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < members.length;
            }

            @Override
            public String next() {
                if (next >= members.length) {
                    throw new NoSuchElementException();
                }
                return members[next++];
            }
        };
    }

    List<String> asList() {
        return Arrays.asList(members.clone());
    }
}
