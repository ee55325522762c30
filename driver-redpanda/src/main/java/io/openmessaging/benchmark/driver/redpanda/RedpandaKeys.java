package io.openmessaging.benchmark.driver.redpanda;

import io.brokerbench.yaml.FieldException;
import java.net.URI;
import java.util.Optional;

/**
 * Redpanda's own keys in its driver file, beside the Kafka driver's.
 *
 * @param adminUrl the admin API's base URL, e.g. {@code http://127.0.0.1:9644}; when set, the driver checks
 *     {@code GET /v1/status/ready} before anything else and is otherwise never contacted
 */
record RedpandaKeys(String adminUrl) {

    RedpandaKeys {
        if (adminUrl != null) {
            readyUri(adminUrl);
        }
    }

    /** {@code /v1/status/ready} of the admin API, or empty when the file sets no {@code adminUrl}. */
    Optional<URI> readyUri() {
        return Optional.ofNullable(adminUrl).map(RedpandaKeys::readyUri);
    }

    private static URI readyUri(String adminUrl) {
        try {
            URI base = URI.create(adminUrl.strip());
            if (!"http".equals(base.getScheme()) && !"https".equals(base.getScheme()) || base.getHost() == null) {
                throw new IllegalArgumentException("not an http(s) URL");
            }
            return URI.create(adminUrl.strip().replaceAll("/+$", "") + "/v1/status/ready");
        } catch (IllegalArgumentException e) {
            throw new FieldException("adminUrl", adminUrl,
                    "expected the admin API's base URL, e.g. http://127.0.0.1:9644 (" + e.getMessage() + ")");
        }
    }
}
