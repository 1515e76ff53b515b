package io.dynoscope.service.common;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The thread pools of the services' parallel work: daemon threads, so none keeps the JVM alive. */
public final class DaemonPool {

    private DaemonPool() {}

    /** A pool of {@code threads} daemon threads, each named {@code dynoscope-<name>}. */
    public static ExecutorService of(int threads, String name) {
        return Executors.newFixedThreadPool(
                threads,
                runnable -> {
                    Thread thread = new Thread(runnable, "dynoscope-" + name);
                    thread.setDaemon(true);
                    return thread;
                });
    }
}
