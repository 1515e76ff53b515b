package io.dynoscope.core.expression;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * DynamoDB's reserved words (the developer guide's list, 573 words), which cannot be used bare as
 * attribute names in expressions. The list is case-insensitive.
 */
public final class ReservedWords {

    private static final String RESOURCE = "reserved-words.txt";
    private static final Set<String> WORDS = load();

    private ReservedWords() {}

    /** Whether the name, in any case, is a reserved word. */
    public static boolean isReserved(String name) {
        return WORDS.contains(name.toUpperCase(Locale.ROOT));
    }

    /** All reserved words, upper case, sorted. */
    public static Set<String> all() {
        return WORDS;
    }

    private static Set<String> load() {
        try (InputStream in = ReservedWords.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            Set<String> words = new TreeSet<>();
            BufferedReader reader =
                    new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String word = line.strip();
                if (!word.isEmpty()) {
                    words.add(word.toUpperCase(Locale.ROOT));
                }
            }
            return Set.copyOf(words);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
