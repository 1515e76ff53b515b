package io.dynoscope.cli;

import io.dynoscope.service.store.MfaCodePrompt;
import io.dynoscope.service.store.RepositoryException;
import java.io.Console;
import java.io.PrintStream;
import java.util.Map;

/**
 * Asks for an MFA code on the terminal (the CLI's side of {@link MfaCodePrompt}); without a
 * terminal, takes it from {@value #CODE_VARIABLE}, so scripts can pass one.
 */
final class TerminalMfaPrompt implements MfaCodePrompt {

    static final String CODE_VARIABLE = "DYNOSCOPE_MFA_CODE";

    private final Map<String, String> environment;
    private final PrintStream err;

    TerminalMfaPrompt(Map<String, String> environment, PrintStream err) {
        this.environment = environment;
        this.err = err;
    }

    @Override
    public String code(String profileName, String mfaSerial) {
        String given = environment.get(CODE_VARIABLE);
        if (given != null && !given.isBlank()) {
            return given.strip();
        }
        Console console = System.console();
        if (console == null) {
            throw new RepositoryException(
                    RepositoryException.Kind.CREDENTIALS,
                    "Connect",
                    null,
                    "profile '"
                            + profileName
                            + "' needs a code from the MFA device "
                            + mfaSerial
                            + ": run in a terminal, or set "
                            + CODE_VARIABLE,
                    null);
        }
        err.flush();
        String code = console.readLine("MFA code for %s (profile %s): ", mfaSerial, profileName);
        if (code == null || code.isBlank()) {
            throw new RepositoryException(
                    RepositoryException.Kind.CREDENTIALS,
                    "Connect",
                    null,
                    "no MFA code was given for profile '" + profileName + "'",
                    null);
        }
        return code.strip();
    }
}
