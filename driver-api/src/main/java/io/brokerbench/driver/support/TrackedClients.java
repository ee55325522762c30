package io.brokerbench.driver.support;

import java.util.ArrayList;
import java.util.List;

/**
 * The producers and consumers a driver created, kept as they are made (from any thread) so that the
 * driver's close closes every one the framework did not close itself, then its connection.
 */
public final class TrackedClients {

    private final List<AutoCloseable> created = new ArrayList<>();

    /** Keeps {@code client} for {@link #closeAll} and returns it. */
    public synchronized <T extends AutoCloseable> T track(T client) {
        created.add(client);
        return client;
    }

    /**
     * Closes every client tracked so far, in the order they were made, and forgets them; a client
     * that fails to close does not keep the others open: the first failure is thrown after all were
     * tried, the later ones attached to it.
     */
    public void closeAll() throws Exception {
        List<AutoCloseable> toClose;
        synchronized (this) {
            toClose = new ArrayList<>(created);
            created.clear();
        }
        Exception first = null;
        for (AutoCloseable client : toClose) {
            try {
                client.close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
