package io.dynoscope.core.codegen;

import io.dynoscope.core.file.OutputFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a generator wrote.
 *
 * @param files the files, each under a path relative to the folder they are saved in
 * @param notExpressed what the model says that the format cannot (each also in a comment of the
 *     file, where the format has comments)
 */
public record GeneratedCode(List<File> files, List<String> notExpressed) {

    /** One generated file; {@code path} uses {@code /} and stays inside the output folder. */
    public record File(String path, String text) {
        public File {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(text, "text");
        }
    }

    public GeneratedCode {
        files = List.copyOf(files);
        notExpressed = List.copyOf(notExpressed);
    }

    /**
     * Writes every file under {@code folder} (made if missing), each atomically, and returns their
     * paths. Every path is checked before the first is written, so a bad one writes nothing.
     */
    public List<Path> saveIn(Path folder) throws IOException {
        Path root = folder.toAbsolutePath().normalize();
        List<Path> paths = new ArrayList<>();
        for (File file : files) {
            Path path = root.resolve(file.path()).normalize();
            if (!path.startsWith(root) || path.equals(root)) {
                throw new IOException("'" + file.path() + "' is not a file inside " + folder);
            }
            paths.add(path);
        }
        for (int i = 0; i < files.size(); i++) {
            Files.createDirectories(paths.get(i).getParent());
            byte[] bytes = files.get(i).text().getBytes(StandardCharsets.UTF_8);
            OutputFile.check(paths.get(i)).write(out -> out.write(bytes));
        }
        return paths;
    }
}
