package io.openmessaging.benchmark.driver.pulsar.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.yaml.FieldException;
import io.brokerbench.yaml.Range;

/** The {@code client} section: where the cluster is, client resources, namespace and topic policy. */
public record ClientConfig(
        @JsonProperty(required = true) String serviceUrl,
        @JsonProperty(required = true) String httpUrl,
        @JsonProperty(defaultValue = "8") @Range(min = 1) int ioThreads,
        @JsonProperty(defaultValue = "8") @Range(min = 1) int connectionsPerBroker,
        @JsonProperty(defaultValue = "256") @Range(min = 0) long clientMemoryLimitMB,
        @JsonProperty(defaultValue = "1000") @Range(min = 1) int maxConcurrentLookupRequests,
        @JsonProperty(defaultValue = "public/benchmark") String namespacePrefix,
        String clusterName,
        @JsonProperty(defaultValue = "persistent") TopicType topicType,
        Persistence persistence,
        boolean tlsAllowInsecureConnection,
        boolean tlsEnableHostnameVerification,
        String tlsTrustCertsFilePath,
        Authentication authentication) {

    public ClientConfig {
        if (!serviceUrl.startsWith("pulsar://") && !serviceUrl.startsWith("pulsar+ssl://")) {
            throw new FieldException("serviceUrl", serviceUrl, "must start with pulsar:// or pulsar+ssl://");
        }
        if (!httpUrl.startsWith("http://") && !httpUrl.startsWith("https://")) {
            throw new FieldException("httpUrl", httpUrl, "must start with http:// or https://");
        }
        if (!namespacePrefix.matches("[^/\\s]+/[^/\\s]+")) {
            throw new FieldException("namespacePrefix", namespacePrefix, "must be <tenant>/<namespace name prefix>");
        }
    }

    /** Pulsar's two topic domains, spelt as in topic names. */
    public enum TopicType {
        @JsonProperty("persistent") PERSISTENT("persistent"),
        @JsonProperty("non-persistent") NON_PERSISTENT("non-persistent");

        private final String domain;

        TopicType(String domain) {
            this.domain = domain;
        }

        public String domain() {
            return domain;
        }
    }

    /** BookKeeper replication of the benchmark namespace (OMB's defaults: three bookies, two acknowledgements), and broker-side deduplication. */
    public record Persistence(
            @JsonProperty(defaultValue = "3") @Range(min = 1) int ensembleSize,
            @JsonProperty(defaultValue = "3") @Range(min = 1) int writeQuorum,
            @JsonProperty(defaultValue = "2") @Range(min = 1) int ackQuorum,
            boolean deduplicationEnabled) {

        public Persistence {
            if (writeQuorum > ensembleSize) {
                throw new FieldException("writeQuorum", writeQuorum, "must not exceed ensembleSize " + ensembleSize);
            }
            if (ackQuorum > writeQuorum) {
                throw new FieldException("ackQuorum", ackQuorum, "must not exceed writeQuorum " + writeQuorum);
            }
        }
    }

    /** A Pulsar authentication plugin class and its parameter string; both null when not used. */
    public record Authentication(String plugin, String data) {

        public Authentication {
            plugin = plugin == null || plugin.isBlank() ? null : plugin;
        }

        public boolean enabled() {
            return plugin != null;
        }
    }

    /** The tenant part of {@link #namespacePrefix()}. */
    public String tenant() {
        return namespacePrefix.substring(0, namespacePrefix.indexOf('/'));
    }
}
