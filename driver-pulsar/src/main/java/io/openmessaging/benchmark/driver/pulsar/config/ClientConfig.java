package io.openmessaging.benchmark.driver.pulsar.config;

import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code client} section: where the cluster is, client resources, namespace and topic policy. */
public record ClientConfig(
        String serviceUrl,
        String httpUrl,
        int ioThreads,
        int connectionsPerBroker,
        long clientMemoryLimitMB,
        int maxConcurrentLookupRequests,
        String namespacePrefix,
        String clusterName,
        TopicType topicType,
        Persistence persistence,
        boolean tlsAllowInsecureConnection,
        boolean tlsEnableHostnameVerification,
        String tlsTrustCertsFilePath,
        Authentication authentication) {

    /** Pulsar's two topic domains, spelt as in topic names. */
    public enum TopicType {
        PERSISTENT("persistent"), NON_PERSISTENT("non-persistent");

        private final String domain;

        TopicType(String domain) {
            this.domain = domain;
        }

        public String domain() {
            return domain;
        }

        static Map<String, TopicType> byName() {
            Map<String, TopicType> names = new LinkedHashMap<>();
            for (TopicType type : values()) {
                names.put(type.domain, type);
            }
            return names;
        }
    }

    /** BookKeeper replication of the benchmark namespace, and broker-side deduplication. */
    public record Persistence(int ensembleSize, int writeQuorum, int ackQuorum, boolean deduplicationEnabled) {

        static Persistence read(YamlSection section) {
            // OMB's defaults: three bookies, two acknowledgements
            int ensembleSize = section.integer("ensembleSize", 3, 1);
            int writeQuorum = section.integer("writeQuorum", 3, 1);
            int ackQuorum = section.integer("ackQuorum", 2, 1);
            if (writeQuorum > ensembleSize) {
                throw section.error("writeQuorum", writeQuorum, "must not exceed ensembleSize " + ensembleSize);
            }
            if (ackQuorum > writeQuorum) {
                throw section.error("ackQuorum", ackQuorum, "must not exceed writeQuorum " + writeQuorum);
            }
            boolean deduplication = section.bool("deduplicationEnabled", false);
            section.rejectUnknown();
            return new Persistence(ensembleSize, writeQuorum, ackQuorum, deduplication);
        }
    }

    /** A Pulsar authentication plugin class and its parameter string; both null when not used. */
    public record Authentication(String plugin, String data) {

        static Authentication read(YamlSection section) {
            String plugin = section.string("plugin", null);
            String data = section.string("data", null);
            section.rejectUnknown();
            return new Authentication(plugin == null || plugin.isBlank() ? null : plugin, data);
        }

        public boolean enabled() {
            return plugin != null;
        }
    }

    /** The tenant part of {@link #namespacePrefix()}. */
    public String tenant() {
        return namespacePrefix.substring(0, namespacePrefix.indexOf('/'));
    }

    static ClientConfig read(YamlSection section) {
        String serviceUrl = section.requiredString("serviceUrl");
        if (!serviceUrl.startsWith("pulsar://") && !serviceUrl.startsWith("pulsar+ssl://")) {
            throw section.error("serviceUrl", serviceUrl, "must start with pulsar:// or pulsar+ssl://");
        }
        String httpUrl = section.requiredString("httpUrl");
        if (!httpUrl.startsWith("http://") && !httpUrl.startsWith("https://")) {
            throw section.error("httpUrl", httpUrl, "must start with http:// or https://");
        }
        int ioThreads = section.integer("ioThreads", 8, 1);
        int connectionsPerBroker = section.integer("connectionsPerBroker", 8, 1);
        long memoryLimitMb = section.longInteger("clientMemoryLimitMB", 256, 0);
        int lookups = section.integer("maxConcurrentLookupRequests", 1000, 1);
        String namespacePrefix = section.string("namespacePrefix", "public/benchmark");
        if (!namespacePrefix.matches("[^/\\s]+/[^/\\s]+")) {
            throw section.error("namespacePrefix", namespacePrefix, "must be <tenant>/<namespace name prefix>");
        }
        String clusterName = section.string("clusterName", null);
        TopicType topicType = section.choice("topicType", TopicType.PERSISTENT, TopicType.byName());
        Persistence persistence = Persistence.read(section.section("persistence"));
        boolean tlsAllowInsecure = section.bool("tlsAllowInsecureConnection", false);
        boolean tlsHostnameVerification = section.bool("tlsEnableHostnameVerification", false);
        String tlsTrustCerts = section.string("tlsTrustCertsFilePath", null);
        Authentication authentication = Authentication.read(section.section("authentication"));
        section.rejectUnknown();
        return new ClientConfig(serviceUrl, httpUrl, ioThreads, connectionsPerBroker, memoryLimitMb, lookups,
                namespacePrefix, clusterName, topicType, persistence, tlsAllowInsecure, tlsHostnameVerification,
                tlsTrustCerts, authentication);
    }
}
