package io.brokerbench.localbroker;

import java.util.Map;

/**
 * A real broker started as its own process on 127.0.0.1 for one run or one test class; {@link
 * #close()} stops it and deletes its data.
 *
 * <p>A driver file that says {@code localBroker: <type>} gets one started before the driver is
 * initialized; every {@code ${localBroker.NAME}} in that file is replaced by {@code
 * endpoints().get(NAME)} (for example {@code ${localBroker.bootstrapServers}}), so ports are chosen
 * free at start and never collide with a broker already running on the machine.
 */
public interface LocalBroker extends AutoCloseable {

    /** The type name used in driver files, as its launcher's {@link LocalBrokerLauncher#type()}. */
    String type();

    /** The broker's version as started (recorded in the result). */
    String version();

    /** Addresses the driver file can refer to as {@code ${localBroker.NAME}}. */
    Map<String, String> endpoints();

    /** Broker settings that change what a benchmark measures, recorded in the result as run. */
    Map<String, String> settings();

    /** The broker's OS process, whose CPU and memory a run samples. */
    ProcessHandle process();

    @Override
    void close();
}
