package io.dynoscope.core.planner;

import static io.dynoscope.core.planner.PatternWords.nameWords;

import io.dynoscope.core.model.AttributeModel;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Spanish or Italian access pattern put into the English the pattern reader knows, before it is
 * read: "Listar cada proyecto de un espacio de trabajo, del más reciente primero" becomes "list
 * every project of a workspace, newest first". The language is told per sentence by its function
 * words; an English sentence is left as it is.
 *
 * <p>The step is word by word, with the few changes of order the languages need: the entities' own
 * words are kept (an entity named {@code proyecto} or {@code espacioDeTrabajo} is matched in its
 * plural, "proyectos", "espacios de trabajo", and written with an English plural so the reader sees
 * one); articles, prepositions and their contractions (del, della, nel), verbs, quantifiers (cada,
 * ogni), numbers and ordering phrases ("del más reciente primero", "dal più recente") come from
 * {@link RomanceWords}; common nouns of either language become English ones, and a noun close to an
 * entity's word ("categoría" and {@code category}) becomes that word. An adjective written after
 * its noun ("un proyecto concreto") moves before it, and "id de usuario" becomes "user id".
 */
final class Translation {

    /** The language a sentence is written in. */
    enum Language {
        ENGLISH,
        SPANISH,
        ITALIAN
    }

    private static final Pattern TOKEN =
            Pattern.compile("\\p{L}+['’](?=\\p{L})|[\\p{L}\\p{N}_#]+|=|,");
    private static final Set<String> CONNECTORS =
            Set.of("de", "di", "del", "della", "dello", "dell'", "d'");
    private static final int LONGEST_PHRASE = 6;

    /** A piece of the English sentence: its words, how they behave, and whether plural. */
    private static final class Out {
        String text;
        final RomanceWords.Kind kind;
        boolean plural;

        Out(String text, RomanceWords.Kind kind, boolean plural) {
            this.text = text;
            this.kind = kind;
            this.plural = plural;
        }
    }

    /**
     * A sentence as the reader gets it.
     *
     * @param english the words in English (the sentence itself when it is English)
     * @param language the language it was written in
     * @param unknown the words of it no table, entity or attribute knows, left as written
     */
    record Result(String english, Language language, List<String> unknown) {}

    private final List<String> unknown = new ArrayList<>();
    private final List<String> originals = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();
    private final List<List<String>> vocabulary = new ArrayList<>();
    private final Set<String> vocabularyWords = new HashSet<>();

    private Translation(String words, List<EntitySpec> entities) {
        Matcher m = TOKEN.matcher(words);
        while (m.find()) {
            originals.add(m.group().replace('’', '\''));
            keys.add(key(m.group()));
        }
        for (EntitySpec entity : entities) {
            addVocabulary(entity.name());
            entity.ids().forEach(this::addVocabulary);
            entity.attributes().stream().map(AttributeModel::name).forEach(this::addVocabulary);
        }
        vocabulary.sort((a, b) -> b.size() - a.size());
    }

    private void addVocabulary(String name) {
        List<String> words = nameWords(name);
        if (!words.isEmpty() && !vocabulary.contains(words)) {
            vocabulary.add(words);
            vocabularyWords.addAll(words);
        }
        // "autor" of autorId, "nombre" of autorNombre: a word of a name stands for it alone
        for (String word : words) {
            if (word.length() >= 3 && !vocabulary.contains(List.of(word))) {
                vocabulary.add(List.of(word));
            }
        }
    }

    /** The sentence in English for {@link PatternReader}, or itself when it is English. */
    static Result english(String words, List<EntitySpec> entities) {
        Translation t = new Translation(words, entities);
        Language language = t.language();
        return language == Language.ENGLISH
                ? new Result(words, language, List.of())
                : new Result(t.translate(language), language, List.copyOf(t.unknown));
    }

    /** The reading of a translated sentence as the words it was written in. */
    static PatternSpec asWritten(PatternSpec read, Result result, String words) {
        if (result.language() == Language.ENGLISH) {
            return read;
        }
        List<String> unsure = new ArrayList<>(read.unsure());
        String language = result.language() == Language.SPANISH ? "Spanish" : "Italian";
        for (String word : result.unknown()) {
            unsure.add(
                    "'"
                            + word
                            + "' is a "
                            + language
                            + " word the planner does not know; it was read without it.");
        }
        return new PatternSpec(
                words,
                read.returns(),
                read.given(),
                read.many(),
                read.range(),
                read.order(),
                read.limit(),
                read.count(),
                read.alternative(),
                read.workload(),
                read.kind(),
                unsure,
                read.corrected());
    }

    /** The language of a sentence, told by its function words and verbs. */
    static Language language(String words) {
        return new Translation(words, List.of()).language();
    }

    private Language language() {
        int english = 0;
        int spanish = 0;
        int italian = 0;
        int onlySpanish = 0;
        int onlyItalian = 0;
        for (String k : keys) {
            if (RomanceWords.ENGLISH_MARKS.contains(k) || Verbs.isVerb(k)) {
                english++;
                continue;
            }
            boolean es = RomanceWords.SPANISH.containsKey(k) && k.length() > 1;
            boolean it = RomanceWords.ITALIAN.containsKey(k) && k.length() > 1;
            spanish += es ? 1 : 0;
            italian += it ? 1 : 0;
            onlySpanish += es && !it || RomanceWords.SPANISH_MARKS.contains(k) ? 1 : 0;
            onlyItalian += it && !es || RomanceWords.ITALIAN_MARKS.contains(k) ? 1 : 0;
            // either language's endings and double consonants ("impostazioni", "progetto",
            // "proyectos")
            onlyItalian +=
                    k.length() > 4
                                    && k.matches(
                                            ".*(zion[ei]|[^aeiou][ie]|(tt|zz|pp|gg|bb|ff|dd|ss).*)")
                            ? 1
                            : 0;
            onlySpanish += k.length() > 4 && k.matches(".*([oa]s|cion|dad|ñ.*)") ? 1 : 0;
        }
        if (Math.max(spanish, italian) <= english) {
            return Language.ENGLISH;
        }
        if (spanish != italian) {
            return spanish > italian ? Language.SPANISH : Language.ITALIAN;
        }
        return onlyItalian > onlySpanish ? Language.ITALIAN : Language.SPANISH;
    }

    private String translate(Language language) {
        Map<String, RomanceWords.Entry> table =
                language == Language.SPANISH ? RomanceWords.SPANISH : RomanceWords.ITALIAN;
        List<Out> outs = new ArrayList<>();
        int i = 0;
        while (i < keys.size()) {
            int taken = entityWords(i, 2, outs);
            if (taken == 0) {
                taken = noun(i, outs, 2); // "lista de espera" before "lista" the verb
            }
            if (taken == 0) {
                taken = tableWords(i, table, outs);
            }
            if (taken == 0) {
                taken = entityWords(i, 1, outs);
            }
            if (taken == 0) {
                taken = noun(i, outs, 1);
            }
            if (taken == 0) {
                outs.add(new Out(kept(i), RomanceWords.Kind.WORD, false));
                if (!isValue(i) && keys.get(i).length() > 2 && !isNumber(keys.get(i))) {
                    unknown.add(originals.get(i));
                }
                taken = 1;
            }
            i += taken;
        }
        reorder(outs);
        StringBuilder text = new StringBuilder();
        for (Out out : outs) {
            if (out.text.isEmpty()) {
                continue;
            }
            if (!text.isEmpty() && !out.text.equals(",")) {
                text.append(' ');
            }
            text.append(out.plural ? plural(out.text) : out.text);
        }
        return text.toString();
    }

    /** A word kept as written: a value in capitals as it is, another without its accents. */
    private String kept(int i) {
        String original = originals.get(i);
        boolean value = original.length() > 1 && original.equals(original.toUpperCase(Locale.ROOT));
        return value ? original : stripAccents(original);
    }

    /**
     * An entity's or attribute's own words at {@code i}, any of them plural, with "de"/"di" between
     * them allowed ("espacios de trabajo" for {@code espacioTrabajo}): kept, plural in English.
     */
    private int entityWords(int i, int fewest, List<Out> outs) {
        if (isValue(i)) {
            return 0;
        }
        for (List<String> phrase : vocabulary) {
            if (phrase.size() < fewest) {
                continue;
            }
            int at = i;
            boolean plural = false;
            boolean matched = true;
            for (int k = 0; k < phrase.size(); k++) {
                String p = phrase.get(k);
                if (k > 0
                        && at < keys.size()
                        && !keys.get(at).equals(p)
                        && CONNECTORS.contains(keys.get(at))) {
                    at++;
                }
                if (at >= keys.size()) {
                    matched = false;
                    break;
                }
                String w = keys.get(at);
                if (w.equals(p)) {
                    at++;
                } else if (p.length() >= 3 && RomanceWords.singulars(w).contains(p)) {
                    plural = true;
                    at++;
                } else {
                    matched = false;
                    break;
                }
            }
            if (matched) {
                outs.add(new Out(String.join(" ", phrase), RomanceWords.Kind.NOUN, plural));
                return at - i;
            }
        }
        return 0;
    }

    /** The longest phrase or word of the language's table at {@code i}. */
    private int tableWords(int i, Map<String, RomanceWords.Entry> table, List<Out> outs) {
        for (int n = Math.min(LONGEST_PHRASE, keys.size() - i); n >= 1; n--) {
            RomanceWords.Entry entry = table.get(String.join(" ", keys.subList(i, i + n)));
            if (entry != null && !(n == 1 && isValue(i))) {
                outs.add(new Out(entry.english(), entry.kind(), false));
                return n;
            }
        }
        return 0;
    }

    /**
     * A common noun at {@code i}, or its plural ("proyectos", "progetti", "espacios de trabajo"),
     * as English; else a word close to an entity's own ("categorías" for {@code category}).
     */
    private int noun(int i, List<Out> outs, int fewest) {
        if (isValue(i)) {
            return 0;
        }
        for (int n = Math.min(3, keys.size() - i); n >= fewest; n--) {
            List<String> span = new ArrayList<>(keys.subList(i, i + n));
            String english = RomanceWords.NOUNS.get(String.join(" ", span));
            if (english != null) {
                outs.add(new Out(english, RomanceWords.Kind.NOUN, false));
                return n;
            }
            String first = span.get(0);
            for (String singular : RomanceWords.singulars(first)) {
                span.set(0, singular);
                english = RomanceWords.NOUNS.get(String.join(" ", span));
                if (english != null) {
                    outs.add(new Out(english, RomanceWords.Kind.NOUN, true));
                    return n;
                }
            }
        }
        if (fewest > 1) {
            return 0;
        }
        String w = keys.get(i);
        List<String> forms = new ArrayList<>(List.of(w));
        forms.addAll(RomanceWords.singulars(w));
        for (String form : forms) {
            String cognate = cognate(form);
            if (cognate != null) {
                outs.add(new Out(cognate, RomanceWords.Kind.NOUN, !form.equals(w)));
                return 1;
            }
        }
        return 0;
    }

    /** An entity's word the Spanish or Italian word is a cognate of ("producto", "categoria"). */
    private String cognate(String w) {
        if (w.length() < 5) {
            return null;
        }
        List<String> stems = new ArrayList<>();
        stems.add(w.replaceAll("(cion|zione)$", "tion"));
        stems.add(w.replaceAll("(dad|ta)$", "ty"));
        stems.add(w.replaceAll("ia$", "y"));
        stems.add(w.replaceAll("[oae]$", ""));
        for (String stem : stems) {
            if (!stem.equals(w) && stem.length() >= 4 && vocabularyWords.contains(stem)) {
                return stem;
            }
        }
        return null;
    }

    /**
     * A value written in capitals ("ACTIVE"), written after "=", or a name written as code ({@code
     * customerId}): never translated.
     */
    private boolean isValue(int i) {
        String original = originals.get(i);
        if (original.substring(1).chars().anyMatch(Character::isUpperCase)
                && original.chars().anyMatch(Character::isLowerCase)) {
            return true;
        }
        boolean capitals =
                original.length() > 1
                        && original.equals(original.toUpperCase(Locale.ROOT))
                        && !keys.get(i).equals("id")
                        && !keys.get(i).chars().allMatch(Character::isDigit);
        return capitals || (i > 0 && keys.get(i - 1).equals("="));
    }

    /** The changes of order: possessives, plural articles, compounds and adjectives. */
    private static void reorder(List<Out> outs) {
        for (int j = 0; j + 1 < outs.size(); j++) {
            Out out = outs.get(j);
            boolean article =
                    out.kind == RomanceWords.Kind.ARTICLE
                            || (out.kind == RomanceWords.Kind.PLURAL && out.text.equals("the"));
            if (article && outs.get(j + 1).text.equals("its")) {
                out.text = ""; // "i suoi progetti", "el su": its projects
            }
            if (out.kind == RomanceWords.Kind.PLURAL) {
                for (int k = j + 1; k < outs.size() && k <= j + 3; k++) {
                    Out next = outs.get(k);
                    if (next.kind == RomanceWords.Kind.NOUN) {
                        next.plural = true;
                        break;
                    }
                    if (next.kind == RomanceWords.Kind.WORD
                            && !isNumber(next.text)
                            && !next.text.equals("its")
                            && !next.text.equals("the")) {
                        break;
                    }
                }
            }
        }
        for (int j = 1; j + 1 < outs.size(); j++) {
            Out head = outs.get(j - 1);
            Out next = outs.get(j + 1);
            if (outs.get(j).kind == RomanceWords.Kind.OF
                    && head.kind == RomanceWords.Kind.NOUN
                    && next.kind == RomanceWords.Kind.NOUN
                    && !head.plural
                    && !next.plural
                    && RomanceWords.ATTRIBUTE_HEADS.contains(lastWord(head.text))) {
                outs.set(j - 1, next); // "id de usuario": user id
                outs.set(j, head);
                outs.remove(j + 1);
            }
        }
        for (int j = 1; j < outs.size(); j++) {
            if (outs.get(j).kind == RomanceWords.Kind.ADJECTIVE
                    && outs.get(j - 1).kind == RomanceWords.Kind.NOUN) {
                Out adjective = outs.remove(j); // "un proyecto concreto": a specific project
                outs.add(j - 1, adjective);
            }
        }
    }

    private static String lastWord(String text) {
        return text.substring(text.lastIndexOf(' ') + 1);
    }

    private static boolean isNumber(String w) {
        return !w.isEmpty() && w.chars().allMatch(Character::isDigit);
    }

    /** An English plural of the last word: project -> projects, category -> categories. */
    static String plural(String text) {
        String w = lastWord(text);
        String head = text.substring(0, text.length() - w.length());
        if (w.endsWith("s") && !w.endsWith("ss")) {
            return text; // "settings", "status": already as plural as it gets
        }
        if (w.endsWith("y") && w.length() > 1 && "aeiou".indexOf(w.charAt(w.length() - 2)) < 0) {
            return head + w.substring(0, w.length() - 1) + "ies";
        }
        if (w.endsWith("ss") || w.endsWith("x") || w.endsWith("ch") || w.endsWith("sh")) {
            return head + w + "es";
        }
        return head + w + "s";
    }

    static String key(String word) {
        return stripAccents(word.replace('’', '\'')).toLowerCase(Locale.ROOT);
    }

    private static String stripAccents(String word) {
        return Normalizer.normalize(word, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
    }
}
