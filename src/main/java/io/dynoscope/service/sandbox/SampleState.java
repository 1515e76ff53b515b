package io.dynoscope.service.sandbox;

import io.dynoscope.core.table.Cancellation;
import io.dynoscope.sandbox.LocalEngine;
import io.dynoscope.sandbox.SampleData;
import io.dynoscope.service.store.ConnectionSpec;
import io.dynoscope.service.store.DynamoRepository;
import io.dynoscope.service.store.Repositories;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The sample tables kept as the engine's own stored state (dynalite's LevelDB folder), so a sandbox
 * starts with every sample item already in it instead of writing them at start-up.
 *
 * <p>The state is built once, by an engine of its own, into {@code <folder>/<version>}; the version
 * is a digest of the code that makes the samples and of the pinned engine, so a new sample or
 * engine builds a new state. Each sandbox runs on a private copy in the temporary folder, so what
 * the user changes never reaches the stored state; a copy whose process is gone (killed without
 * closing) is removed by the next start.
 */
final class SampleState {

    /** The temporary copies' name prefix, followed by the owning process id and a dash. */
    static final String COPY_PREFIX = "dynoscope-sandbox-";

    private static final Duration BUILD_TIMEOUT = Duration.ofSeconds(20);
    private static final String COMPLETE = "complete";
    private static final String DATA = "db";

    /** What the stored state is made from: a change to any of them makes a new version. */
    private static final List<Class<?>> SAMPLE_CODE =
            List.of(SampleData.class, SampleTables.class, SampleState.class);

    private static final List<String> ENGINE_FILES =
            List.of("package-lock.json", "index-updates.js", "watch-parent.js");

    private final Path folder;
    private final Path engineDir;
    private final Repositories repositories;

    SampleState(Path folder, Path engineDir, Repositories repositories) {
        this.folder = folder;
        this.engineDir = engineDir;
        this.repositories = repositories;
    }

    /** The stored state's data folder for this version, if it has been built completely. */
    Optional<Path> stored() {
        Path version = folder.resolve(version());
        return Files.isRegularFile(version.resolve(COMPLETE))
                ? Optional.of(version.resolve(DATA))
                : Optional.empty();
    }

    /** A private copy of {@code stored} in the temporary folder, for one engine to run on. */
    static Path privateCopy(Path stored) {
        try {
            Path copy =
                    Files.createTempDirectory(
                            COPY_PREFIX + ProcessHandle.current().pid() + "-", ownerOnly());
            copyTree(stored, copy.resolve(DATA));
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException("could not copy the sample state: " + e.getMessage(), e);
        }
    }

    /** The data folder inside a copy made by {@link #privateCopy}. */
    static Path dataOf(Path copy) {
        return copy.resolve(DATA);
    }

    /**
     * Builds this version's state with an engine of its own: every sample table, small data and
     * bulk. Another process building the same version at the same time is harmless: the first
     * complete state to arrive is kept.
     */
    void build(Cancellation cancellation) {
        Path version = folder.resolve(version());
        Path staging =
                folder.resolve(
                        version.getFileName() + ".building-" + ProcessHandle.current().pid());
        try {
            deleteTree(staging);
            Files.createDirectories(staging);
            try (LocalEngine engine =
                            LocalEngine.start(engineDir, BUILD_TIMEOUT, staging.resolve(DATA));
                    DynamoRepository repository =
                            repositories.open(
                                    new ConnectionSpec.Endpoint(engine.endpoint(), null, null))) {
                for (SampleData.Dataset dataset : SampleData.Dataset.values()) {
                    SampleTables.seed(repository, dataset, dataset.id(), cancellation);
                    SampleTables.seedBulk(repository, dataset, dataset.id(), cancellation);
                }
            }
            if (cancellation.isCancelled()) {
                deleteTree(staging);
                return;
            }
            Files.writeString(staging.resolve(COMPLETE), version.getFileName().toString());
            try {
                Files.move(staging, version, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileSystemException taken) {
                // Linux reports a non-empty target as a plain FileSystemException (ENOTEMPTY), not
                // DirectoryNotEmptyException; a state moves in only when complete, so keep it.
                if (!Files.isDirectory(version)) {
                    throw taken;
                }
                deleteTree(staging);
            }
            removeOtherVersions(version);
        } catch (IOException e) {
            deleteTree(staging);
            throw new UncheckedIOException(
                    "could not store the sample state: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            deleteTree(staging);
            throw e;
        }
    }

    /** Removes older versions' states and builds left by a process that is gone. */
    private void removeOtherVersions(Path kept) {
        try (Stream<Path> entries = Files.list(folder)) {
            entries.filter(p -> !p.equals(kept))
                    .filter(p -> !isBuildOfALiveProcess(p.getFileName().toString()))
                    .forEach(SampleState::deleteTree);
        } catch (IOException | UncheckedIOException unreadable) {
            // they stay; only disk space is lost
        }
    }

    private static boolean isBuildOfALiveProcess(String name) {
        int at = name.indexOf(".building-");
        if (at < 0) {
            return false;
        }
        try {
            long pid = Long.parseLong(name.substring(at + ".building-".length()));
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        } catch (NumberFormatException notOurs) {
            return false;
        }
    }

    /** Removes the temporary copies of sandboxes whose process is gone. */
    static void removeStaleCopies(Path temporaryFolder) {
        try (Stream<Path> entries = Files.list(temporaryFolder)) {
            entries.filter(SampleState::isStaleCopy).forEach(SampleState::deleteTree);
        } catch (IOException | UncheckedIOException unreadable) {
            // Nothing to clean, or nothing we may clean: the copies stay until the OS clears them.
        }
    }

    private static boolean isStaleCopy(Path entry) {
        String name = entry.getFileName().toString();
        if (!name.startsWith(COPY_PREFIX) || !Files.isDirectory(entry)) {
            return false;
        }
        String rest = name.substring(COPY_PREFIX.length());
        int dash = rest.indexOf('-');
        try {
            long pid = Long.parseLong(dash < 0 ? rest : rest.substring(0, dash));
            return ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
        } catch (NumberFormatException notOurs) {
            return false;
        }
    }

    /** A digest of the classes that make the samples and of the engine's pinned files. */
    String version() {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Class<?> type : SAMPLE_CODE) {
                String resource = "/" + type.getName().replace('.', '/') + ".class";
                try (InputStream in = type.getResourceAsStream(resource)) {
                    if (in != null) {
                        digest.update(in.readAllBytes());
                    }
                }
            }
            for (String file : ENGINE_FILES) {
                Path path = engineDir.resolve(file);
                if (Files.isRegularFile(path)) {
                    digest.update(Files.readAllBytes(path));
                }
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 12);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static FileAttribute<?>[] ownerOnly() {
        Path temporary = Path.of(System.getProperty("java.io.tmpdir"));
        return temporary.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? new FileAttribute<?>[] {
                    PosixFilePermissions.asFileAttribute(
                            PosixFilePermissions.fromString("rwx------"))
                }
                : new FileAttribute<?>[0];
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else if (!source.getFileName().toString().equals("LOCK")) {
                    Files.copy(source, target);
                }
            }
        }
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(
                            p -> {
                                try {
                                    Files.deleteIfExists(p);
                                } catch (IOException ignored) {
                                    // a file another process still holds: left for the next clean
                                }
                            });
        } catch (IOException | UncheckedIOException ignored) {
            // as above
        }
    }
}
