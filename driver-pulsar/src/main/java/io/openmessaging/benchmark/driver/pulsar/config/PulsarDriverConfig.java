package io.openmessaging.benchmark.driver.pulsar.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The Pulsar driver file, with OMB's key names and nesting: {@code client}, {@code producer} and
 * {@code consumer} sections. Unknown keys are errors rather than ignored, because a misspelt
 * setting would otherwise run a benchmark with a default nobody asked for.
 */
public record PulsarDriverConfig(Path file, ClientConfig client, ProducerConfig producer, ConsumerConfig consumer) {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    public static PulsarDriverConfig read(Path file) throws IOException {
        YamlSection root;
        try {
            root = YamlSection.root(file, YAML.readTree(file.toFile()));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not valid YAML: " + e.getOriginalMessage().replace('\n', ' '));
        }
        // read by the framework: the driver class to load and the local broker to start
        root.ignore("name", "driverClass", "localBroker");
        ClientConfig client = ClientConfig.read(root.section("client"));
        ProducerConfig producer = ProducerConfig.read(root.section("producer"));
        ConsumerConfig consumer = ConsumerConfig.read(root.section("consumer"));
        root.rejectUnknown();
        return new PulsarDriverConfig(file, client, producer, consumer);
    }
}
