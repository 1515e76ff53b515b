package io.dynoscope.core.planner;

import static io.dynoscope.core.planner.PatternWords.BARE_ID;
import static io.dynoscope.core.planner.PatternWords.DETERMINERS;
import static io.dynoscope.core.planner.PatternWords.GENERIC_LAST;
import static io.dynoscope.core.planner.PatternWords.MANY_WORDS;
import static io.dynoscope.core.planner.PatternWords.MARKERS;
import static io.dynoscope.core.planner.PatternWords.NOT_GIVEN;
import static io.dynoscope.core.planner.PatternWords.STOP;
import static io.dynoscope.core.planner.PatternWords.TOKEN;
import static io.dynoscope.core.planner.PatternWords.isNumber;
import static io.dynoscope.core.planner.PatternWords.isPluralOf;
import static io.dynoscope.core.planner.PatternWords.nameWords;
import static io.dynoscope.core.planner.PatternWords.timeWord;

import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Question;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * A sentence as the pattern reader sees it: its words, the phrases of the entities' vocabulary
 * mentioned in it, the keywords of a range, an order, a limit or a count, and what a word's place
 * says of its role (a value given, a scope, something that comes along).
 */
class Sentence {

    /** A word of the sentence. */
    record Token(String word, String original) {}

    /** A phrase the vocabulary knows: an entity's name or an attribute's. */
    record Phrase(List<String> words, String entity, String attribute) {
        boolean isEntity() {
            return attribute == null;
        }
    }

    /** Where a phrase was found. */
    record Mention(int start, int end, List<Phrase> phrases, boolean plural) {
        boolean entity() {
            return phrases.get(0).isEntity();
        }

        String entityName() {
            return phrases.get(0).entity();
        }
    }

    static final Set<String> ORDER_WORDS = Set.of("sorted", "ordered", "ranked", "sort", "order");

    final String words;
    final List<Token> tokens = new ArrayList<>();
    final boolean[] consumed;
    final List<Phrase> vocabulary = new ArrayList<>();
    final List<Mention> mentions = new ArrayList<>();

    /** The words of the entities' names ("author" of {@code authorLastName}). */
    final Set<String> entityWords = new HashSet<>();

    Question.Range.Kind rangeKind;
    int rangeAt = -1;
    Boolean descending;
    int orderAt = -1;
    int limit;
    boolean count;

    /** Where the role telling a user story ends ("Users" of "Users can …"), or -1. */
    int storyRole = -1;

    /** Where "count" was read: part of an attribute's name ("view count") it asks no count. */
    int countAt = -1;

    Sentence(String words, List<EntitySpec> entities) {
        this.words = words;
        // "city.building.floor.desk": a dotted path of names is a list of them (a slash is not:
        // "books/copies", "create/update" are as often alternatives)
        String listed = words.replaceAll("(?<=\\p{L}{2})\\.(?=\\p{L}{2})", " , ");
        Matcher m = TOKEN.matcher(listed.replaceAll("([\\p{Ll}\\p{N}])(\\p{Lu})", "$1 $2"));
        while (m.find()) {
            tokens.add(new Token(normal(m.group()), m.group()));
        }
        consumed = new boolean[tokens.size()];
        dropRole();
        vocabulary.add(new Phrase(List.of("id"), null, BARE_ID));
        for (EntitySpec entity : entities) {
            entityWords.addAll(nameWords(entity.name()));
        }
        for (EntitySpec entity : entities) {
            List<String> name = nameWords(entity.name());
            vocabulary.add(new Phrase(name, entity.name(), null));
            for (List<String> other :
                    Lexicon.SYNONYMS.getOrDefault(String.join("", name), List.of())) {
                vocabulary.add(new Phrase(other, entity.name(), null)); // "reservation": a booking
            }
            String tail = name.get(name.size() - 1);
            if (name.size() > 1
                    && tail.length() >= 4
                    && !EntityNameWords.entityNames(entities).contains(tail)) {
                // "items" of orderItem, "comments" of pullRequestComment
                vocabulary.add(new Phrase(List.of(tail), entity.name(), null));
            }
            String lead = name.get(0);
            if (name.size() > 1
                    && lead.length() >= 5
                    && !EntityNameWords.usedByAnother(entities, entity, lead)
                    && !EntityNameWords.namesAnAttribute(entities, lead)) {
                // "waitlist" of waitlistEntry: a compound's first word no other entity uses
                vocabulary.add(new Phrase(List.of(lead), entity.name(), null));
            }
            for (String id : entity.ids()) {
                addAttribute(entity, id);
            }
            for (AttributeModel attribute : entity.attributes()) {
                addAttribute(entity, attribute.name());
            }
        }
    }

    /** A token as the reader compares it: lower case, "+" and "&" as "and", one apostrophe. */
    static String normal(String token) {
        String lower = token.toLowerCase(Locale.ROOT);
        return switch (lower) {
            case "+", "&" -> "and";
            case "\u2019s" -> "'s";
            default -> lower;
        };
    }

    /**
     * "As a Project Manager, I need to …", "Users can browse …", "An administrator can view …": the
     * role telling the story is no part of the ask.
     */
    void dropRole() {
        if (!word(0).equals("as")) {
            dropStorySubject();
            return;
        }
        for (int i = 1; i + 2 < tokens.size(); i++) {
            if ((word(i).equals("i") || word(i).equals("we"))
                    && Set.of("need", "want", "would", "must", "should", "can")
                            .contains(word(i + 1))) {
                int end = word(i + 2).equals("to") ? i + 2 : i + 1;
                for (int k = 0; k <= end; k++) {
                    consumed[k] = true;
                }
                storyRole = i;
                return;
            }
        }
    }

    /**
     * The entity the user story's role names ("As an Employee", "Users can"), which "my", "their"
     * and "me" refer to; empty when there is no story or it names no entity.
     */
    Optional<String> storyEntity() {
        for (int k = 0; k < storyRole; k++) {
            for (Phrase p : vocabulary) {
                int n = p.words().size();
                if (!p.isEntity() || k + n > storyRole) {
                    continue;
                }
                boolean exact = true;
                for (int j = 0; j < n && exact; j++) {
                    exact = word(k + j).equals(p.words().get(j));
                }
                if (exact || pluralAt(p, k)) {
                    return Optional.of(p.entity());
                }
            }
        }
        return Optional.empty();
    }

    /** Whether the words speak of the story's role: "my tasks", "their bookings", "by me". */
    boolean speaksOfRole() {
        for (int k = Math.max(0, storyRole); k < tokens.size(); k++) {
            if (Set.of("my", "their", "our", "me", "mine").contains(word(k)) && !consumed[k]) {
                return true;
            }
        }
        return false;
    }

    /** "Users can view their bookings": up to three words and a modal before a verb. */
    private void dropStorySubject() {
        for (int i = 1; i <= 3 && i + 1 < tokens.size(); i++) {
            if (!Lexicon.MODALS.contains(word(i))) {
                continue;
            }
            int verb = word(i + 1).equals("to") ? i + 2 : i + 1;
            if (Verbs.isVerb(word(verb))) {
                for (int k = 0; k < verb; k++) {
                    consumed[k] = true;
                }
                storyRole = i;
            }
            return;
        }
    }

    void addAttribute(EntitySpec entity, String attribute) {
        List<String> full = nameWords(attribute);
        vocabulary.add(new Phrase(full, entity.name(), attribute));
        for (int w = 0; w < full.size(); w++) {
            for (List<String> other : Lexicon.SYNONYMS.getOrDefault(full.get(w), List.of())) {
                // "zip code" for postcode, "home zip code" for homePostcode
                List<String> words = new ArrayList<>(full.subList(0, w));
                words.addAll(other);
                words.addAll(full.subList(w + 1, full.size()));
                vocabulary.add(new Phrase(words, entity.name(), attribute));
            }
        }
        String last = full.get(full.size() - 1);
        if (full.size() > 1 && Set.of("id", "at", "date", "time").contains(last)) {
            vocabulary.add(new Phrase(full.subList(0, full.size() - 1), entity.name(), attribute));
        } else if (full.size() > 1 && last.length() >= 4 && !GENERIC_LAST.contains(last)) {
            vocabulary.add(new Phrase(List.of(last), entity.name(), attribute));
        }
        // "last name" of authorLastName, "title" of bookTitle: the name without an entity's
        int lead = 0;
        while (lead < full.size() - 1 && entityWords.contains(full.get(lead))) {
            lead++;
        }
        List<String> rest = full.subList(lead, full.size());
        boolean own =
                full.subList(0, lead).equals(nameWords(entity.name()))
                        && !PatternWords.timeLike(attribute);
        if (lead > 0 && (rest.size() > 1 || own) && !rest.equals(List.of("id"))) {
            // "type" of a room's roomType, "title" of a book's bookTitle
            vocabulary.add(new Phrase(rest, entity.name(), attribute));
        }
    }

    String word(int i) {
        return i >= 0 && i < tokens.size() ? tokens.get(i).word() : "";
    }

    void readKeywords() {
        for (int i = 0; i < tokens.size(); i++) {
            String w = word(i);
            if (w.equals("count") || (w.equals("how") && word(i + 1).equals("many"))) {
                count = true;
                countAt = i;
            } else if (w.equals("number") && word(i + 1).equals("of")) {
                count = true;
            }
            readRange(i, w);
            OrderWords.read(this, i, w);
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
        } else if (w.equals("this") && Lexicon.PERIODS.contains(word(i + 1))) {
            range(Question.Range.Kind.AFTER, i, i, i + 1); // "this month": from its start
        } else if (w.equals("today")) {
            range(Question.Range.Kind.AFTER, i, i, i);
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

    /** Whether a phrase of two or more words, not of a time, starts at {@code i} ("last name"). */
    boolean startsPhrase(int i) {
        return vocabulary.stream()
                .anyMatch(
                        p ->
                                p.words().size() > 1
                                        && matchLength(p, i) > 0
                                        && !p.isEntity()
                                        && !PatternWords.timeLike(p.attribute()));
    }

    /** Whether the word after {@code at} (skipping number words) reads as a plural noun. */
    boolean plural(int at) {
        return vocabulary.stream()
                .anyMatch(p -> p.isEntity() && matchLength(p, at) < 0 && pluralAt(p, at));
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

    String text(Mention m) {
        List<String> parts = new ArrayList<>();
        for (int k = m.start(); k < m.end(); k++) {
            parts.add(tokens.get(k).original());
        }
        return String.join(" ", parts);
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
        if (afterRelativePronoun(m)) {
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
        if (before.equals("with") && m.entity() && m.plural() && k + 1 == m.start()) {
            return false; // "a post with comments": the comments come along, none is given
        }
        if (before.equals("to")
                && k + 1 < m.start()
                && DETERMINERS.contains(word(k + 1))
                && !mentioned(k - 1)) {
            return true; // "on loan to a specific member", "report to a given manager"
        }
        if (before.equals("by") && ORDER_WORDS.contains(word(k - 1)) && k + 1 == m.start()) {
            return false; // "sorted by createdAt" orders, it gives nothing
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

    /** "movies that an actor starred in": a noun after a relative pronoun finds the noun before. */
    boolean afterRelativePronoun(Mention m) {
        int k = m.start() - 1;
        while (k >= 0 && Set.of("a", "an", "the", "given", "specific").contains(word(k))) {
            k--;
        }
        Mention before = mentionEndingAt(k - 1);
        return Lexicon.RELATIVE.contains(word(k))
                && before != null
                && before.entity()
                && m.entity()
                && m.end() < tokens.size();
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

    /** The words no entity or attribute took, in order. */
    List<String> unmentionedWords() {
        List<String> free = new ArrayList<>();
        for (int k = 0; k < tokens.size(); k++) {
            if (!mentioned(k)) {
                free.add(word(k));
            }
        }
        return free;
    }

    boolean mentioned(int k) {
        return mentions.stream().anyMatch(m -> m.start() <= k && k < m.end());
    }

    Mention mentionEndingBefore(int at) {
        int k = at - 1;
        while (k >= 0 && (word(k).equals(",") || word(k).equals("and") || skippable(k))) {
            k--;
        }
        return mentionEndingAt(k);
    }

    boolean scopeOnly(Mention m) {
        int k = m.start() - 1;
        while (k >= 0 && skippable(k)) {
            k--;
        }
        return word(k).equals("across") || (word(k).equals("all") && word(k - 1).equals("across"));
    }

    /** "and its", "with its", "and every": what follows comes along with the entity. */
    boolean along(int at) {
        String w = word(at);
        String next = word(at + 1);
        return (w.equals("and") || w.equals("with"))
                && Set.of("its", "their", "every", "all", "each").contains(next);
    }
}
