package io.dynoscope.cli;

import io.dynoscope.core.item.InputLimits;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * Reads the UTF-8 text named on the command line: a file, or stdin for {@code -}. Bytes that are
 * not UTF-8 are refused with their line and byte offset, never replaced; a file that cannot be read
 * is a usage error.
 */
final class TextFiles {

    /** The file name that means stdin. */
    static final String STDIN = "-";

    private TextFiles() {}

    /**
     * The text of a file (or stdin) that holds one item or one statement: at most {@link
     * InputLimits#MAX_TEXT_BYTES}.
     */
    static String read(Path file, InputStream stdin) {
        return read(file, stdin, InputLimits.MAX_TEXT_BYTES);
    }

    /**
     * The text of a file (or stdin) of at most {@code maxBytes}: a larger one (such as {@code
     * /dev/zero}) is refused once that much was read, without reading or holding the rest.
     */
    static String read(Path file, InputStream stdin, long maxBytes) {
        String where = isStdin(file) ? "stdin" : file.toString();
        byte[] bytes;
        try (InputStream in = isStdin(file) ? null : Files.newInputStream(file)) {
            bytes = (in == null ? stdin : in).readNBytes(Math.toIntExact(maxBytes + 1));
        } catch (IOException e) {
            throw cannotRead(where, e);
        }
        if (bytes.length > maxBytes) {
            throw CliException.usage(
                    String.format(
                            Locale.ROOT,
                            "cannot read %s: it holds more than %,d bytes, more than any item,"
                                    + " statement or model Dynoscope reads whole (an item is at most"
                                    + " 400 KB); nothing was sent",
                            where,
                            maxBytes));
        }
        return decode(bytes, where);
    }

    static List<String> readLines(Path file, InputStream stdin) {
        return read(file, stdin).lines().toList();
    }

    /** The lines of a file, or of this process's stdin for {@code -}. */
    static List<String> readLines(Path file) {
        return readLines(file, System.in);
    }

    static boolean isStdin(Path file) {
        return file.toString().equals(STDIN);
    }

    /**
     * Refuses every argument of the command line that the JVM could not decode: it turns bytes that
     * are not UTF-8 into U+FFFD, which would then be stored or sent as if it had been typed.
     * Checked for every option and parameter of every command in the line, before anything runs.
     */
    static void requireDecoded(ParseResult parsed) {
        for (ParseResult command = parsed; command != null; command = command.subcommand()) {
            for (ArgSpec arg : command.matchedArgs()) {
                for (String value : arg.originalStringValues()) {
                    requireDecoded(value, nameOf(arg));
                }
            }
        }
    }

    private static String nameOf(ArgSpec arg) {
        return arg instanceof OptionSpec option
                ? option.longestName()
                : ((PositionalParamSpec) arg).paramLabel();
    }

    /**
     * Text typed on the command line: a U+FFFD in it stands for bytes that were not UTF-8 and is
     * refused, saying where (a JSON value can still write the character itself as {@code \\uFFFD}).
     */
    private static void requireDecoded(String text, String option) {
        int at = text.indexOf('\uFFFD');
        if (at < 0) {
            return;
        }
        String prefix = text.substring(0, at);
        int line = (int) prefix.chars().filter(c -> c == '\n').count() + 1;
        int offset = prefix.getBytes(StandardCharsets.UTF_8).length;
        String encoding = System.getProperty("sun.jnu.encoding", "UTF-8");
        throw CliException.usage(
                option
                        + ": line "
                        + line
                        + ", byte offset "
                        + offset
                        + ": not UTF-8 (U+FFFD stands for bytes that could not be decoded"
                        + (encoding.toUpperCase(Locale.ROOT).replace("-", "").equals("UTF8")
                                ? ""
                                : "; arguments are read as "
                                        + encoding
                                        + ", run with a UTF-8 locale such as LANG=C.UTF-8")
                        + "); nothing was sent: give the text in UTF-8 (in JSON, \\uFFFD"
                        + " writes the character itself)");
    }

    private static String decode(byte[] bytes, String where) {
        CharsetDecoder decoder =
                StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            int offset = in.position();
            int line = 1;
            for (int i = 0; i < offset; i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            throw CliException.usage(
                    "cannot read "
                            + where
                            + ": line "
                            + line
                            + ", byte offset "
                            + offset
                            + ": not UTF-8 (byte 0x"
                            + String.format(Locale.ROOT, "%02X", bytes[offset] & 0xFF)
                            + ")");
        }
        decoder.flush(out);
        return out.flip().toString();
    }

    private static CliException cannotRead(String where, IOException e) {
        String why = e instanceof NoSuchFileException ? "no such file" : e.getMessage();
        return CliException.usage("cannot read " + where + ": " + why);
    }
}
