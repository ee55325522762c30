package io.brokerbench.cli;

import io.brokerbench.config.ExtDirectory;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Where a run ran: host, JVM, and the versions of the framework and of the client libraries. */
final class RunEnvironment {

    /**
     * Where driver modules name, one a line, the client libraries whose version changes what their
     * driver measures (Maven artifact ids: their jars are recognised by name).
     */
    static final String CLIENT_LIBRARIES = "META-INF/brokerbench/client-libraries";
    /** The framework's own library whose version changes what is measured. */
    private static final String HISTOGRAM_LIBRARY = "HdrHistogram";
    private static final Pattern JAR = Pattern.compile("(.+?)-(\\d[^/]*)\\.jar");

    private RunEnvironment() {
    }

    static Map<String, Object> describe(String driverClass) {
        return describe(driverClass, ExtDirectory.configured());
    }

    /**
     * As {@link #describe(String)}. A driver from a folder of {@code ext} runs with that folder's
     * client libraries where it has them, so their versions are the ones recorded, with the folder.
     */
    static Map<String, Object> describe(String driverClass, ExtDirectory ext) {
        Map<String, Object> env = new LinkedHashMap<>();
        String version = RunEnvironment.class.getPackage().getImplementationVersion();
        env.put("frameworkVersion", version == null ? "development build" : version);
        String home = System.getProperty("benchmark.home");
        if (home != null) {
            BuildSource.of(Path.of(home)).ifPresent(source -> env.put("buildSource", source));
        }
        Set<String> libraries = recordedLibraries();
        Map<String, String> clientVersions = versions(libraries,
                Arrays.stream(System.getProperty("java.class.path", "").split(File.pathSeparator)).map(Path::of).toList());
        Optional<ExtDirectory.Folder> folder = ext.folderHolding(driverClass);
        folder.ifPresent(f -> clientVersions.putAll(versions(libraries, f.jars())));
        env.put("clientVersions", clientVersions);
        folder.ifPresent(f -> env.put("driverFolder", f.path().toString()));
        Map<String, Object> host = new LinkedHashMap<>();
        host.put("hostname", hostname());
        host.put("cores", Runtime.getRuntime().availableProcessors());
        BuildSource.cpuModel().ifPresent(model -> host.put("cpuModel", model));
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            host.put("memoryBytes", os.getTotalMemorySize());
        }
        host.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        env.put("host", host);
        Map<String, Object> jvm = new LinkedHashMap<>();
        jvm.put("version", System.getProperty("java.runtime.version", System.getProperty("java.version")));
        jvm.put("vendor", System.getProperty("java.vendor"));
        jvm.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        jvm.put("arguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
        env.put("jvm", jvm);
        return env;
    }

    /**
     * The histogram library and every client library the drivers on the classpath name in {@link
     * #CLIENT_LIBRARIES}. A driver from an ext/ folder names none, but its folder's copy of a client a
     * project driver names is recorded all the same.
     */
    private static Set<String> recordedLibraries() {
        Set<String> libraries = new TreeSet<>(Set.of(HISTOGRAM_LIBRARY));
        try {
            Enumeration<URL> lists = RunEnvironment.class.getClassLoader().getResources(CLIENT_LIBRARIES);
            while (lists.hasMoreElements()) {
                try (InputStream in = lists.nextElement().openStream()) {
                    new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                            .filter(line -> !line.isEmpty() && !line.startsWith("#")).forEach(libraries::add);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + CLIENT_LIBRARIES + " from the classpath", e);
        }
        return libraries;
    }

    private static Map<String, String> versions(Set<String> libraries, List<Path> jars) {
        Map<String, String> versions = new TreeMap<>();
        for (Path jar : jars) {
            Path name = jar.getFileName();
            Matcher m = JAR.matcher(name == null ? "" : name.toString());
            if (m.matches() && libraries.contains(m.group(1))) {
                versions.put(m.group(1), m.group(2));
            }
        }
        return versions;
    }

    private static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown";
        }
    }
}
