package io.dynoscope.testsupport;

import static io.dynoscope.core.item.AttributeValue.s;

import io.dynoscope.core.expression.ExpressionCompiler;
import io.dynoscope.core.expression.UpdateRow;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.ForwardingRepository;
import io.dynoscope.service.store.UpdateSpec;
import io.dynoscope.service.store.WriteOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * An application that writes a table of the {@link MigrationFixture} as it was designed before a
 * migration, while the migration runs: it changes statuses, deletes items and creates projects with
 * the old index keys, one write at a time, and remembers what each item should hold afterwards
 * ({@link #expected()}). It knows nothing of the attributes the migration computes.
 */
public final class OtherApplication {

    private final DynamoRepository engine;
    private final String table;
    private final Map<String, Item> expected;
    private final AtomicInteger writes = new AtomicInteger();
    private final Set<String> injected = ConcurrentHashMap.newKeySet();
    private final Random random = new Random(42);

    /** {@code before}: the table's items by key text, as they are when the application starts. */
    public OtherApplication(DynamoRepository engine, String table, Map<String, Item> before) {
        this.engine = engine;
        this.table = table;
        this.expected = new TreeMap<>(before);
    }

    /** What each item should hold after the application's writes, by key text. */
    public synchronized Map<String, Item> expected() {
        return new TreeMap<>(expected);
    }

    public int writes() {
        return writes.get();
    }

    /**
     * {@code repository} with this application's writes woven into a migration's guarded updates
     * while {@code active} says so: for 3 of every {@code outOf} items (chosen by key, each once)
     * it changes the item's status or deletes it just before the migration's write, or changes it
     * just after.
     */
    public DynamoRepository interleavedWith(
            DynamoRepository repository, int outOf, BooleanSupplier active) {
        return new ForwardingRepository(repository) {
            @Override
            public WriteOutcome updateItem(UpdateSpec update) {
                int slot = Math.floorMod(update.key().text().hashCode(), outOf);
                if (!active.getAsBoolean() || slot > 2 || !injected.add(update.key().text())) {
                    return super.updateItem(update);
                }
                if (slot == 0) {
                    changeStatus(update.key());
                } else if (slot == 1) {
                    delete(update.key());
                }
                WriteOutcome outcome = super.updateItem(update);
                if (slot == 2) {
                    changeStatus(update.key());
                }
                return outcome;
            }
        };
    }

    public synchronized void changeStatus(Key key) {
        Item item = expected.get(key.text());
        if (item == null) {
            return;
        }
        String detail = ((AttributeValue.Str) item.attributes().get("Detail")).value();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        values.put("status", s(detail.startsWith("TASK#") ? "BLOCKED" : "ON_HOLD"));
        values.put("note", s("changed by the application at write " + writes.get()));
        update(key, values);
    }

    public synchronized void delete(Key key) {
        if (expected.remove(key.text()) != null) {
            engine.deleteItem(table, key, null);
            writes.incrementAndGet();
        }
    }

    private void update(Key key, Map<String, AttributeValue> values) {
        List<UpdateRow> sets = new ArrayList<>();
        values.forEach((name, value) -> sets.add(UpdateRow.set(name, value)));
        ExpressionCompiler compiler = new ExpressionCompiler();
        engine.updateItem(
                new UpdateSpec(table, key, compiler.expression(compiler.update(sets)), null));
        Map<String, AttributeValue> attributes =
                new LinkedHashMap<>(expected.get(key.text()).attributes());
        attributes.putAll(values);
        expected.put(key.text(), Item.of(attributes));
        writes.incrementAndGet();
    }

    /**
     * Until {@code running} turns false: updates, deletes and new projects with old-style keys. It
     * pauses two milliseconds between writes, outside its lock: without it, the lock (not fair)
     * went back to this loop nearly every time, and the migration's writes waited minutes for their
     * turn.
     */
    public void writeAtRandom(AtomicBoolean running) {
        int n = 0;
        while (running.get()) {
            LockSupport.parkNanos(2_000_000);
            synchronized (this) {
                List<String> keys = new ArrayList<>(expected.keySet());
                Item item = expected.get(keys.get(random.nextInt(keys.size())));
                Key key = MigrationFixture.KEYS.keyOf(item);
                int what = random.nextInt(10);
                if (what == 0) {
                    delete(key);
                } else if (what == 1) {
                    Item project =
                            Item.of(
                                    Map.of(
                                            "EntityRef", s("WS#new" + n),
                                            "Detail", s("PROJ#2027-0001"),
                                            "status", s("ACTIVE"),
                                            "createdAt", s("2027-01-01T00:00:0" + (n % 10) + "Z"),
                                            "GSI1PK", s("PROJECT#ACTIVE"),
                                            "GSI1SK", s("2027-01-01T00:00:00Z")));
                    engine.putItem(table, project, null);
                    expected.put(MigrationFixture.KEYS.keyOf(project).text(), project);
                    writes.incrementAndGet();
                    n++;
                } else if (item.attributes().get("status") instanceof AttributeValue.Str) {
                    update(
                            key,
                            Map.of(
                                    "status",
                                    s(what % 2 == 0 ? "DONE" : "ACTIVE"),
                                    "seen",
                                    s("w" + n++)));
                }
            }
        }
    }
}
