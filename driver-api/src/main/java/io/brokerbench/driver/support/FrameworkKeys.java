package io.brokerbench.driver.support;

import io.brokerbench.yaml.YamlDocument;
import java.nio.file.Path;

/**
 * The keys of every driver file that belong to the framework, not the driver: the name for
 * reports, the driver class to load, the local broker to start, how many nodes it has ({@code
 * localBrokerNodes}, a cluster when more than 1), the CPUs to pin it to ({@code localBrokerCpus}, a
 * taskset list) and where its nodes listen ({@code localBrokerNetwork}: {@code loopback}, the default, or
 * {@code namespaces}, a network namespace per node for network faults). The framework requires and checks them; a driver only sets them aside before binding
 * its own keys.
 */
public record FrameworkKeys(String name, String driverClass, String localBroker, Integer localBrokerNodes,
        String localBrokerCpus, String localBrokerNetwork) {

    /** Binds a driver's own keys, all of {@code file} but the framework's, to {@code type}. */
    public static <T> T readDriverKeys(Path file, Class<T> type) {
        return driverKeys(file).bind(type);
    }

    /** {@code file} with the framework's keys taken out, for a driver that binds its keys in parts. */
    public static YamlDocument driverKeys(Path file) {
        YamlDocument document = YamlDocument.read(file);
        document.take(FrameworkKeys.class);
        return document;
    }
}
