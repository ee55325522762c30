package io.brokerbench.localbroker;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Starts one type of {@link LocalBroker}: the service a broker's driver module provides so that its
 * driver files can say {@code localBroker: <type>}.
 *
 * <p>{@link LocalBrokers} finds launchers with {@link java.util.ServiceLoader}: a module registers its
 * launcher by naming the class in {@code META-INF/services/io.brokerbench.localbroker.LocalBrokerLauncher}.
 * The class needs a public no-argument constructor; one instance may be asked for its type and example
 * endpoints many times and to start several brokers.
 */
public interface LocalBrokerLauncher {

    /** The type name driver files use in {@code localBroker:}; unique among the launchers on the classpath. */
    String type();

    /**
     * Starts the broker, or a cluster of {@code nodes} of it, and returns once it accepts clients (a
     * cluster: once every node has joined and it has elected its leaders).
     *
     * @param home the project's root directory (holds {@code deploy/local/<type>/})
     * @param runDir an empty directory the broker may use for logs and data; deleted after close
     * @param nodes how many nodes, from 1 to {@link #maxNodes()}
     */
    LocalBroker start(Path home, Path runDir, int nodes) throws IOException, InterruptedException;

    /**
     * As {@link #start(Path, Path, int)}, each node in a network namespace of its own ({@link
     * NodeNamespaces}) on its own address, for network faults; only launchers that {@link
     * #startsInNamespaces()} implement it.
     */
    default LocalBroker startInNamespaces(Path home, Path runDir, int nodes) throws IOException, InterruptedException {
        throw new UnsupportedOperationException("a local " + type() + " broker starts its nodes on 127.0.0.1 only");
    }

    /** Whether {@link #startInNamespaces} can put each node in a network namespace of its own. */
    default boolean startsInNamespaces() {
        return false;
    }

    /** The most nodes {@link #start} starts as one cluster; 1 for a launcher of single brokers only. */
    default int maxNodes() {
        return 1;
    }

    /**
     * Endpoints of the same shape as a started broker's, for checking a driver file's configuration
     * ({@code --validate}) without starting anything.
     */
    Map<String, String> exampleEndpoints();
}
