package io.brokerbench.localbroker;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/** Starts one type of {@link LocalBroker}. */
public interface LocalBrokerLauncher {

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
