package io.brokerbench.localbroker;

import io.brokerbench.config.ConfigException;
import io.brokerbench.lifecycle.ScratchJanitor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/** The local broker types a driver file may name in {@code localBroker:}, and how to start one. */
public final class LocalBrokers {

    /** Type name to launcher class, looked up by name so each launcher stays a self-contained class. */
    private static final Map<String, String> LAUNCHERS = new TreeMap<>(Map.of(
            "kafka", "io.brokerbench.localbroker.KafkaLauncher",
            "pulsar", "io.brokerbench.localbroker.PulsarLauncher",
            "redis", "io.brokerbench.localbroker.RedisLauncher",
            "nats", "io.brokerbench.localbroker.NatsLauncher"));

    private LocalBrokers() {
    }

    public static boolean isKnown(String type) {
        return LAUNCHERS.containsKey(type);
    }

    public static String knownTypes() {
        return String.join(", ", LAUNCHERS.keySet());
    }

    /**
     * Starts a broker of {@code type}; its run directory is a fresh temporary directory, removed on
     * close or, should this JVM be killed first, by a {@link ScratchJanitor}.
     */
    public static LocalBroker start(String type, Path home) throws IOException, InterruptedException {
        LocalBrokerLauncher launcher = launcher(type);
        Path runDir = Files.createTempDirectory("brokerbench-" + type + "-");
        ScratchJanitor janitor = ScratchJanitor.watch(runDir);
        try {
            return new ScratchGuardedBroker(launcher.start(home, runDir), janitor);
        } catch (IOException | InterruptedException | RuntimeException e) {
            // a broker that failed to start keeps its run directory: the error names the log in it
            janitor.dismiss();
            throw e;
        }
    }

    private static LocalBrokerLauncher launcher(String type) {
        String launcherClass = LAUNCHERS.get(type);
        if (launcherClass == null) {
            throw new ConfigException("unknown local broker type '" + type + "' (known: " + knownTypes() + ")");
        }
        try {
            return (LocalBrokerLauncher) Class.forName(launcherClass).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("local broker launcher " + launcherClass + " is missing from this build", e);
        }
    }

    /** Endpoints shaped like a started broker's, for checking driver files without starting one. */
    public static Map<String, String> exampleEndpoints(String type) {
        return launcher(type).exampleEndpoints();
    }

    /** The project root: {@code -Dbenchmark.home} (set by bin/ scripts and the Maven build), else the working directory. */
    public static Path home() {
        String configured = System.getProperty("benchmark.home");
        Path home = Path.of(configured != null ? configured : ".").toAbsolutePath().normalize();
        if (!Files.isDirectory(home.resolve("deploy/local"))) {
            throw new UncheckedIOException(new IOException(
                    "cannot find deploy/local under " + home + " (set -Dbenchmark.home to the project root)"));
        }
        return home;
    }
}
