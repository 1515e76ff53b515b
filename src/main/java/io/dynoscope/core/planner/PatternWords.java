package io.dynoscope.core.planner;

import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Question;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an access pattern written the way practitioners write them ("Get all orders for a given
 * productId for a given date range", "Find open games by map", "getFollowerListByUserID", "the
 * latest status of a device") as the entities it returns, the values the caller has, a range, an
 * order, a limit or a count. It never refuses a sentence: words it cannot place are left out, and
 * when it had to choose between readings the reading says which and names the other.
 *
 * <p>The words are matched against the entities' names and their attributes' names split into words
 * ({@code accountRepId} is "account rep id", and also "account rep"). A value is given when its
 * name follows "for", "by", "of", "in", "with", "from" (or a list after them), is a possessive ("a
 * user's friend list"), is set ("status = ACTIVE"), or is a status word before the entity ("open
 * orders"). An entity after "across" or "all" is not given. When the entity named does not hold
 * what is given, the entity that joins them is read instead ("products of an order" are its order
 * items; "users in a game" are the user-game items).
 */
public final class PatternWords {

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9]+|'s|=|,");
    private static final Set<String> DETERMINERS =
            Set.of(
                    "a",
                    "an",
                    "the",
                    "given",
                    "specific",
                    "certain",
                    "its",
                    "their",
                    "his",
                    "her",
                    "one",
                    "single",
                    "particular",
                    "this",
                    "that",
                    "some",
                    "each");
    private static final Set<String> NOT_GIVEN = Set.of("all", "every", "any", "across");
    private static final Set<String> MARKERS =
            Set.of("for", "by", "of", "in", "with", "from", "on", "at", "per", "where", "within");
    private static final Set<String> MANY_WORDS =
            Set.of("all", "list", "every", "each", "many", "history", "query", "find", "search");
    private static final Set<String> SINGLE_WORDS = Set.of("specific", "one", "single");
    private static final Set<String> NOT_A_STATUS =
            Set.of(
                    "past",
                    "recent",
                    "latest",
                    "newest",
                    "oldest",
                    "new",
                    "old",
                    "last",
                    "first",
                    "next",
                    "previous",
                    "current",
                    "all",
                    "every",
                    "top",
                    "other",
                    "same",
                    "whole",
                    "total",
                    "escalated",
                    "following",
                    "more",
                    "most");
    private static final Set<String> STOP =
            Set.of("a", "an", "the", "and", "or", "of", "for", "by", "to", "in", "on", "at", "s");
    private static final Set<String> GENERIC_LAST =
            Set.of("name", "number", "count", "type", "list", "data", "info", "details");

    /** "ID" on its own: the identity of the entity returned. */
    private static final String BARE_ID = "*id";

    private static final Pattern TIME_NAME =
            Pattern.compile(".*(At|Date|Time|Timestamp|On)$|date|time|timestamp|day|when");

    private PatternWords() {}

    /** The reading of {@code words} for these entities; never refuses (see the class comment). */
    public static PatternSpec read(String words, List<EntitySpec> entities) {
        if (entities.isEmpty()) {
            throw new IllegalArgumentException("add an entity before reading access patterns");
        }
        return new Reader(words, entities).read();
    }

    /** Words of a name: {@code accountRepId} -> account, rep, id. */
    static List<String> nameWords(String name) {
        List<String> words = new ArrayList<>();
        for (String part :
                name.replaceAll("([a-z0-9])([A-Z])", "$1 $2")
                        .replaceAll("([A-Z]+)([A-Z][a-z])", "$1 $2")
                        .split("[^A-Za-z0-9]+")) {
            if (!part.isEmpty()) {
                words.add(part.toLowerCase(Locale.ROOT));
            }
        }
        return words;
    }

    /** Whether an attribute holds a time or date by its name. */
    static boolean timeLike(String attribute) {
        return TIME_NAME.matcher(attribute).matches()
                || attribute.toLowerCase(Locale.ROOT).contains("date")
                || attribute.toLowerCase(Locale.ROOT).contains("time");
    }

    /** A word of the sentence. */
    private record Token(String word, String original) {}

    /** A phrase the vocabulary knows: an entity's name or an attribute's. */
    private record Phrase(List<String> words, String entity, String attribute) {
        boolean isEntity() {
            return attribute == null;
        }
    }

    /** Where a phrase was found. */
    private record Mention(int start, int end, List<Phrase> phrases, boolean plural) {
        boolean entity() {
            return phrases.get(0).isEntity();
        }

        String entityName() {
            return phrases.get(0).entity();
        }
    }

    /** One reading in progress. */
    private static final class Reader {
        final String words;
        final List<EntitySpec> entities;
        final Map<String, EntitySpec> byName = new LinkedHashMap<>();
        final List<Token> tokens = new ArrayList<>();
        final boolean[] consumed;
        final List<Phrase> vocabulary = new ArrayList<>();
        final List<Mention> mentions = new ArrayList<>();
        final List<String> notes = new ArrayList<>();
        Question.Range.Kind rangeKind;
        int rangeAt = -1;
        Boolean descending;
        int orderAt = -1;
        int limit;
        boolean count;

        Reader(String words, List<EntitySpec> entities) {
            this.words = words;
            this.entities = entities;
            entities.forEach(e -> byName.put(e.name(), e));
            Matcher m = TOKEN.matcher(words.replaceAll("([a-z0-9])([A-Z])", "$1 $2"));
            while (m.find()) {
                tokens.add(new Token(m.group().toLowerCase(Locale.ROOT), m.group()));
            }
            consumed = new boolean[tokens.size()];
            vocabulary.add(new Phrase(List.of("id"), null, BARE_ID));
            for (EntitySpec entity : entities) {
                vocabulary.add(new Phrase(nameWords(entity.name()), entity.name(), null));
                for (String id : entity.ids()) {
                    addAttribute(entity, id);
                }
                for (AttributeModel attribute : entity.attributes()) {
                    addAttribute(entity, attribute.name());
                }
            }
        }

        void addAttribute(EntitySpec entity, String attribute) {
            List<String> full = nameWords(attribute);
            vocabulary.add(new Phrase(full, entity.name(), attribute));
            String last = full.get(full.size() - 1);
            if (full.size() > 1 && Set.of("id", "at", "date", "time").contains(last)) {
                vocabulary.add(
                        new Phrase(full.subList(0, full.size() - 1), entity.name(), attribute));
            } else if (full.size() > 1 && last.length() >= 4 && !GENERIC_LAST.contains(last)) {
                vocabulary.add(new Phrase(List.of(last), entity.name(), attribute));
            }
        }

        String word(int i) {
            return i >= 0 && i < tokens.size() ? tokens.get(i).word() : "";
        }

        PatternSpec read() {
            readKeywords();
            findMentions();
            Mention head = head();
            String returned = head == null ? null : returnedBy(head);
            if (returned == null) {
                returned = entities.get(0).name();
                notes.add("the words name no entity: read as " + returned);
            }
            Set<String> given = new LinkedHashSet<>();
            Set<Integer> used = new LinkedHashSet<>();
            givenFromMentions(returned, head, given, used);
            givenFromStatusWords(returned, head, given);
            boolean identity = asksOne(head);
            String rangeAttribute = rangeAttribute(returned);
            returned = joining(returned, given, rangeAttribute);
            if (rangeAttribute == null && rangeKind != null) {
                rangeAttribute = rangeAttribute(returned);
            }
            if (rangeAttribute != null) {
                given.remove(rangeAttribute);
            }
            EntitySpec entity = byName.get(returned);
            boolean manyWord = manyBefore(head);
            if (identity
                    || (given.isEmpty()
                            && rangeKind == null
                            && !count
                            && !plural(head)
                            && !manyWord)) {
                Set<String> all = new LinkedHashSet<>(identityOf(entity));
                all.addAll(given);
                given = all;
            }
            List<String> returns = new ArrayList<>(List.of(returned));
            returns.addAll(along(returned));
            Optional<Question.Order> order = order(entity, returns);
            Optional<Question.Range> range =
                    rangeKind == null || rangeAttribute == null
                            ? Optional.empty()
                            : Optional.of(new Question.Range(rangeAttribute, rangeKind));
            boolean many = many(head, entity, given, identity, range.isPresent(), returns);
            return new PatternSpec(
                    words,
                    returns,
                    List.copyOf(given),
                    many,
                    range,
                    order,
                    limit,
                    count,
                    notes.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", notes)),
                    null);
        }

        // ---- keywords: ranges, order, limit, count ----------------------------------------

        void readKeywords() {
            for (int i = 0; i < tokens.size(); i++) {
                String w = word(i);
                if (w.equals("count") || (w.equals("how") && word(i + 1).equals("many"))) {
                    count = true;
                } else if (w.equals("number") && word(i + 1).equals("of")) {
                    count = true;
                }
                readRange(i, w);
                readOrder(i, w);
            }
        }

        void readRange(int i, String w) {
            if (consumed[i]) {
                return;
            }
            if (w.equals("between") || (w.equals("range") && timeWord(word(i - 1)))) {
                range(Question.Range.Kind.BETWEEN, i, w.equals("range") ? i - 1 : i, i + 3);
            } else if (w.equals("last") && word(i - 1).equals("the") && isNumber(word(i + 1))) {
                range(Question.Range.Kind.AFTER, i, i - 2, i + 3);
            } else if (w.equals("recently") || w.equals("since") || w.equals("after")) {
                range(Question.Range.Kind.AFTER, i, i, i + 3);
            } else if (w.equals("before") || w.equals("until")) {
                range(Question.Range.Kind.BEFORE, i, i, i + 3);
            } else if ((w.equals("date") || w.equals("day"))
                    && !word(i + 1).equals("range")
                    && Set.of("specific", "given", "certain", "single").contains(word(i - 1))
                    && Set.of("a", "one").contains(word(i - 2))
                    && Set.of("for", "on", "at").contains(word(i - 3))) {
                range(Question.Range.Kind.PREFIX, i - 3, i - 3, i);
            } else if ((w.equals("date") || w.equals("day"))
                    && (word(i - 1).equals("and") || word(i - 1).equals(","))
                    && vocabulary.stream().noneMatch(p -> p.words().equals(List.of(w)))) {
                range(Question.Range.Kind.PREFIX, i, i, i);
            }
        }

        void range(Question.Range.Kind kind, int at, int from, int to) {
            if (rangeKind != null) {
                return;
            }
            rangeKind = kind;
            rangeAt = Math.max(0, from);
            for (int j = Math.max(0, from); j <= Math.min(tokens.size() - 1, to); j++) {
                if (j > at
                        && !timeWord(word(j))
                        && !DETERMINERS.contains(word(j))
                        && !isNumber(word(j))
                        && !Set.of("and", "two").contains(word(j))) {
                    break;
                }
                consumed[j] = true;
            }
        }

        void readOrder(int i, String w) {
            if (w.equals("newest") || w.equals("latest") || (w.equals("recent"))) {
                descending = true;
                orderAt = i;
                limitAfter(i, w.equals("recent") && word(i - 1).equals("most") ? i - 2 : i - 1);
            } else if (w.equals("oldest") || (w.equals("earliest"))) {
                descending = false;
                orderAt = i;
                limitAfter(i, i - 1);
            } else if (w.equals("top") || w.equals("highest") || w.equals("best")) {
                descending = true;
                orderAt = i;
                limitAfter(i, i - 1);
            } else if (w.equals("last") && !consumed[i] && !word(i + 1).equals("login")) {
                descending = true;
                orderAt = i;
                limitAfter(i, i - 1);
            } else if (w.equals("last") && !consumed[i]) {
                descending = true;
                orderAt = i;
                limit = 1;
            } else if ((w.equals("sorted") || w.equals("ranked")) && word(i + 1).equals("by")) {
                descending = descending != null && descending;
                orderAt = i + 2;
            }
        }

        /** "the latest 5", "the 5 most recent", "the latest status" (one), "the top score". */
        void limitAfter(int at, int before) {
            if (consumed[at]) {
                return;
            }
            if (isNumber(word(at + 1))) {
                limit = Integer.parseInt(word(at + 1));
                consumed[at + 1] = true;
            } else if (isNumber(word(before))) {
                limit = Integer.parseInt(word(before));
                consumed[before] = true;
            } else if (word(before).equals("the") && !word(at + 1).equals("first")) {
                limit = plural(at + 1) ? 0 : 1;
            }
        }

        /** Whether the word after {@code at} (skipping number words) reads as a plural noun. */
        boolean plural(int at) {
            for (Phrase phrase : vocabulary) {
                if (phrase.isEntity() && matchLength(phrase, at) < 0 && pluralAt(phrase, at)) {
                    return true;
                }
            }
            return false;
        }

        boolean pluralAt(Phrase phrase, int at) {
            int n = phrase.words().size();
            for (int k = 0; k < n; k++) {
                String w = word(at + k);
                String p = phrase.words().get(k);
                if (k < n - 1 ? !w.equals(p) : !isPluralOf(w, p)) {
                    return false;
                }
            }
            return true;
        }

        // ---- mentions ----------------------------------------------------------------------

        void findMentions() {
            int i = 0;
            while (i < tokens.size()) {
                if (consumed[i]) {
                    i++;
                    continue;
                }
                int best = 0;
                boolean bestPlural = false;
                List<Phrase> found = new ArrayList<>();
                for (Phrase phrase : vocabulary) {
                    int length = phrase.words().size();
                    boolean exact = matchLength(phrase, i) == length;
                    boolean plural = !exact && pluralAt(phrase, i);
                    if (!exact && !plural && !stemAt(phrase, i)) {
                        continue;
                    }
                    if (length > best
                            || (length == best
                                    && phrase.isEntity()
                                    && !found.isEmpty()
                                    && !found.get(0).isEntity())) {
                        best = length;
                        bestPlural = plural;
                        found = new ArrayList<>(List.of(phrase));
                    } else if (length == best && phrase.isEntity() == found.get(0).isEntity()) {
                        found.add(phrase);
                    }
                }
                if (best == 0) {
                    i++;
                    continue;
                }
                mentions.add(new Mention(i, i + best, found, bestPlural));
                i += best;
            }
        }

        /** How many leading words of the phrase match exactly at {@code at} (-1 for none). */
        int matchLength(Phrase phrase, int at) {
            int n = phrase.words().size();
            for (int k = 0; k < n; k++) {
                if (at + k >= tokens.size() || consumed[at + k]) {
                    return -1;
                }
                if (!word(at + k).equals(phrase.words().get(k))) {
                    return -1;
                }
            }
            return n;
        }

        /** "hired" for "hire", "reported" for "reported", a participle of a one-word phrase. */
        boolean stemAt(Phrase phrase, int at) {
            if (phrase.words().size() != 1 || phrase.isEntity() || consumed[at]) {
                return false;
            }
            String p = phrase.words().get(0);
            String w = word(at);
            return p.length() >= 4 && (w.equals(p + "d") || w.equals(p + "ed"));
        }

        // ---- the entity returned -----------------------------------------------------------

        /** The first mention that is not a given value, a modifier of the next noun or "across". */
        Mention head() {
            for (int k = 0; k < mentions.size(); k++) {
                Mention m = mentions.get(k);
                if (givenRole(m) || scopeOnly(m)) {
                    continue;
                }
                Mention next = k + 1 < mentions.size() ? mentions.get(k + 1) : null;
                if (m.entity()
                        && next != null
                        && next.start() == m.end()
                        && next.entity()
                        && !givenRole(next)) {
                    notes.add(
                            "'"
                                    + text(m)
                                    + "' read as describing the "
                                    + next.entityName()
                                    + ", not as a value given");
                    continue;
                }
                if (!m.entity() && (next != null && next.start() == m.end() && next.entity())) {
                    continue;
                }
                return m;
            }
            return null;
        }

        String returnedBy(Mention head) {
            if (head.entity()) {
                return head.entityName();
            }
            return head.phrases().get(0).entity();
        }

        String text(Mention m) {
            List<String> parts = new ArrayList<>();
            for (int k = m.start(); k < m.end(); k++) {
                parts.add(tokens.get(k).original());
            }
            return String.join(" ", parts);
        }

        boolean plural(Mention m) {
            return m != null && m.plural();
        }

        /** Whether the mention is a value the caller gives, by the words before or after it. */
        boolean givenRole(Mention m) {
            if (word(m.end()).equals("'s") || word(m.end()).equals("=")) {
                return true;
            }
            Mention compound = mentionEndingAt(m.start() - 1);
            if (compound != null && compound.entity() && givenRole(compound)) {
                return true;
            }
            int k = m.start() - 1;
            int unknown = 0;
            boolean its = false;
            while (k >= 0 && (skippable(k) || (unknown < 2 && unknownWord(k)))) {
                unknown += skippable(k) ? 0 : 1;
                its |= word(k).equals("its") || word(k).equals("their");
                k--;
            }
            String before = word(k);
            if (NOT_GIVEN.contains(before) || (before.equals("with") && its)) {
                return false;
            }
            if (MARKERS.contains(before)) {
                return !(before.equals("of") && m.entity() && isHeadCandidate(k));
            }
            if ((before.equals("and") || before.equals(",")) && k > 0) {
                Mention previous = mentionEndingBefore(k);
                return previous != null && givenRole(previous) && !along(k);
            }
            return false;
        }

        /** "of" after a head noun ("the posts of an author") gives; "list of projects" does not. */
        boolean isHeadCandidate(int ofAt) {
            Mention previous = mentionEndingBefore(ofAt);
            return previous == null && !word(ofAt - 1).equals("details");
        }

        boolean skippable(int k) {
            String w = word(k);
            Token t = tokens.get(k);
            boolean value =
                    t.original().length() > 1
                            && t.original().equals(t.original().toUpperCase(Locale.ROOT))
                            && !isNumber(w)
                            && !w.equals("id")
                            && !mentioned(k);
            return DETERMINERS.contains(w) || value || consumed[k];
        }

        /** A word the vocabulary does not know and that is no marker: "credit" of "credit card". */
        boolean unknownWord(int k) {
            String w = word(k);
            return !mentioned(k)
                    && !MARKERS.contains(w)
                    && !STOP.contains(w)
                    && !NOT_GIVEN.contains(w)
                    && !MANY_WORDS.contains(w)
                    && !w.equals(",")
                    && !w.equals("and")
                    && !w.equals("'s")
                    && !w.equals("=")
                    && !isNumber(w)
                    && k > 0;
        }

        Mention mentionEndingAt(int k) {
            for (Mention m : mentions) {
                if (m.end() - 1 == k) {
                    return m;
                }
            }
            return null;
        }

        boolean mentioned(int k) {
            return mentions.stream().anyMatch(m -> m.start() <= k && k < m.end());
        }

        Mention mentionEndingBefore(int at) {
            int k = at - 1;
            while (k >= 0 && (word(k).equals(",") || word(k).equals("and") || skippable(k))) {
                k--;
            }
            for (Mention m : mentions) {
                if (m.end() - 1 == k) {
                    return m;
                }
            }
            return null;
        }

        boolean scopeOnly(Mention m) {
            int k = m.start() - 1;
            while (k >= 0 && skippable(k)) {
                k--;
            }
            return word(k).equals("across")
                    || (word(k).equals("all") && word(k - 1).equals("across"));
        }

        /** "and its", "with its", "and every": what follows comes along with the entity. */
        boolean along(int at) {
            String w = word(at);
            String next = word(at + 1);
            return (w.equals("and") || w.equals("with"))
                    && Set.of("its", "their", "every", "all", "each").contains(next);
        }

        List<String> along(String returned) {
            List<String> more = new ArrayList<>();
            for (Mention m : mentions) {
                if (!m.entity() || m.entityName().equals(returned)) {
                    continue;
                }
                int k = m.start() - 1;
                while (k >= 0 && Set.of("its", "their", "every", "all", "each").contains(word(k))) {
                    k--;
                }
                if (along(k) && related(returned, m.entityName())) {
                    more.add(m.entityName());
                }
            }
            return more;
        }

        boolean related(String a, String b) {
            EntitySpec x = byName.get(a);
            EntitySpec y = byName.get(b);
            return b.equals(x.parent()) || a.equals(y.parent());
        }

        // ---- given values ------------------------------------------------------------------

        void givenFromMentions(
                String returned, Mention head, Set<String> given, Set<Integer> used) {
            for (int k = 0; k < mentions.size(); k++) {
                Mention m = mentions.get(k);
                if (m == head || !givenRole(m) || scopeOnly(m)) {
                    if (m != head && !m.entity() && followedByValue(m)) {
                        given.add(attributeOf(m, returned));
                    }
                    continue;
                }
                Mention next = k + 1 < mentions.size() ? mentions.get(k + 1) : null;
                boolean qualifies = next != null && next.start() == m.end() && !next.entity();
                if (m.entity()) {
                    String name = m.entityName();
                    boolean ancestor = ancestors(returned).contains(name);
                    if (qualifies && (name.equals(returned) || !ancestor || withBefore(m))) {
                        continue;
                    }
                    if (name.equals(returned)) {
                        given.addAll(identityOf(byName.get(returned)));
                    } else {
                        given.addAll(idsFor(returned, byName.get(name)));
                    }
                } else if (bareId(m)) {
                    given.addAll(identityOf(byName.get(returned)));
                } else {
                    given.add(attributeOf(m, returned));
                }
                used.add(k);
            }
        }

        boolean withBefore(Mention m) {
            int k = m.start() - 1;
            while (k >= 0 && skippable(k)) {
                k--;
            }
            return word(k).equals("with");
        }

        /** "escalated to an agent", "status = ACTIVE": an attribute followed by its value. */
        boolean followedByValue(Mention m) {
            String after = word(m.end());
            if (after.equals("=")) {
                return true;
            }
            Set<String> value = Set.of("a", "an", "the", "given", "specific");
            return (after.equals("to") && value.contains(word(m.end() + 1)))
                    || (word(m.end() - 1).equals("to") && value.contains(after));
        }

        /** "ID" alone: the identity of the entity returned. */
        boolean bareId(Mention m) {
            return BARE_ID.equals(m.phrases().get(0).attribute());
        }

        String attributeOf(Mention m, String returned) {
            List<String> order = new ArrayList<>(List.of(returned));
            order.addAll(ancestors(returned));
            for (String name : order) {
                for (Phrase p : m.phrases()) {
                    if (name.equals(p.entity()) && p.attribute() != null) {
                        return p.attribute();
                    }
                }
            }
            for (Phrase p : m.phrases()) {
                if (p.attribute() != null && byName.get(returned).has(p.attribute())) {
                    return p.attribute();
                }
            }
            return m.phrases().get(0).attribute() != null
                    ? m.phrases().get(0).attribute()
                    : byName.get(m.entityName()).ids().get(0);
        }

        /**
         * The values of {@code other} the returned entity is found by: its ids, as it holds them.
         */
        List<String> idsFor(String returned, EntitySpec other) {
            if (ancestors(returned).contains(other.name())) {
                return other.ids();
            }
            EntitySpec entity = byName.get(returned);
            List<String> held = other.ids().stream().filter(entity::has).toList();
            return held.isEmpty() ? other.ids() : held;
        }

        /** "open orders", "active projects": a status word before the entity returned. */
        void givenFromStatusWords(String returned, Mention head, Set<String> given) {
            if (head == null) {
                return;
            }
            EntitySpec entity = byName.get(returned);
            Optional<String> status =
                    entity.attributes().stream()
                            .map(AttributeModel::name)
                            .filter(n -> n.equals("status") || n.endsWith("Status"))
                            .findFirst();
            int k = head.start() - 1;
            if (status.isEmpty() || k < 0 || mentioned(k) || consumed[k]) {
                return;
            }
            String w = word(k);
            if (!STOP.contains(w)
                    && !DETERMINERS.contains(w)
                    && !NOT_A_STATUS.contains(w)
                    && !MANY_WORDS.contains(w)
                    && !isNumber(w)
                    && w.length() > 2
                    && !Set.of("get", "find", "list", "view", "show", "see", "load", "query")
                            .contains(w)) {
                given.add(status.get());
            }
        }

        /** "every workspace", "list all workspaces": many asked of the entity returned. */
        boolean manyBefore(Mention head) {
            if (head == null) {
                return false;
            }
            for (int k = head.start() - 1; k >= 0 && k >= head.start() - 3; k--) {
                if (MANY_WORDS.contains(word(k))) {
                    return true;
                }
            }
            return false;
        }

        /** "a specific item", "one project", "by its id", "with a given ID": one item asked. */
        boolean asksOne(Mention head) {
            if (head != null) {
                int k = head.start() - 1;
                while (k >= 0 && Set.of("a", "an", "the").contains(word(k))) {
                    k--;
                }
                if (SINGLE_WORDS.contains(word(k))) {
                    return true;
                }
            }
            for (int i = 0; i + 1 < tokens.size(); i++) {
                if ((word(i).equals("its") || word(i).equals("by"))
                        && word(i + 1).equals("id")
                        && !mentioned(i + 1)) {
                    return true;
                }
            }
            return false;
        }

        /** The ids that name one item of an entity: its ancestors' and its own. */
        List<String> identityOf(EntitySpec entity) {
            List<String> ids = new ArrayList<>();
            List<String> ancestors = ancestors(entity.name());
            for (int i = ancestors.size() - 1; i >= 0; i--) {
                byName.get(ancestors.get(i)).ids().stream()
                        .filter(id -> !ids.contains(id))
                        .forEach(ids::add);
            }
            entity.ids().stream().filter(id -> !ids.contains(id)).forEach(ids::add);
            return ids;
        }

        List<String> ancestors(String name) {
            List<String> chain = new ArrayList<>();
            EntitySpec at = byName.get(byName.get(name).parent());
            while (at != null && !chain.contains(at.name()) && !at.name().equals(name)) {
                chain.add(at.name());
                at = byName.get(at.parent());
            }
            return chain;
        }

        /** Whether an entity holds an attribute, itself or through an ancestor's ids. */
        boolean holds(String entity, String attribute) {
            if (byName.get(entity).has(attribute)) {
                return true;
            }
            return ancestors(entity).stream()
                    .anyMatch(a -> byName.get(a).ids().contains(attribute));
        }

        /**
         * The entity that answers: the one named, or when it does not hold what is given (or the
         * range asked), the entity that joins them: it holds the named entity's ids and every value
         * given ("products of an order" are order items), or is a child of it that holds them.
         */
        String joining(String returned, Set<String> given, String rangeAttribute) {
            Set<String> needed = new LinkedHashSet<>(given);
            boolean rangeMissing = rangeKind != null && rangeAttribute == null;
            if (needed.stream().allMatch(a -> holds(returned, a)) && !rangeMissing) {
                return returned;
            }
            EntitySpec named = byName.get(returned);
            for (EntitySpec candidate : entities) {
                if (candidate.name().equals(returned)) {
                    continue;
                }
                boolean joins =
                        (named.ids().stream().allMatch(id -> holds(candidate.name(), id))
                                        || returned.equals(candidate.parent()))
                                && !needed.contains(EntitySpec.defaultId(candidate.name()));
                boolean holdsAll = needed.stream().allMatch(a -> holds(candidate.name(), a));
                boolean hasRange = !rangeMissing || timeAttribute(candidate, hints()).isPresent();
                if (joins && holdsAll && hasRange) {
                    notes.add(
                            "read '"
                                    + returned
                                    + "' as "
                                    + candidate.name()
                                    + " items, which hold "
                                    + (needed.isEmpty()
                                            ? "the time asked"
                                            : String.join(", ", needed))
                                    + " (the alternative: "
                                    + returned
                                    + " itself, read through a second request)");
                    return candidate.name();
                }
            }
            return returned;
        }

        // ---- range and order ---------------------------------------------------------------

        /** The attribute a range is on: named just before it, else the entity's time attribute. */
        String rangeAttribute(String returned) {
            if (rangeKind == null) {
                return null;
            }
            return timeAttribute(byName.get(returned), hints()).orElse(null);
        }

        /** The words just before the range, which may name its attribute ("hired recently"). */
        List<String> hints() {
            List<String> hints = new ArrayList<>();
            for (int k = Math.max(0, rangeAt - 3); k < rangeAt; k++) {
                if (!STOP.contains(word(k))) {
                    hints.add(word(k));
                }
            }
            return hints;
        }

        Optional<String> timeAttribute(EntitySpec entity, List<String> hints) {
            List<String> candidates = new ArrayList<>();
            entity.ids().stream().filter(PatternWords::timeLike).forEach(candidates::add);
            entity.attributes().stream()
                    .filter(
                            a ->
                                    a.type().descriptor().equals("S")
                                            || a.type().descriptor().equals("N"))
                    .map(AttributeModel::name)
                    .filter(PatternWords::timeLike)
                    .forEach(candidates::add);
            for (String hint : hints) {
                for (String c : candidates) {
                    for (String part : nameWords(c)) {
                        if (part.length() >= 4
                                && (hint.startsWith(part) || part.startsWith(hint))
                                && hint.length() >= 4) {
                            return Optional.of(c);
                        }
                    }
                }
            }
            for (String preferred : List.of("createdAt", "created", "date", "timestamp")) {
                if (candidates.contains(preferred)) {
                    return Optional.of(preferred);
                }
            }
            return candidates.stream()
                    .filter(c -> !c.startsWith("next") && !c.startsWith("last"))
                    .findFirst()
                    .or(() -> candidates.stream().findFirst());
        }

        Optional<Question.Order> order(EntitySpec entity, List<String> returns) {
            if (descending == null) {
                return Optional.empty();
            }
            Optional<String> named = orderedBy(entity);
            if (named.isPresent()) {
                return named.map(a -> new Question.Order(a, descending));
            }
            EntitySpec child = returns.size() > 1 ? byName.get(returns.get(1)) : null;
            EntitySpec ordered =
                    child != null && entity.name().equals(child.parent()) ? child : entity;
            return timeAttribute(ordered, List.of())
                    .or(() -> Optional.of(ordered.ids().get(ordered.ids().size() - 1)))
                    .map(a -> new Question.Order(a, descending));
        }

        /** "sorted by X", "top score": an attribute the order names. */
        Optional<String> orderedBy(EntitySpec entity) {
            for (Mention m : mentions) {
                if (m.entity()) {
                    continue;
                }
                boolean near = m.start() >= orderAt - 1 && m.start() <= orderAt + 2;
                if (!near) {
                    continue;
                }
                for (Phrase p : m.phrases()) {
                    if (entity.has(p.attribute())) {
                        return Optional.of(p.attribute());
                    }
                }
            }
            if (orderAt >= 0 && Set.of("top", "highest", "best").contains(word(orderAt))) {
                String noun = isNumber(word(orderAt + 1)) ? word(orderAt + 2) : word(orderAt + 1);
                return entity.attributes().stream()
                        .filter(a -> a.type().descriptor().equals("N"))
                        .map(AttributeModel::name)
                        .filter(
                                n ->
                                        nameWords(n).stream()
                                                .anyMatch(
                                                        w -> isPluralOf(noun, w) || noun.equals(w)))
                        .findFirst();
            }
            return Optional.empty();
        }

        boolean many(
                Mention head,
                EntitySpec entity,
                Set<String> given,
                boolean one,
                boolean ranged,
                List<String> returns) {
            if (limit > 0 || count || ranged || returns.size() > 1) {
                return true;
            }
            if (one) {
                return false;
            }
            if (!given.isEmpty() && given.containsAll(identityOf(entity))) {
                return false;
            }
            if (plural(head) && head.entity()) {
                return true;
            }
            boolean manyWord = tokens.stream().anyMatch(t -> MANY_WORDS.contains(t.word()));
            if (manyWord && !(head != null && !head.entity())) {
                return true;
            }
            List<String> identifying = new ArrayList<>(identityOf(entity));
            return !given.isEmpty() && given.stream().noneMatch(identifying::contains);
        }
    }

    static boolean isPluralOf(String word, String name) {
        return word.equals(name + "s")
                || word.equals(name + "es")
                || (name.endsWith("y")
                        && word.equals(name.substring(0, name.length() - 1) + "ies"));
    }

    static boolean timeWord(String w) {
        return Set.of(
                        "date", "dates", "time", "times", "day", "days", "week", "weeks", "month",
                        "months", "year", "years", "hour", "hours", "minute", "minutes")
                .contains(w);
    }

    static boolean isNumber(String w) {
        return !w.isEmpty() && w.chars().allMatch(Character::isDigit);
    }
}
