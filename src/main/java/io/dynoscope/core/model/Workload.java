package io.dynoscope.core.model;

/**
 * The traffic and volume an entity or an access pattern is expected to see, as the person planning
 * the table states it; the findings and the cost estimate are computed from it. Zero means not
 * stated.
 *
 * @param readsPerSecond requests per second at peak
 * @param writesPerSecond item writes per second at peak (for an entity)
 * @param itemsPerParent how many items of the entity one parent holds
 * @param itemBytes the size of one item
 */
public record Workload(
        double readsPerSecond, double writesPerSecond, double itemsPerParent, double itemBytes) {

    /** Nothing stated. */
    public static final Workload NONE = new Workload(0, 0, 0, 0);

    public Workload {
        check("readsPerSecond", readsPerSecond);
        check("writesPerSecond", writesPerSecond);
        check("itemsPerParent", itemsPerParent);
        check("itemBytes", itemBytes);
    }

    private static void check(String field, double value) {
        if (value < 0 || Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(field + " must be a number of zero or more");
        }
    }

    /** Whether anything is stated. */
    public boolean stated() {
        return !equals(NONE);
    }
}
