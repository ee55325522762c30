package io.brokerbench.cli;

import io.brokerbench.placement.CpuList;

/**
 * The CPUs the command line asked for, checked against the machine.
 *
 * @param online the machine's online CPUs
 * @param clientCpus this JVM's CPUs once pinned (or as it is); null when the load runs on workers
 * @param clientPinned whether {@code --client-cpus} chose them
 * @param brokerCpus {@code --broker-cpus}, or null to let each driver file's {@code localBrokerCpus} decide
 */
record CpuRequest(CpuList online, CpuList clientCpus, boolean clientPinned, CpuList brokerCpus) {
}
