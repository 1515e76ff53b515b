package io.dynoscope.cli;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** Reads the UTF-8 files named on the command line; a file that cannot be read is a usage error. */
final class TextFiles {

    private TextFiles() {}

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw cannotRead(file, e);
        }
    }

    static List<String> readLines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw cannotRead(file, e);
        }
    }

    private static CliException cannotRead(Path file, IOException e) {
        String why =
                e instanceof NoSuchFileException
                        ? "no such file"
                        : e instanceof CharacterCodingException
                                ? "it is not UTF-8 text"
                                : e.getMessage();
        return CliException.usage("cannot read " + file + ": " + why);
    }
}
