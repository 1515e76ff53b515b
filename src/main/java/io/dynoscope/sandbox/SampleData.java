package io.dynoscope.sandbox;

import static io.dynoscope.core.item.AttributeValue.b;
import static io.dynoscope.core.item.AttributeValue.bool;
import static io.dynoscope.core.item.AttributeValue.bs;
import static io.dynoscope.core.item.AttributeValue.l;
import static io.dynoscope.core.item.AttributeValue.m;
import static io.dynoscope.core.item.AttributeValue.n;
import static io.dynoscope.core.item.AttributeValue.ns;
import static io.dynoscope.core.item.AttributeValue.nul;
import static io.dynoscope.core.item.AttributeValue.s;
import static io.dynoscope.core.item.AttributeValue.ss;

import io.dynoscope.core.expression.snippet.ShardedKeyCode;
import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableDefinition;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sample data sets the app ships, modelled on the seed articles, with deterministic items (the
 * same on every run, so tests can count and compare them) and a loader.
 *
 * <p>{@code saas} is the one-to-many workspace/project design under {@code EntityRef}/{@code
 * Detail}: {@value #ACME} (a workspace and {@value #ACME_PROJECTS} projects, newest {@code
 * PROJ#2026-0042}), {@value #BETA}, the oversized tenant {@value #HUGE} whose item collection needs
 * several 1 MB Query pages, and the sharded tenant whose workspace item is {@value #BIG} / {@code
 * META} and whose projects are spread over {@code WS#big#01 … WS#big#10}. Every project carries a
 * denormalized {@code workspaceName} copied from its workspace's {@code name}.
 *
 * <p>{@code blog} is the denormalization example under {@code PK}/{@code SK}: canonical users
 * ({@code USER#12} / {@code META}, name "Mara Vance") and posts ({@code POST#9f3} / {@code META})
 * that copy the author's name twice, duplicated as {@code authorName} and embedded as {@code
 * author.name}, with a GSI {@value #BLOG_AUTHOR_INDEX} on {@code authorId}/{@code createdAt}.
 *
 * <p>{@code activity} is each workspace's audit log under {@code Workspace}/{@code At}, with a
 * local secondary index {@value #ACTIVITY_ACTOR_INDEX} on {@code Workspace}/{@code actor}: the one
 * sample table whose item collections DynamoDB limits to 10 GB.
 *
 * <p>The saas and blog sets plant drifted copies on purpose; {@link #plantedDrift(Dataset)} lists
 * exactly which. Every set uses every DynamoDB type, 38-digit numbers, an empty string and NULL.
 *
 * <p>{@link #items(Dataset)} is small, so the sandbox shows its tables at once; {@link
 * #bulkItems(Dataset)} is the second step that makes the hot partitions hot: {@value
 * #BIG_BULK_PROJECTS} more projects spread over the sharded tenant's {@value #BIG_SHARDS} shards
 * (by the calculated suffix the sharding advisor writes), {@value #HUGE_BULK_PROJECTS} more in the
 * unsharded {@value #HUGE}, and {@value #HUGE_BULK_EVENTS} activity events of {@value #HUGE}.
 */
public final class SampleData {

    /** The sample data sets, by the name the CLI and the UI use for them. */
    public enum Dataset {
        SAAS("saas"),
        BLOG("blog"),
        ACTIVITY("activity");

        private final String id;

        Dataset(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        /**
         * The data set called {@code id}; throws {@link IllegalArgumentException} naming the
         * choices.
         */
        public static Dataset fromId(String id) {
            for (Dataset dataset : values()) {
                if (dataset.id.equals(id)) {
                    return dataset;
                }
            }
            throw new IllegalArgumentException(
                    "unknown dataset '" + id + "' (expected saas, blog or activity)");
        }

        @Override
        public String toString() {
            return id;
        }
    }

    public static final String SAAS_PARTITION_KEY = "EntityRef";
    public static final String SAAS_SORT_KEY = "Detail";
    public static final KeySchema SAAS_KEYS = KeySchema.of(SAAS_PARTITION_KEY, SAAS_SORT_KEY);
    public static final String WORKSPACE_DETAIL = "META";
    public static final String PROJECT_PREFIX = "PROJ#";

    public static final String ACME = "WS#acme";
    public static final String BETA = "WS#beta";
    public static final String HUGE = "WS#huge";

    /**
     * The sharded tenant's workspace item; its projects live in {@link #bigShard(int)} partitions.
     */
    public static final String BIG = "WS#big";

    public static final int BIG_SHARDS = 10;

    /**
     * Acme's projects are PROJ#2026-0023 … PROJ#2026-0042 (the seed's example id is the newest).
     */
    public static final int ACME_FIRST_PROJECT = 23;

    public static final int ACME_PROJECTS = 20;
    public static final int BETA_PROJECTS = 3;
    public static final int HUGE_PROJECTS = 700;
    public static final int BIG_PROJECTS = 30;

    /**
     * The length of each oversized-tenant project's description, enough to make the collection
     * exceed 1 MB.
     */
    public static final int HUGE_DESCRIPTION_CHARS = 2_000;

    /** Projects the second step adds to the sharded tenant, spread over its shards. */
    public static final int BIG_BULK_PROJECTS = 4_000;

    /** Projects the second step adds to the unsharded giant tenant (without long descriptions). */
    public static final int HUGE_BULK_PROJECTS = 3_000;

    public static final String ACTIVITY_PARTITION_KEY = "Workspace";
    public static final String ACTIVITY_SORT_KEY = "At";
    public static final KeySchema ACTIVITY_KEYS =
            KeySchema.of(ACTIVITY_PARTITION_KEY, ACTIVITY_SORT_KEY);
    public static final String ACTIVITY_ACTOR_INDEX = "byActor";

    /** Audit events of each small workspace in {@link #items(Dataset)}. */
    public static final int ACTIVITY_EVENTS = 12;

    /** Audit events of the giant tenant that the second step adds. */
    public static final int HUGE_BULK_EVENTS = 3_000;

    public static final String BLOG_PARTITION_KEY = "PK";
    public static final String BLOG_SORT_KEY = "SK";
    public static final String BLOG_AUTHOR_INDEX = "byAuthor";
    public static final KeySchema BLOG_AUTHOR_INDEX_KEYS = KeySchema.of("authorId", "createdAt");
    public static final String ENTITY_DETAIL = "META";

    /**
     * A 38-digit number, the most precision DynamoDB keeps, so that any loss through double shows.
     */
    public static final String PRECISE_NUMBER = "12345678901234567890.123456789012345678";

    static final Instant EPOCH = Instant.parse("2026-01-01T08:00:00Z");

    private SampleData() {}

    /**
     * The partition-key value of one shard of the sharded tenant, {@code WS#big#01} … {@code
     * WS#big#10}.
     */
    public static String bigShard(int shard) {
        return String.format(Locale.ROOT, "%s#%02d", BIG, shard);
    }

    /**
     * The zero-padded, time-ordered sort key of project {@code number}, e.g. {@code
     * PROJ#2026-0042}.
     */
    public static String projectDetail(int number) {
        return String.format(Locale.ROOT, "%s2026-%04d", PROJECT_PREFIX, number);
    }

    public static Key saasKey(String entityRef, String detail) {
        return Key.of(SAAS_PARTITION_KEY, s(entityRef), SAAS_SORT_KEY, s(detail));
    }

    public static Key blogKey(String pk, String sk) {
        return Key.of(BLOG_PARTITION_KEY, s(pk), BLOG_SORT_KEY, s(sk));
    }

    /** The table to create for {@code dataset} under the name {@code tableName}. */
    public static TableDefinition definition(Dataset dataset, String tableName) {
        return switch (dataset) {
            case SAAS -> TableDefinition.simple(tableName, SAAS_PARTITION_KEY, SAAS_SORT_KEY);
            case BLOG ->
                    new TableDefinition(
                            tableName,
                            KeySchema.of(BLOG_PARTITION_KEY, BLOG_SORT_KEY),
                            Map.of(
                                    BLOG_PARTITION_KEY,
                                    "S",
                                    BLOG_SORT_KEY,
                                    "S",
                                    "authorId",
                                    "S",
                                    "createdAt",
                                    "S"),
                            List.of(
                                    SecondaryIndex.global(
                                            BLOG_AUTHOR_INDEX, "authorId", "createdAt")),
                            List.of());
            case ACTIVITY ->
                    new TableDefinition(
                            tableName,
                            ACTIVITY_KEYS,
                            Map.of(
                                    ACTIVITY_PARTITION_KEY,
                                    "S",
                                    ACTIVITY_SORT_KEY,
                                    "S",
                                    "actor",
                                    "S"),
                            List.of(),
                            List.of(
                                    new SecondaryIndex(
                                            ACTIVITY_ACTOR_INDEX,
                                            false,
                                            KeySchema.of(ACTIVITY_PARTITION_KEY, "actor"),
                                            "INCLUDE",
                                            List.of("action"))));
        };
    }

    /** Every item of {@code dataset}, one item collection after another. */
    public static List<Item> items(Dataset dataset) {
        return switch (dataset) {
            case SAAS -> saasItems();
            case BLOG -> BlogSample.items();
            case ACTIVITY -> activityItems();
        };
    }

    /**
     * The second step of {@code dataset}: items the sandbox loads after its tables are on screen,
     * so the hot partitions are worth a look. None for {@code blog}.
     */
    public static List<Item> bulkItems(Dataset dataset) {
        return switch (dataset) {
            case SAAS -> saasBulk();
            case BLOG -> List.of();
            case ACTIVITY -> activityBulk();
        };
    }

    /**
     * The shard of a bulk project of the sharded tenant: the calculated suffix of its sort key, as
     * the sharding advisor's code computes it.
     */
    public static String bigBulkShard(int number) {
        return bigShard(ShardedKeyCode.calculatedShard(projectDetail(number), BIG_SHARDS));
    }

    /** The copies of {@code dataset} that were seeded out of step with their source. */
    public static List<PlantedDrift> plantedDrift(Dataset dataset) {
        return switch (dataset) {
            case SAAS -> SAAS_DRIFT;
            case BLOG -> BlogSample.DRIFT;
            case ACTIVITY -> List.of();
        };
    }

    // ---- saas ----------------------------------------------------------------------------------

    private static final String ACME_NAME = "Acme";

    private static final String BETA_NAME = "Beta Labs";
    private static final String HUGE_NAME = "Huge Co";
    private static final String BIG_NAME = "Big Retail";

    private static final Map<Integer, String> ACME_DRIFTED_COPIES =
            Map.of(31, "Acme Inc.", 37, "ACME");

    private static final List<PlantedDrift> SAAS_DRIFT =
            ACME_DRIFTED_COPIES.entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .map(
                            e ->
                                    new PlantedDrift(
                                            saasKey(ACME, projectDetail(e.getKey())),
                                            "workspaceName",
                                            saasKey(ACME, WORKSPACE_DETAIL),
                                            "name",
                                            s(ACME_NAME),
                                            s(e.getValue())))
                    .toList();

    private static List<Item> saasItems() {
        List<Item> items = new ArrayList<>();

        items.add(
                item(SAAS_PARTITION_KEY, s(ACME), SAAS_SORT_KEY, s(WORKSPACE_DETAIL))
                        .put("name", s(ACME_NAME))
                        .put("plan", s("pro"))
                        .put("createdAt", s("2025-11-03T09:15:00Z"))
                        .put("seats", n(25))
                        .put("creditBalance", n(PRECISE_NUMBER))
                        .put("features", ss("sso", "audit-log", "api"))
                        .put("budgetAlerts", ns("50", "80", "100"))
                        .put(
                                "owner",
                                m(orderedMap("userId", s("U#12"), "email", s("ops@acme.example"))))
                        .put("regions", l(s("eu-west-1"), s("us-east-1")))
                        .put(
                                "logo",
                                b(
                                        new byte[] {
                                            (byte) 0x89,
                                            'P',
                                            'N',
                                            'G',
                                            0x0D,
                                            0x0A,
                                            0x1A,
                                            0x0A,
                                            0x00,
                                            (byte) 0xFF
                                        }))
                        .put("signingKeys", bs(bytes("key-2025"), bytes("key-2026")))
                        .put("trial", bool(false))
                        .put("billingContact", nul())
                        .put("notes", s(""))
                        .build());
        for (int i = 0; i < ACME_PROJECTS; i++) {
            int number = ACME_FIRST_PROJECT + i;
            items.add(
                    project(ACME, number, ACME_DRIFTED_COPIES.getOrDefault(number, ACME_NAME))
                            .build());
        }

        items.add(
                workspace(BETA, BETA_NAME, "free", "2026-01-20T14:00:00Z")
                        .put("seats", n(3))
                        .build());
        for (int number = 1; number <= BETA_PROJECTS; number++) {
            items.add(project(BETA, number, BETA_NAME).build());
        }

        items.add(
                workspace(HUGE, HUGE_NAME, "enterprise", "2024-06-01T00:00:00Z")
                        .put("seats", n(4800))
                        .build());
        for (int number = 1; number <= HUGE_PROJECTS; number++) {
            items.add(
                    project(HUGE, number, HUGE_NAME)
                            .put("description", s(longDescription(number)))
                            .build());
        }

        items.add(
                workspace(BIG, BIG_NAME, "enterprise", "2025-02-10T10:30:00Z")
                        .put("shardCount", n(BIG_SHARDS))
                        .put("shardPattern", s(BIG + "#NN"))
                        .build());
        for (int number = 1; number <= BIG_PROJECTS; number++) {
            // Round-robin over the shards, so each shard partition holds a few projects.
            int shard = (number - 1) % BIG_SHARDS + 1;
            items.add(project(bigShard(shard), number, BIG_NAME).put("shard", n(shard)).build());
        }
        return items;
    }

    private static List<Item> saasBulk() {
        List<Item> items = new ArrayList<>(BIG_BULK_PROJECTS + HUGE_BULK_PROJECTS);
        for (int number = BIG_PROJECTS + 1; number <= BIG_PROJECTS + BIG_BULK_PROJECTS; number++) {
            String shard = bigBulkShard(number);
            items.add(
                    project(shard, number, BIG_NAME)
                            .put("shard", n(Integer.parseInt(shard.substring(shard.length() - 2))))
                            .build());
        }
        for (int number = HUGE_PROJECTS + 1;
                number <= HUGE_PROJECTS + HUGE_BULK_PROJECTS;
                number++) {
            items.add(project(HUGE, number, HUGE_NAME).build());
        }
        return items;
    }

    private static ItemBuilder workspace(
            String entityRef, String name, String plan, String createdAt) {
        return item(SAAS_PARTITION_KEY, s(entityRef), SAAS_SORT_KEY, s(WORKSPACE_DETAIL))
                .put("name", s(name))
                .put("plan", s(plan))
                .put("createdAt", s(createdAt));
    }

    private static ItemBuilder project(String entityRef, int number, String workspaceName) {
        String[] statuses = {"ACTIVE", "ACTIVE", "PAUSED", "ACTIVE", "ARCHIVED"};
        ItemBuilder project =
                item(SAAS_PARTITION_KEY, s(entityRef), SAAS_SORT_KEY, s(projectDetail(number)))
                        .put("name", s("Project " + number))
                        .put("status", s(statuses[number % statuses.length]))
                        // Ids are time-ordered, so a later id always has a later createdAt.
                        .put("createdAt", s(EPOCH.plus(Duration.ofHours(11L * number)).toString()))
                        .put("workspaceName", s(workspaceName))
                        .put(
                                "budget",
                                n(
                                        String.format(
                                                Locale.ROOT,
                                                "%d.%02d",
                                                1_000 + 125L * number,
                                                number % 100)));
        if (number % 4 == 0) {
            project.put("labels", ss("billing", "q" + (number % 4 + 1)));
        }
        return project;
    }

    private static String longDescription(int number) {
        String sentence =
                "Project "
                        + number
                        + " of "
                        + HUGE_NAME
                        + " keeps its whole history in one item collection, "
                        + "so reading the tenant takes several 1 MB Query pages. ";
        StringBuilder text = new StringBuilder(HUGE_DESCRIPTION_CHARS + sentence.length());
        while (text.length() < HUGE_DESCRIPTION_CHARS) {
            text.append(sentence);
        }
        return text.substring(0, HUGE_DESCRIPTION_CHARS);
    }

    // ---- activity ------------------------------------------------------------------------------

    private static final String[] ACTIONS = {
        "project.created", "project.renamed", "member.invited", "member.removed", "plan.changed"
    };

    private static List<Item> activityItems() {
        List<Item> items = new ArrayList<>();
        for (String workspace : List.of(ACME, BETA)) {
            for (int i = 1; i <= ACTIVITY_EVENTS; i++) {
                items.add(event(workspace, i).build());
            }
        }
        // One event that carries every type, as the audit log's billing entries do.
        items.add(
                event(ACME, ACTIVITY_EVENTS + 1)
                        .put("action", s("billing.adjusted"))
                        .put("amount", n(PRECISE_NUMBER))
                        .put("signature", b(bytes("sig-acme-0013")))
                        .put("approvers", ss("U#12", "U#31"))
                        .put("thresholds", ns("50", "80"))
                        .put("attachments", bs(bytes("invoice-1"), bytes("invoice-2")))
                        .put("details", m(orderedMap("before", n(25), "after", n(30))))
                        .put("tags", l(s("billing"), bool(true)))
                        .put("reviewed", bool(false))
                        .put("ticket", nul())
                        .put("note", s(""))
                        .build());
        return items;
    }

    private static List<Item> activityBulk() {
        List<Item> items = new ArrayList<>(HUGE_BULK_EVENTS);
        for (int i = 1; i <= HUGE_BULK_EVENTS; i++) {
            items.add(event(HUGE, i).build());
        }
        return items;
    }

    private static ItemBuilder event(String workspace, int number) {
        return item(
                        ACTIVITY_PARTITION_KEY,
                        s(workspace),
                        ACTIVITY_SORT_KEY,
                        s(
                                EPOCH.plus(Duration.ofMinutes(7L * number)).toString()
                                        + String.format(Locale.ROOT, "#%05d", number)))
                .put("actor", s("U#" + (10 + number % 7)))
                .put("action", s(ACTIONS[number % ACTIONS.length]))
                .put("target", s(projectDetail(number % 40 + 1)));
    }

    // ---- helpers -------------------------------------------------------------------------------

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static Map<String, AttributeValue> orderedMap(
            String k1, AttributeValue v1, String k2, AttributeValue v2) {
        Map<String, AttributeValue> map = new LinkedHashMap<>();
        map.put(k1, v1);
        map.put(k2, v2);
        return map;
    }

    static ItemBuilder item(String pkName, AttributeValue pk, String skName, AttributeValue sk) {
        return new ItemBuilder().put(pkName, pk).put(skName, sk);
    }

    /** Collects attributes in the order they are put, keys first. */
    static final class ItemBuilder {
        private final Map<String, AttributeValue> attributes = new LinkedHashMap<>();

        ItemBuilder put(String name, AttributeValue value) {
            attributes.put(name, value);
            return this;
        }

        Item build() {
            return Item.of(attributes);
        }
    }
}
