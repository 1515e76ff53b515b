package io.dynoscope.app;

import io.dynoscope.cli.DynoscopeCli;
import io.dynoscope.repository.SdkRepositories;

/**
 * The main class of the packaged command line (bin/dynoscope-cli): always the command line, even
 * without arguments (then its usage), never the window. It lives in the composition root because it
 * chooses the SDK's repositories.
 */
public final class CliLauncher {
    private CliLauncher() {}

    public static void main(String[] args) {
        System.exit(DynoscopeCli.run(args, new SdkRepositories()));
    }
}
