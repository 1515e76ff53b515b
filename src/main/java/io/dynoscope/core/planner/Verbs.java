package io.dynoscope.core.planner;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The verbs of an access pattern: a read ("get", "list", "find"…) or a write of one item ("add a
 * new image", "createChatRoom", "delete a room", "approve pull request"). The first verb of the
 * sentence decides; a create that says "unique" is a unique-constraint write.
 */
final class Verbs {

    static final Set<String> READ =
            Set.of(
                    "get",
                    "find",
                    "list",
                    "show",
                    "see",
                    "view",
                    "load",
                    "fetch",
                    "retrieve",
                    "return",
                    "query",
                    "look",
                    "lookup",
                    "search",
                    "read",
                    "gather",
                    "display",
                    "count",
                    "browse",
                    "check",
                    "track",
                    "obtain",
                    "select",
                    "scan",
                    "retrieval",
                    "render");

    private static final Map<PatternSpec.Kind, Set<String>> WRITE =
            Map.of(
                    PatternSpec.Kind.CREATE,
                    Set.of(
                            "create",
                            "add",
                            "insert",
                            "put",
                            "register",
                            "post",
                            "submit",
                            "place",
                            "save",
                            "write",
                            "upload",
                            "join",
                            "enrol",
                            "enroll",
                            "follow",
                            "subscribe",
                            "book",
                            "reserve",
                            "send",
                            "publish",
                            "start",
                            "invite",
                            "like",
                            "vote",
                            "rate",
                            "review",
                            "reply",
                            "purchase",
                            "buy",
                            "checkout",
                            "pay",
                            "share",
                            "bookmark",
                            "record",
                            "log",
                            "schedule",
                            "enter",
                            "apply",
                            "request"),
                    PatternSpec.Kind.UPDATE,
                    Set.of(
                            "update",
                            "edit",
                            "change",
                            "modify",
                            "set",
                            "mark",
                            "approve",
                            "rename",
                            "increment",
                            "decrement",
                            "close",
                            "cancel",
                            "reject",
                            "accept",
                            "move",
                            "assign",
                            "replace",
                            "upsert",
                            "archive",
                            "restore",
                            "ban",
                            "block",
                            "suspend",
                            "activate",
                            "deactivate",
                            "complete",
                            "finish",
                            "resolve",
                            "reopen",
                            "confirm",
                            "toggle",
                            "transfer"),
                    PatternSpec.Kind.DELETE,
                    Set.of(
                            "delete",
                            "remove",
                            "drop",
                            "purge",
                            "erase",
                            "destroy",
                            "leave",
                            "unfollow",
                            "unsubscribe",
                            "unlike",
                            "revoke"));

    private Verbs() {}

    /**
     * Verbs that are as often nouns ("a review", "the log"): read as a verb only first in the words
     * or after "to", a modal or a subject ("Users can review a product").
     */
    private static final Set<String> ALSO_NOUNS =
            Set.of(
                    "like",
                    "vote",
                    "rate",
                    "review",
                    "reply",
                    "share",
                    "record",
                    "log",
                    "request",
                    "schedule",
                    "start",
                    "enter",
                    "apply",
                    "complete",
                    "block",
                    "pay",
                    "transfer",
                    "finish",
                    "bookmark",
                    "leave",
                    "send",
                    "order",
                    "post",
                    "book",
                    "place");

    private static final Set<String> BEFORE_A_VERB =
            Set.of("to", "can", "could", "must", "should", "will", "may", "i", "we", "and", "then");

    /** What the words ask: the first verb decides (writes also by their past participle). */
    static PatternSpec.Kind kind(List<String> words) {
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (ALSO_NOUNS.contains(w) && i > 0 && !BEFORE_A_VERB.contains(words.get(i - 1))) {
                continue;
            }
            if (READ.contains(w)) {
                return PatternSpec.Kind.READ;
            }
            for (Map.Entry<PatternSpec.Kind, Set<String>> e : WRITE.entrySet()) {
                if (e.getValue().contains(w)) {
                    boolean unique =
                            e.getKey() == PatternSpec.Kind.CREATE && words.contains("unique");
                    return unique ? PatternSpec.Kind.UNIQUE : e.getKey();
                }
            }
        }
        return PatternSpec.Kind.READ;
    }

    /** Whether a word is a verb of either kind (so it names no value). */
    static boolean isVerb(String w) {
        return READ.contains(w) || WRITE.values().stream().anyMatch(s -> s.contains(w));
    }
}
