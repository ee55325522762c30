package io.openmessaging.benchmark.driver.pulsar.config;

import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.annotation.JsonIgnore;
import io.brokerbench.driver.support.FrameworkKeys;
import io.brokerbench.yaml.YamlDocument;
import java.nio.file.Path;

/**
 * The Pulsar driver file, with OMB's key names and nesting: {@code client}, {@code producer} and
 * {@code consumer} sections. Unknown keys are errors rather than ignored, because a misspelt
 * setting would otherwise run a benchmark with a default nobody asked for.
 */
public record PulsarDriverConfig(
        @JacksonInject(YamlDocument.FILE) @JsonIgnore Path file,
        ClientConfig client,
        ProducerConfig producer,
        ConsumerConfig consumer) {

    public static PulsarDriverConfig read(Path file) {
        return FrameworkKeys.readDriverKeys(file, PulsarDriverConfig.class);
    }
}
