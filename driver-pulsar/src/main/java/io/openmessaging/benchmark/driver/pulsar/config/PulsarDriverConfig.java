package io.openmessaging.benchmark.driver.pulsar.config;

import io.brokerbench.driver.support.DriverYaml;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The Pulsar driver file, with OMB's key names and nesting: {@code client}, {@code producer} and
 * {@code consumer} sections. Unknown keys are errors rather than ignored, because a misspelt
 * setting would otherwise run a benchmark with a default nobody asked for.
 */
public record PulsarDriverConfig(Path file, ClientConfig client, ProducerConfig producer, ConsumerConfig consumer) {

    public static PulsarDriverConfig read(Path file) throws IOException {
        return DriverYaml.read(file, root -> new PulsarDriverConfig(file,
                root.section("client", ClientConfig::read),
                root.section("producer", ProducerConfig::read),
                root.section("consumer", ConsumerConfig::read)));
    }
}
