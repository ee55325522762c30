package io.brokerbench.localbroker;

import io.brokerbench.lifecycle.ScratchJanitor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The local broker types a driver file may name in {@code localBroker:} — one for each {@link
 * LocalBrokerLauncher} registered on the classpath — and how to start one.
 */
public final class LocalBrokers {

    private LocalBrokers() {
    }

    public static boolean isKnown(String type) {
        return launchers().containsKey(type);
    }

    /** The types found on the classpath, comma-separated in alphabetical order ("none" when there are none). */
    public static String knownTypes() {
        Map<String, LocalBrokerLauncher> launchers = launchers();
        return launchers.isEmpty() ? "none" : String.join(", ", launchers.keySet());
    }

    /**
     * Starts a broker of {@code type}; its run directory is a fresh temporary directory, removed on
     * close or, should this JVM be killed first, by a {@link ScratchJanitor}.
     */
    public static LocalBroker start(String type, Path home) throws IOException, InterruptedException {
        return start(type, 1, home, null);
    }

    /**
     * As {@link #start(String, Path)}, a cluster of {@code nodes} (checked by the caller against {@link
     * #maxNodes}), with every node's process started under {@code taskset -c cpus} (a CPU list in
     * taskset's format, checked by the caller; null: wherever this JVM may run).
     */
    public static LocalBroker start(String type, int nodes, Path home, String cpus)
            throws IOException, InterruptedException {
        return start(type, nodes, home, cpus, false);
    }

    /**
     * As {@link #start(String, int, Path, String)}, with {@code namespaces}: each node in a network
     * namespace of its own (checked by the caller against {@link #startsInNamespaces}).
     */
    public static LocalBroker start(String type, int nodes, Path home, String cpus, boolean namespaces)
            throws IOException, InterruptedException {
        LocalBrokerLauncher launcher = launcher(type);
        if (nodes < 1 || nodes > launcher.maxNodes()) {
            throw new IllegalArgumentException("a local " + type + " broker starts 1"
                    + (launcher.maxNodes() > 1 ? " to " + launcher.maxNodes() : "") + " node(s), not " + nodes);
        }
        Path runDir = Files.createTempDirectory("brokerbench-" + type + "-");
        ScratchJanitor janitor = ScratchJanitor.watch(runDir);
        try {
            return new ScratchGuardedBroker(BrokerProcess.startingOn(cpus, () -> namespaces
                    ? launcher.startInNamespaces(home, runDir, nodes) : launcher.start(home, runDir, nodes)),
                    janitor);
        } catch (IOException | InterruptedException | RuntimeException e) {
            // a broker that failed to start keeps its run directory: the error names the log in it
            janitor.dismiss();
            throw e;
        }
    }

    /** Whether a local broker of {@code type} can start each node in a network namespace of its own. */
    public static boolean startsInNamespaces(String type) {
        return launcher(type).startsInNamespaces();
    }

    /** The types that can, comma-separated in alphabetical order ("none" when none can). */
    public static String namespaceTypes() {
        List<String> types = launchers().values().stream().filter(LocalBrokerLauncher::startsInNamespaces)
                .map(LocalBrokerLauncher::type).toList();
        return types.isEmpty() ? "none" : String.join(", ", types);
    }

    /** The most nodes a local broker of {@code type} starts as one cluster (1: single brokers only). */
    public static int maxNodes(String type) {
        return launcher(type).maxNodes();
    }

    private static LocalBrokerLauncher launcher(String type) {
        LocalBrokerLauncher launcher = launchers().get(type);
        if (launcher == null) {
            throw new IllegalArgumentException("no local broker launcher of type '" + type + "' on the classpath (found: "
                    + knownTypes() + ")");
        }
        return launcher;
    }

    /**
     * Every registered launcher by type. Looked up through the loader of the launcher interface, not the
     * thread's context loader: driver calls run with a driver folder's loader as context loader, and the
     * types a driver file may name must not depend on the thread that asks.
     */
    private static Map<String, LocalBrokerLauncher> launchers() {
        Map<String, LocalBrokerLauncher> byType = new TreeMap<>();
        for (LocalBrokerLauncher launcher : ServiceLoader.load(LocalBrokerLauncher.class,
                LocalBrokerLauncher.class.getClassLoader())) {
            LocalBrokerLauncher other = byType.putIfAbsent(launcher.type(), launcher);
            if (other != null) {
                throw new IllegalStateException("two local broker launchers of type '" + launcher.type()
                        + "' on the classpath: " + other.getClass().getName() + " and " + launcher.getClass().getName());
            }
        }
        return byType;
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
