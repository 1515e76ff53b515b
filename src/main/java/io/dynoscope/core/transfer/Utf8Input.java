package io.dynoscope.core.transfer;

import io.dynoscope.core.item.ItemFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Decodes UTF-8 strictly: bytes that are not UTF-8 stop the reading with the line and the byte
 * offset in that line, instead of becoming U+FFFD and being stored.
 */
public final class Utf8Input extends Reader {

    private final InputStream in;
    private final CharsetDecoder decoder =
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final ByteBuffer bytes = ByteBuffer.allocate(1 << 16).flip();
    private final CharBuffer chars = CharBuffer.allocate(1 << 16).flip();
    private long bufferStart;
    private long line = 1;
    private long lineStart;
    private boolean endOfInput;
    private boolean flushed;
    private ItemFormatException pending;

    public Utf8Input(InputStream in) {
        this.in = in;
    }

    @Override
    public int read(char[] target, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (!chars.hasRemaining() && !fill()) {
            return -1;
        }
        int n = Math.min(length, chars.remaining());
        chars.get(target, offset, n);
        return n;
    }

    /** Decodes more characters; false at the end of the input. */
    private boolean fill() throws IOException {
        if (pending != null) {
            throw pending;
        }
        chars.clear();
        try {
            while (chars.position() == 0) {
                if (flushed) {
                    return false;
                }
                if (!bytes.hasRemaining() || !endOfInput && bytes.remaining() < 4) {
                    readMore();
                }
                int from = bytes.position();
                CoderResult result = decoder.decode(bytes, chars, endOfInput);
                countLines(from, bytes.position());
                if (result.isError()) {
                    // the lines before the bad bytes are read first, so they are checked too
                    pending = invalid(result.length());
                    if (chars.position() == 0) {
                        throw pending;
                    }
                    return true;
                }
                if (endOfInput && !bytes.hasRemaining()) {
                    CoderResult flush = decoder.flush(chars);
                    if (flush.isError()) {
                        throw invalid(flush.length());
                    }
                    flushed = true;
                }
            }
            return true;
        } finally {
            chars.flip();
        }
    }

    private void readMore() throws IOException {
        bufferStart += bytes.position();
        bytes.compact();
        int read = in.read(bytes.array(), bytes.position(), bytes.remaining());
        if (read < 0) {
            endOfInput = true;
        } else {
            bytes.position(bytes.position() + read);
        }
        bytes.flip();
    }

    private void countLines(int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes.get(i) == '\n') {
                line++;
                lineStart = bufferStart + i + 1;
            }
        }
    }

    private ItemFormatException invalid(int badBytes) {
        int at = bytes.position();
        long offsetInLine = bufferStart + at - lineStart;
        StringBuilder shown = new StringBuilder();
        for (int i = at; i < Math.min(bytes.limit(), at + Math.max(1, badBytes)); i++) {
            shown.append(String.format(Locale.ROOT, " 0x%02X", bytes.get(i) & 0xFF));
        }
        return new ItemFormatException(
                "invalid UTF-8 at byte "
                        + (offsetInLine + 1)
                        + " of the line ("
                        + shown.toString().strip()
                        + ")",
                "",
                (int) Math.min(Integer.MAX_VALUE, line),
                0);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
