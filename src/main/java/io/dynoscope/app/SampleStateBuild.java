package io.dynoscope.app;

import io.dynoscope.repository.SdkRepositories;
import io.dynoscope.service.sandbox.LocalSandbox;
import java.nio.file.Path;

/**
 * Builds the sandbox's stored sample state into a folder at package time (the pom runs it): {@code
 * SampleStateBuild FOLDER}, with the engine's folder in the {@code dynoscope.engine.dir} property.
 */
public final class SampleStateBuild {

    private SampleStateBuild() {}

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: SampleStateBuild FOLDER");
            System.exit(2);
        }
        String version = LocalSandbox.storeState(Path.of(args[0]), new SdkRepositories());
        System.out.println("sample state " + version + " stored in " + args[0]);
    }
}
