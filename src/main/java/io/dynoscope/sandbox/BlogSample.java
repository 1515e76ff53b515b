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
import static io.dynoscope.sandbox.SampleData.BLOG_PARTITION_KEY;
import static io.dynoscope.sandbox.SampleData.BLOG_SORT_KEY;
import static io.dynoscope.sandbox.SampleData.ENTITY_DETAIL;
import static io.dynoscope.sandbox.SampleData.EPOCH;
import static io.dynoscope.sandbox.SampleData.PRECISE_NUMBER;
import static io.dynoscope.sandbox.SampleData.blogKey;
import static io.dynoscope.sandbox.SampleData.bytes;
import static io.dynoscope.sandbox.SampleData.item;
import static io.dynoscope.sandbox.SampleData.orderedMap;

import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.Key;
import io.dynoscope.sandbox.SampleData.ItemBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code blog} data set of {@link SampleData}: users and their posts, each post with two copies
 * of its author's name; four copies, in three posts, were planted out of step with the author.
 */
final class BlogSample {

    private BlogSample() {}

    private record User(String number, String name) {
        String userId() {
            return "U#" + number;
        }

        String pk() {
            return "USER#" + number;
        }
    }

    /**
     * A post and the author-name copies it was written with; a copy that differs from the author's
     * current name is planted drift.
     */
    private record Post(
            String id, String title, User author, String authorNameCopy, String embeddedNameCopy) {
        Post(String id, String title, User author) {
            this(id, title, author, author.name(), author.name());
        }
    }

    private static final User MARA = new User("12", "Mara Vance");
    private static final User LIO = new User("88", "Lio Tan");
    private static final User ANA = new User("31", "Ana Ruiz");
    private static final User KOFI = new User("47", "Kofi Mensah");
    private static final List<User> USERS = List.of(MARA, LIO, ANA, KOFI);

    private static final List<Post> POSTS =
            List.of(
                    new Post("9f3", "Modeling 1:N", MARA),
                    new Post("a71", "Sparse GSIs", MARA),
                    new Post("b04", "Query vs Scan", LIO),
                    new Post("c55", "Hot partitions, cold coffee", LIO, "Lionel Tan", LIO.name()),
                    new Post("d20", "Denormalize on purpose", MARA, MARA.name(), "M. Vance"),
                    new Post("e88", "Item collections at a glance", ANA, "Ana R.", "Ana R."),
                    new Post("f16", "Condition expressions that bite", ANA),
                    new Post("1b7", "Paging with LastEvaluatedKey", KOFI),
                    new Post("2c9", "Numbers without floats", KOFI),
                    new Post("3d4", "Single-table design, revisited", MARA),
                    new Post("4e1", "GSI overloading", LIO),
                    new Post("5a2", "Streams and TTL", ANA));

    static final List<PlantedDrift> DRIFT = drift();

    private static List<PlantedDrift> drift() {
        List<PlantedDrift> drift = new ArrayList<>();
        for (Post post : POSTS) {
            Key copy = blogKey("POST#" + post.id(), ENTITY_DETAIL);
            Key source = blogKey(post.author().pk(), ENTITY_DETAIL);
            if (!post.authorNameCopy().equals(post.author().name())) {
                drift.add(
                        new PlantedDrift(
                                copy,
                                "authorName",
                                source,
                                "name",
                                s(post.author().name()),
                                s(post.authorNameCopy())));
            }
            if (!post.embeddedNameCopy().equals(post.author().name())) {
                drift.add(
                        new PlantedDrift(
                                copy,
                                "author.name",
                                source,
                                "name",
                                s(post.author().name()),
                                s(post.embeddedNameCopy())));
            }
        }
        return List.copyOf(drift);
    }

    static List<Item> items() {
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < USERS.size(); i++) {
            User user = USERS.get(i);
            ItemBuilder profile =
                    item(BLOG_PARTITION_KEY, s(user.pk()), BLOG_SORT_KEY, s(ENTITY_DETAIL))
                            .put("userId", s(user.userId()))
                            .put("name", s(user.name()))
                            .put(
                                    "email",
                                    s(
                                            user.name().toLowerCase(Locale.ROOT).replace(' ', '.')
                                                    + "@blog.example"))
                            .put(
                                    "joinedAt",
                                    s(EPOCH.minus(Duration.ofDays(90L * (i + 1))).toString()))
                            .put("followers", n(1_200L * (i + 1) + 7))
                            .put(
                                    "interests",
                                    ss("dynamodb", i % 2 == 0 ? "modeling" : "performance"))
                            .put("avatar", b(bytes("avatar-" + user.number())))
                            .put(
                                    "publicKeys",
                                    bs(
                                            bytes("ssh-" + user.number() + "-a"),
                                            bytes("ssh-" + user.number() + "-b")))
                            .put("links", l(s("https://blog.example/" + user.number())));
            profile.put("bio", i == 0 ? s("Writes about single-table design.") : s(""));
            profile.put("website", i == 1 ? nul() : s("https://" + user.number() + ".example"));
            items.add(profile.build());
        }
        for (int i = 0; i < POSTS.size(); i++) {
            Post post = POSTS.get(i);
            ItemBuilder item =
                    item(
                                    BLOG_PARTITION_KEY,
                                    s("POST#" + post.id()),
                                    BLOG_SORT_KEY,
                                    s(ENTITY_DETAIL))
                            .put("title", s(post.title()))
                            .put("authorId", s(post.author().userId()))
                            .put("authorName", s(post.authorNameCopy()))
                            .put(
                                    "author",
                                    m(
                                            orderedMap(
                                                    "id",
                                                    s(post.author().userId()),
                                                    "name",
                                                    s(post.embeddedNameCopy()))))
                            .put(
                                    "createdAt",
                                    s(EPOCH.plus(Duration.ofDays(3L * (i + 1))).toString()))
                            .put("tags", l(s("dynamodb"), s(i % 3 == 0 ? "aws" : "modeling")))
                            .put("views", n(137L * (i + 1) * (i + 1)))
                            .put("draft", bool(i == POSTS.size() - 1))
                            .put("subtitle", s(""))
                            .put("heroImage", i % 2 == 0 ? nul() : b(bytes("hero-" + post.id())));
            if (post.id().equals("2c9")) {
                item.put("exampleNumber", n(PRECISE_NUMBER))
                        .put(
                                "exampleNumbers",
                                ns("0.1", "-99999999999999999999999999999999999999", "1E-130"));
            }
            items.add(item.build());
        }
        return items;
    }
}
