package io.brokerbench.localbroker;

/**
 * One node of a {@link LocalBroker}: its name in the result and console ({@code kafka-1}, or the type
 * alone for a single broker) and its OS process.
 */
public record BrokerNode(String name, ProcessHandle process) {
}
