package io.dynoscope.service.store;

/**
 * Asks the person for the current code of an MFA device, when a profile with {@code mfa_serial}
 * needs new session credentials: the CLI asks on the terminal, the app in a dialog.
 */
@FunctionalInterface
public interface MfaCodePrompt {

    /**
     * @param profileName the profile being signed in
     * @param mfaSerial the device's serial number or ARN, to show
     * @return the code the person typed
     * @throws RepositoryException of kind CREDENTIALS when no code can be had (the person
     *     cancelled, or nobody can be asked)
     */
    String code(String profileName, String mfaSerial);

    /** For callers that cannot ask anyone: a profile that needs a code fails with a message. */
    MfaCodePrompt NONE =
            (profile, serial) -> {
                throw new RepositoryException(
                        RepositoryException.Kind.CREDENTIALS,
                        "Connect",
                        null,
                        "profile '"
                                + profile
                                + "' needs a code from the MFA device "
                                + serial
                                + ", and nobody can be asked for one here",
                        null);
            };
}
