package io.dynoscope.cli;

import java.io.IOException;
import java.io.OutputStream;

/** Standard output on a full device, as writing to /dev/full: every write fails. */
final class FullDevice extends OutputStream {
    @Override
    public void write(int b) throws IOException {
        throw new IOException("No space left on device");
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        throw new IOException("No space left on device");
    }
}
