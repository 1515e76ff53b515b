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
                            "reserve"),
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
                            "upsert"),
                    PatternSpec.Kind.DELETE,
                    Set.of("delete", "remove", "drop", "purge", "erase", "destroy"));

    private Verbs() {}

    /** What the words ask: the first verb decides (writes also by their past participle). */
    static PatternSpec.Kind kind(List<String> words) {
        for (String w : words) {
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
