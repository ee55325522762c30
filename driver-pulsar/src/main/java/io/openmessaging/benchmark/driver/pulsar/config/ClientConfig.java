package io.openmessaging.benchmark.driver.pulsar.config;

import io.brokerbench.driver.support.DriverYaml;
import java.util.List;

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
    }

    /** BookKeeper replication of the benchmark namespace, and broker-side deduplication. */
    public record Persistence(int ensembleSize, int writeQuorum, int ackQuorum, boolean deduplicationEnabled) {

        static Persistence read(DriverYaml section) {
            // OMB's defaults: three bookies, two acknowledgements
            int ensembleSize = section.integer("ensembleSize", 3, 1, Integer.MAX_VALUE);
            int writeQuorum = section.integer("writeQuorum", 3, 1, Integer.MAX_VALUE);
            int ackQuorum = section.integer("ackQuorum", 2, 1, Integer.MAX_VALUE);
            if (writeQuorum > ensembleSize) {
                throw section.error("writeQuorum", writeQuorum, "must not exceed ensembleSize " + ensembleSize);
            }
            if (ackQuorum > writeQuorum) {
                throw section.error("ackQuorum", ackQuorum, "must not exceed writeQuorum " + writeQuorum);
            }
            boolean deduplication = section.bool("deduplicationEnabled", false);
            return new Persistence(ensembleSize, writeQuorum, ackQuorum, deduplication);
        }
    }

    /** A Pulsar authentication plugin class and its parameter string; both null when not used. */
    public record Authentication(String plugin, String data) {

        static Authentication read(DriverYaml section) {
            String plugin = section.string("plugin", null);
            String data = section.string("data", null);
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

    static ClientConfig read(DriverYaml section) {
        String serviceUrl = section.requiredString("serviceUrl");
        if (!serviceUrl.startsWith("pulsar://") && !serviceUrl.startsWith("pulsar+ssl://")) {
            throw section.error("serviceUrl", serviceUrl, "must start with pulsar:// or pulsar+ssl://");
        }
        String httpUrl = section.requiredString("httpUrl");
        if (!httpUrl.startsWith("http://") && !httpUrl.startsWith("https://")) {
            throw section.error("httpUrl", httpUrl, "must start with http:// or https://");
        }
        int ioThreads = section.integer("ioThreads", 8, 1, Integer.MAX_VALUE);
        int connectionsPerBroker = section.integer("connectionsPerBroker", 8, 1, Integer.MAX_VALUE);
        long memoryLimitMb = section.longInteger("clientMemoryLimitMB", 256, 0, Long.MAX_VALUE);
        int lookups = section.integer("maxConcurrentLookupRequests", 1000, 1, Integer.MAX_VALUE);
        String namespacePrefix = section.string("namespacePrefix", "public/benchmark");
        if (!namespacePrefix.matches("[^/\\s]+/[^/\\s]+")) {
            throw section.error("namespacePrefix", namespacePrefix, "must be <tenant>/<namespace name prefix>");
        }
        String clusterName = section.string("clusterName", null);
        TopicType topicType = section.choice("topicType", TopicType.PERSISTENT, List.of(TopicType.values()),
                TopicType::domain);
        Persistence persistence = section.section("persistence", Persistence::read);
        boolean tlsAllowInsecure = section.bool("tlsAllowInsecureConnection", false);
        boolean tlsHostnameVerification = section.bool("tlsEnableHostnameVerification", false);
        String tlsTrustCerts = section.string("tlsTrustCertsFilePath", null);
        Authentication authentication = section.section("authentication", Authentication::read);
        return new ClientConfig(serviceUrl, httpUrl, ioThreads, connectionsPerBroker, memoryLimitMb, lookups,
                namespacePrefix, clusterName, topicType, persistence, tlsAllowInsecure, tlsHostnameVerification,
                tlsTrustCerts, authentication);
    }
}
