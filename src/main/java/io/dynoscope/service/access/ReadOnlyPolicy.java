package io.dynoscope.service.access;

import io.dynoscope.service.store.ConnectionSpec;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which connections are read-only: the one the user marked (or unmarked) so, else an AWS profile
 * whose name matches one of the patterns ({@code *prod*} by default; {@code *} is any run of
 * characters, {@code ?} one, case ignored), so a production profile cannot be written to by
 * accident.
 *
 * @param profilePatterns the glob patterns of read-only profile names
 */
public record ReadOnlyPolicy(List<String> profilePatterns) {

    /** The environment variable that replaces the patterns: comma-separated, empty for none. */
    public static final String PATTERNS_VARIABLE = "DYNOSCOPE_READ_ONLY_PROFILES";

    public static final List<String> DEFAULT_PATTERNS = List.of("*prod*");

    public ReadOnlyPolicy {
        profilePatterns = List.copyOf(profilePatterns);
    }

    public static ReadOnlyPolicy defaults() {
        return new ReadOnlyPolicy(DEFAULT_PATTERNS);
    }

    /** The patterns of {@value #PATTERNS_VARIABLE} when it is set, else the defaults. */
    public static ReadOnlyPolicy fromEnvironment(Map<String, String> environment) {
        String patterns = environment.get(PATTERNS_VARIABLE);
        if (patterns == null) {
            return defaults();
        }
        return new ReadOnlyPolicy(
                Arrays.stream(patterns.split(","))
                        .map(String::strip)
                        .filter(p -> !p.isEmpty())
                        .toList());
    }

    /**
     * Decides for one connection.
     *
     * @param userChoice the user's own setting for this connection (true read-only, false
     *     writable), which wins over the patterns; empty when the user said nothing
     */
    public Access decide(ConnectionSpec connection, Optional<Boolean> userChoice) {
        if (userChoice.isPresent()) {
            return userChoice.get()
                    ? Access.readOnly("the connection is marked read-only")
                    : Access.writable();
        }
        if (connection instanceof ConnectionSpec.Profile profile) {
            Optional<String> pattern = matching(profile.profileName());
            if (pattern.isPresent()) {
                return Access.readOnly(
                        "profile '"
                                + profile.profileName()
                                + "' matches the read-only pattern '"
                                + pattern.get()
                                + "'");
            }
        }
        return Access.writable();
    }

    /** The first pattern the profile name matches. */
    public Optional<String> matching(String profileName) {
        return profilePatterns.stream()
                .filter(p -> glob(p).matcher(profileName).matches())
                .findFirst();
    }

    private static Pattern glob(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (char c : pattern.toCharArray()) {
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(
                regex.toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.DOTALL);
    }

    /**
     * Whether a connection may write, and if not, why (for the refusal message).
     *
     * @param reason why the connection is read-only; empty when it is writable
     */
    public record Access(boolean readOnly, String reason) {
        public static Access writable() {
            return new Access(false, "");
        }

        public static Access readOnly(String reason) {
            return new Access(true, reason);
        }

        /** The same access with more words about how to change it (the CLI names its option). */
        public Access withHint(String hint) {
            return readOnly ? new Access(true, reason + "; " + hint) : this;
        }
    }
}
