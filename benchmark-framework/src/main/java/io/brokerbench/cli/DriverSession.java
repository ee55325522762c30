package io.brokerbench.cli;

import io.brokerbench.config.DriverFile;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import io.brokerbench.worker.DriverSetup;
import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A driver file ready to run: with {@code localBroker:} it starts that broker first (and stops it on
 * close) and fills the file's placeholders with the broker's addresses. Says so on the command's
 * console output, beside the run's lines (deliberately printed, not logged).
 */
final class DriverSession implements AutoCloseable {

    private final DriverFile file;
    private final LocalBroker broker;
    private final DriverSetup setup;

    private DriverSession(DriverFile file, LocalBroker broker, DriverSetup setup) {
        this.file = file;
        this.broker = broker;
        this.setup = setup;
    }

    static DriverSession open(DriverFile file, PrintStream out) throws IOException, InterruptedException {
        if (!file.needsLocalBroker()) {
            return new DriverSession(file, null,
                    new DriverSetup(file.name(), file.driverClass(), file.text(), file.file().toString()));
        }
        out.println("starting a local " + file.localBroker() + " broker on 127.0.0.1 for " + file.file() + " ...");
        long start = System.nanoTime();
        LocalBroker broker = LocalBrokers.start(file.localBroker(), LocalBrokers.home());
        try {
            String yaml = file.resolvePlaceholders(broker.endpoints());
            out.println(String.format("local %s broker %s ready in %.1f s at %s; driver %s (%s) runs against it",
                    broker.type(), broker.version(), (System.nanoTime() - start) / 1e9, withoutSecrets(broker.endpoints()),
                    file.name(), file.driverClass()));
            return new DriverSession(file, broker, new DriverSetup(file.name(), file.driverClass(), yaml, file.file().toString()));
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
    }

    /** Endpoints as printed: a generated password is for the driver file, not the console. */
    private static Map<String, String> withoutSecrets(Map<String, String> endpoints) {
        Map<String, String> shown = new TreeMap<>(endpoints);
        shown.replaceAll((key, value) -> key.toLowerCase(Locale.ROOT).contains("password") ? "***" : value);
        return shown;
    }

    DriverSetup setup() {
        return setup;
    }

    DriverFile file() {
        return file;
    }

    /** The process of the broker this session started, if any. */
    Optional<ProcessHandle> brokerProcess() {
        return broker == null ? Optional.empty() : Optional.of(broker.process());
    }

    /** What the result records about the broker this session started, if any. */
    Map<String, Object> describeBroker() {
        Map<String, Object> info = new LinkedHashMap<>();
        if (broker != null) {
            info.put("type", broker.type());
            info.put("version", broker.version());
            info.put("endpoints", withoutSecrets(broker.endpoints()));
            info.put("settings", broker.settings());
        }
        return info;
    }

    @Override
    public void close() {
        if (broker != null) {
            broker.close();
        }
    }
}
