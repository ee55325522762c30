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
     * Starts the broker and returns once it accepts clients.
     *
     * @param home the project's root directory (holds {@code deploy/local/<type>/})
     * @param runDir an empty directory the broker may use for logs and data; deleted after close
     */
    LocalBroker start(Path home, Path runDir) throws IOException, InterruptedException;

    /**
     * Endpoints of the same shape as a started broker's, for checking a driver file's configuration
     * ({@code --validate}) without starting anything.
     */
    Map<String, String> exampleEndpoints();
}
