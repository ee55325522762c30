package io.brokerbench.cli;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Where a run ran: host, JVM, and the versions of the framework and of the client libraries. */
final class RunEnvironment {

    /** Client libraries whose version changes what a driver measures, recognised by jar name. */
    private static final List<String> CLIENT_JARS = List.of("kafka-clients", "pulsar-client", "pulsar-client-original",
            "jedis", "jnats", "HdrHistogram");
    private static final Pattern JAR = Pattern.compile("(.+?)-(\\d[^/]*)\\.jar");

    private RunEnvironment() {
    }

    static Map<String, Object> describe() {
        Map<String, Object> env = new LinkedHashMap<>();
        String version = RunEnvironment.class.getPackage().getImplementationVersion();
        env.put("frameworkVersion", version == null ? "development build" : version);
        env.put("clientVersions", clientVersions());
        Map<String, Object> host = new LinkedHashMap<>();
        host.put("hostname", hostname());
        host.put("cores", Runtime.getRuntime().availableProcessors());
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

    private static Map<String, String> clientVersions() {
        Map<String, String> versions = new TreeMap<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            Matcher m = JAR.matcher(new File(entry).getName());
            if (m.matches() && CLIENT_JARS.contains(m.group(1))) {
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
