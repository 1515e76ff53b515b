package io.dynoscope.core.planner;

import io.dynoscope.core.model.TableModel;

/**
 * Proposes a single-table design from entities and access patterns read from the user's words, with
 * the fewest indexes an expert would use.
 *
 * <ul>
 *   <li><b>Table keys hold ids only</b>, so no key changes when an attribute does. A top-level
 *       entity gets {@code MEMBER#{memberId}} / {@code META}; one unique by a combination gets its
 *       natural key ({@code BOOK#{isbn}} / {@code BRANCH#{branchId}}); a child shares its parent's
 *       partition ({@code MEMBER#{memberId}} / {@code LOAN#{loanId}}), so "a member and its loans"
 *       is one Query; a grandchild read with its parent sits in the ancestor's collection under its
 *       parent's sort key.
 *   <li><b>A pattern is served by the first key that fits</b>: the whole key is a GetItem; the
 *       partition key with a prefix of the sort key's values, then a range or an order on the next
 *       value, is a Query. Children's ids are time-ordered, so "newest first" is the key order.
 *   <li><b>Otherwise an index key</b>: its partition key is the ids given ({@code BOOK#{isbn}}: an
 *       inverted index for a many-to-many through loans), else the first value given ({@code
 *       STATUS#{status}}), else a fixed tag; its sort key is a composite of the other values given
 *       and the range or order ({@code LOAN#{status}#{loanedAt}}), so equality, range and order are
 *       one key condition. A key an entity already has is extended when the new pattern's values
 *       follow its own, so patterns share it. Each entity's n-th index key goes to GSIn: indexes
 *       are overloaded by every entity, and there are as many as the entity with most keys needs.
 *   <li>A pattern given nothing and asking no range or order is a Scan.
 * </ul>
 *
 * The design is reviewed ({@link ModelReview}) and given example items ({@link ExampleItems});
 * trade-offs taken are said with their alternative. Every part is an ordinary {@link TableModel}.
 */
public final class Planner {

    /** The sort key of a top-level entity's own item. */
    public static final String ROOT_SORT_KEY = "META";

    /** The character after every value a key holds: bounds ranges that more values follow. */
    static final String HIGH = "~";

    private Planner() {}

    /** Proposes the design for {@code input}. */
    public static Plan plan(PlanInput input) {
        return new KeyLayout(input).plan();
    }
}
