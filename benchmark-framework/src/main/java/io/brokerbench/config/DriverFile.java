package io.brokerbench.config;

import io.brokerbench.driver.support.FrameworkKeys;
import io.brokerbench.localbroker.LocalBrokers;
import io.brokerbench.placement.CpuList;
import io.brokerbench.placement.OnlineCpus;
import io.brokerbench.yaml.YamlDocument;
import io.brokerbench.yaml.YamlException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.SourceVersion;

/**
 * A driver YAML file as far as the framework is concerned: {@code name}, {@code driverClass}, the
 * optional {@code localBroker} type, its node count and the CPUs to pin it to ({@link FrameworkKeys}),
 * and the raw text with its {@code ${localBroker.NAME}} placeholders. All other keys belong to the driver, which judges them itself.
 */
public final class DriverFile {

    private static final String LOOPBACK = "loopback";
    private static final String NAMESPACES = "namespaces";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{localBroker\\.([^}]*)}");

    private final Path file;
    private final String name;
    private final String driverClass;
    private final String localBroker;
    private final int localBrokerNodes;
    private final CpuList localBrokerCpus;
    private final boolean localBrokerNamespaces;
    private final String text;
    private final Set<String> placeholders;

    private DriverFile(Path file, String name, String driverClass, String localBroker, int localBrokerNodes,
            CpuList localBrokerCpus, boolean localBrokerNamespaces, String text, Set<String> placeholders) {
        this.file = file;
        this.name = name;
        this.driverClass = driverClass;
        this.localBroker = localBroker;
        this.localBrokerNodes = localBrokerNodes;
        this.localBrokerCpus = localBrokerCpus;
        this.localBrokerNamespaces = localBrokerNamespaces;
        this.text = text;
        this.placeholders = placeholders;
    }

    public static DriverFile load(Path file) {
        String text;
        FrameworkKeys keys;
        try {
            text = YamlDocument.readText(file);
            keys = YamlDocument.parse(file, text).take(FrameworkKeys.class);
        } catch (YamlException e) {
            throw new ConfigException(e.getMessage(), e);
        }
        String name = required(file, "name", keys.name());
        String driverClass = required(file, "driverClass", keys.driverClass());
        if (!SourceVersion.isName(driverClass)) {
            throw ConfigException.field(file, "driverClass", driverClass, "not a Java class name");
        }
        String localBroker = keys.localBroker();
        if (localBroker != null && !LocalBrokers.isKnown(localBroker)) {
            throw ConfigException.field(file, "localBroker", localBroker,
                    "no local broker launcher of this type on the classpath (found: " + LocalBrokers.knownTypes() + ")");
        }
        CpuList localBrokerCpus = brokerCpus(file, keys.localBrokerCpus(), localBroker);
        int localBrokerNodes = brokerNodes(file, keys.localBrokerNodes(), localBroker);
        boolean localBrokerNamespaces = brokerNamespaces(file, keys.localBrokerNetwork(), localBroker);

        Set<String> placeholders = new LinkedHashSet<>();
        Matcher m = PLACEHOLDER.matcher(text);
        while (m.find()) {
            if (m.group(1).isBlank()) {
                throw ConfigException.file(file, "placeholder '" + m.group() + "' has no endpoint name");
            }
            placeholders.add(m.group(1));
        }
        if (localBroker == null && !placeholders.isEmpty()) {
            throw ConfigException.file(file, "placeholder '${localBroker." + placeholders.iterator().next()
                    + "}' but no 'localBroker' key says which broker to start");
        }
        return new DriverFile(file, name, driverClass, localBroker, localBrokerNodes, localBrokerCpus,
                localBrokerNamespaces, text, Set.copyOf(placeholders));
    }

    /** {@code localBrokerNodes}, a sibling of {@code localBroker} for the same reason as {@code localBrokerCpus}. */
    private static int brokerNodes(Path file, Integer value, String localBroker) {
        if (value == null) {
            return 1;
        }
        if (localBroker == null) {
            throw ConfigException.field(file, "localBrokerNodes", value.toString(),
                    "sizes a local broker, but no 'localBroker' key says which broker to start");
        }
        int most = LocalBrokers.maxNodes(localBroker);
        if (value < 1 || value > most) {
            throw ConfigException.field(file, "localBrokerNodes", value.toString(), "a local " + localBroker + " broker has "
                    + (most == 1 ? "a single node" : "1 to " + most + " nodes"));
        }
        return value;
    }

    /**
     * {@code localBrokerNetwork}: {@code loopback} (the default: every node on 127.0.0.1) or {@code
     * namespaces} (a network namespace per node, which network faults need), for launchers that can.
     */
    private static boolean brokerNamespaces(Path file, String value, String localBroker) {
        if (value == null || value.equals(LOOPBACK)) {
            return false;
        }
        if (!value.equals(NAMESPACES)) {
            throw ConfigException.field(file, "localBrokerNetwork", value, "must be '" + LOOPBACK + "' (the default) or '"
                    + NAMESPACES + "'");
        }
        if (localBroker == null) {
            throw ConfigException.field(file, "localBrokerNetwork", value,
                    "places a local broker's nodes, but no 'localBroker' key says which broker to start");
        }
        if (!LocalBrokers.startsInNamespaces(localBroker)) {
            throw ConfigException.field(file, "localBrokerNetwork", value, "a local " + localBroker
                    + " broker starts its nodes on 127.0.0.1 only (network namespaces: " + LocalBrokers.namespaceTypes() + ")");
        }
        return true;
    }

    /**
     * {@code localBrokerCpus}, a sibling of {@code localBroker} rather than a mapping under it, so that
     * the plain {@code localBroker: kafka} stays what it is and OMB-style readers of the key still see text.
     */
    private static CpuList brokerCpus(Path file, String value, String localBroker) {
        if (value == null) {
            return null;
        }
        if (localBroker == null) {
            throw ConfigException.field(file, "localBrokerCpus", value,
                    "pins a local broker, but no 'localBroker' key says which broker to start");
        }
        try {
            return CpuList.parse(value).requireWithin(OnlineCpus.read());
        } catch (IllegalArgumentException e) {
            throw ConfigException.field(file, "localBrokerCpus", value, e.getMessage());
        }
    }

    /** Drivers read these keys too, but only the framework requires them. */
    private static String required(Path file, String key, String value) {
        if (value == null) {
            throw ConfigException.file(file, "missing required field '" + key + "'");
        }
        if (value.isBlank()) {
            throw ConfigException.field(file, key, value, "must not be empty");
        }
        return value.strip();
    }

    public Path file() {
        return file;
    }

    public String name() {
        return name;
    }

    public String driverClass() {
        return driverClass;
    }

    /** The local broker type to start, or null when the file points at an existing broker. */
    public String localBroker() {
        return localBroker;
    }

    /** How many nodes the local broker has: 1, or a cluster's size. */
    public int localBrokerNodes() {
        return localBrokerNodes;
    }

    /** The CPUs to pin the local broker to, or null to leave it on every online CPU. */
    public CpuList localBrokerCpus() {
        return localBrokerCpus;
    }

    /** Whether the local broker's nodes each run in a network namespace of their own ({@code localBrokerNetwork: namespaces}). */
    public boolean localBrokerNamespaces() {
        return localBrokerNamespaces;
    }

    public boolean needsLocalBroker() {
        return localBroker != null;
    }

    /** The file's text as read. */
    public String text() {
        return text;
    }

    /** The NAMEs of the {@code ${localBroker.NAME}} placeholders in the text. */
    public Set<String> placeholders() {
        return placeholders;
    }

    /**
     * The text with every {@code ${localBroker.NAME}} replaced by {@code endpoints.get(NAME)}; a
     * placeholder without a value is a one-line error naming the file and the placeholder.
     */
    public String resolvePlaceholders(Map<String, String> endpoints) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (m.find()) {
            String value = endpoints.get(m.group(1));
            if (value == null) {
                throw ConfigException.file(file, "placeholder '" + m.group() + "' has no value: the "
                        + localBroker + " local broker provides " + new TreeSet<>(endpoints.keySet()));
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }
}
