package io.openmessaging.benchmark.driver.rabbitmq;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.driver.support.FrameworkKeys;
import io.brokerbench.yaml.FieldException;
import io.brokerbench.yaml.Range;
import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Objects;

/**
 * The RabbitMQ driver file: OMB's keys ({@code amqpUris}, {@code messagePersistence}, {@code queueType},
 * {@code producerCreationDelay}, {@code producerCreationBatchSize}, {@code consumerCreationDelay}, {@code
 * consumerCreationBatchSize}) plus the stream protocol's address, the confirm window and the prefetch. Bad
 * keys or values are an {@link IllegalArgumentException} with a one-line message naming the file, key and
 * value.
 *
 * @param amqpUris the AMQP 0-9-1 addresses ({@code amqp://user:pass@host:port/vhost}, differing only in host
 *     and port); the driver connects to the first that answers and, having lost it, recovers to the first that
 *     answers again; absent: {@code amqp://localhost}, as OMB's driver
 * @param messagePersistence publish with delivery mode 2 (persistent): a classic queue writes the message to
 *     disk before it confirms; quorum queues and streams store every message whatever it says
 * @param queueType where a subscription's messages wait: CLASSIC or QUORUM queues over AMQP, or STREAM over
 *     the stream protocol
 * @param streamUris the stream protocol's addresses ({@code rabbitmq-stream://user:pass@host:5552/vhost}),
 *     used only by STREAM; absent: the first AMQP URI's host and credentials on port 5552
 * @param maxInFlightPublishes publishes awaiting their confirm per producer; {@code sendAsync} blocks beyond it
 * @param prefetchCount unacknowledged deliveries the broker hands one consumer of a queue ({@code basic.qos});
 *     a stream consumer takes whole chunks under the stream client's credit flow instead
 * @param streamMaxLengthBytes STREAM only: the retention of each stream the driver creates ({@code
 *     x-max-length-bytes}), in segments of a quarter of it (at most RabbitMQ's default 500 MB), so that the
 *     oldest go once the stream holds more; absent: none, every message is kept (a max-rate search at up to
 *     190 MB/s writes tens of GB)
 */
record RabbitMqConfig(
        List<String> amqpUris,
        boolean messagePersistence,
        @JsonProperty(defaultValue = "CLASSIC") QueueType queueType,
        @JsonProperty(defaultValue = "100") @Range(min = 0, max = 600_000) long producerCreationDelay,
        @JsonProperty(defaultValue = "5") @Range(min = 1, max = 100_000) int producerCreationBatchSize,
        @JsonProperty(defaultValue = "100") @Range(min = 0, max = 600_000) long consumerCreationDelay,
        @JsonProperty(defaultValue = "5") @Range(min = 1, max = 100_000) int consumerCreationBatchSize,
        List<String> streamUris,
        @JsonProperty(defaultValue = "1000") @Range(min = 1, max = 10_000_000) int maxInFlightPublishes,
        @JsonProperty(defaultValue = "1000") @Range(min = 1, max = 65_535) int prefetchCount,
        @JsonProperty(defaultValue = "5000") @Range(min = 1, max = 600_000) int connectTimeoutMs,
        @Range(min = 4_000_000, max = Long.MAX_VALUE) Long streamMaxLengthBytes) {

    /** OMB's names; the value a queue declaration's {@code x-queue-type} takes. */
    enum QueueType {
        CLASSIC("classic"),
        QUORUM("quorum"),
        STREAM("stream");

        final String declared;

        QueueType(String declared) {
            this.declared = declared;
        }
    }

    private static final String DEFAULT_AMQP_URI = "amqp://localhost";
    private static final int DEFAULT_STREAM_PORT = 5552;

    RabbitMqConfig {
        amqpUris = amqpUris == null || amqpUris.isEmpty() ? List.of(DEFAULT_AMQP_URI) : List.copyOf(amqpUris);
        for (String uri : amqpUris) {
            checkUri("amqpUris", uri, "amqp", "amqps");
            checkSameAccount(uri, amqpUris.get(0));
        }
        if (streamMaxLengthBytes != null && queueType != QueueType.STREAM) {
            throw new FieldException("streamMaxLengthBytes", streamMaxLengthBytes, "is used only with queueType: STREAM, not " + queueType);
        }
        if (streamUris != null && queueType != QueueType.STREAM) {
            throw new FieldException("streamUris", streamUris, "is used only with queueType: STREAM, not " + queueType);
        }
        if (streamUris == null || streamUris.isEmpty()) {
            streamUris = List.of(streamUriFrom(amqpUris.get(0)));
        } else {
            streamUris = List.copyOf(streamUris);
            for (String uri : streamUris) {
                checkUri("streamUris", uri, "rabbitmq-stream", "rabbitmq-stream+tls");
            }
        }
    }

    private static void checkUri(String key, String uri, String... schemes) {
        try {
            URI parsed = new URI(uri.strip());
            if (parsed.getHost() == null || !List.of(schemes).contains(parsed.getScheme())) {
                throw new FieldException(key, uri, "expected " + String.join(" or ", schemes) + "://host[:port]");
            }
        } catch (URISyntaxException e) {
            throw new FieldException(key, uri, "not a URI: " + e.getReason());
        }
    }

    /**
     * One connection uses every one of amqpUris (the others after losing one), with one login: so they name
     * the same scheme, user, password and virtual host, and differ only in host and port.
     */
    private static void checkSameAccount(String uri, String first) {
        URI one = URI.create(uri.strip());
        URI other = URI.create(first.strip());
        if (!Objects.equals(one.getScheme(), other.getScheme()) || !Objects.equals(one.getRawUserInfo(), other.getRawUserInfo())
                || !Objects.equals(vhost(one), vhost(other))) {
            throw new FieldException("amqpUris", uri, "differs from " + first + " in more than host and port: one"
                    + " connection fails over between the addresses with one scheme, user, password and virtual host");
        }
    }

    private static String vhost(URI uri) {
        return uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
    }

    /** The AMQP URI's user, password, host and virtual host on the stream protocol's default port. */
    private static String streamUriFrom(String amqpUri) {
        URI amqp = URI.create(amqpUri.strip());
        String userInfo = amqp.getRawUserInfo() == null ? "" : amqp.getRawUserInfo() + "@";
        String path = amqp.getRawPath() == null ? "" : amqp.getRawPath();
        return "rabbitmq-stream://" + userInfo + amqp.getHost() + ":" + DEFAULT_STREAM_PORT + path;
    }

    static RabbitMqConfig read(File file) {
        return FrameworkKeys.readDriverKeys(file.toPath(), RabbitMqConfig.class);
    }
}
