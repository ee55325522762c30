package io.brokerbench.fault;

import io.brokerbench.config.ConfigException;
import io.brokerbench.driver.support.OneLine;
import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import io.brokerbench.localbroker.NodeFault;
import io.brokerbench.workload.FaultSpec;
import io.brokerbench.workload.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.Set;

/**
 * A workload's faults checked against the broker the run started, before anything of the run is
 * made: every fault needs a local broker of several nodes, a named node must be one of them, and a
 * leader or follower target must name a topic and partition the run has, and a network fault needs the
 * nodes in network namespaces (and a delay the kernel's netem). A fault that cannot be
 * placed is bad input: one line naming the workload file, the field and the value (exit 2).
 */
public final class FaultPlan {

    private FaultPlan() {
    }

    /**
     * The run's fault schedule on {@code broker} (null: the run started none, which only command faults,
     * run by the coordinator against a cluster of the user's, can do without).
     */
    public static FaultSchedule schedule(Workload workload, Path workloadFile, LocalBroker broker) {
        List<FaultSpec> onNodes = workload.faults().stream().filter(FaultSpec::onLocalNode).toList();
        if (onNodes.isEmpty()) {
            return new FaultSchedule(workload.faults(), broker, seed(workload), System::nanoTime);
        }
        if (broker == null) {
            throw ConfigException.field(workloadFile, "faults.action", onNodes.get(0).action().label(),
                    "acts on a node of a local broker the run starts: use a driver file with 'localBroker:' and"
                            + " 'localBrokerNodes:' (e.g. driver-kafka/kafka-cluster-acks-all.yaml), or, for a cluster"
                            + " of your own, 'action: command' with the 'command' (and 'undo') that does it");
        }
        Set<String> nodes = Set.copyOf(broker.nodes().stream().map(BrokerNode::name).toList());
        for (FaultSpec fault : onNodes) {
            if (nodes.size() < 2) {
                throw ConfigException.field(workloadFile, "faults.target", fault.target(), "the local " + broker.type()
                        + " broker has a single node, which a fault would take down whole: start a cluster"
                        + " ('localBrokerNodes: 3' in the driver file)");
            }
            if (isNodeName(fault.target()) && !nodes.contains(fault.target())) {
                throw ConfigException.field(workloadFile, "faults.target", fault.target(), "not a role (leader, follower,"
                        + " controller, random) nor a node of this " + broker.type() + " cluster (nodes: "
                        + String.join(", ", broker.nodes().stream().map(BrokerNode::name).toList()) + ")");
            }
            if (fault.action().onNetwork() && broker.namespaces().isEmpty()) {
                throw ConfigException.field(workloadFile, "faults.action", fault.action().label(), "a network fault needs"
                        + " the cluster's nodes in network namespaces: 'localBrokerNetwork: namespaces' in the driver file"
                        + " (" + LocalBrokers.namespaceTypes() + "; needs root), e.g. driver-kafka/kafka-cluster-acks-all-netns.yaml");
            }
            if (fault.action() == FaultSpec.Action.DELAY) {
                String lacking = broker.namespaces().orElseThrow().delayUnsupported();
                if (lacking != null) {
                    throw ConfigException.field(workloadFile, "faults.action", fault.action().label(), lacking);
                }
            }
            if (fault.topic() != null && fault.topic() >= workload.topics()) {
                throw ConfigException.field(workloadFile, "faults.topic", fault.topic(),
                        "the run has " + workload.topics() + " topic(s), counted from 0");
            }
            if (fault.partition() != null && fault.partition() >= workload.partitionsPerTopic()) {
                throw ConfigException.field(workloadFile, "faults.partition", fault.partition(),
                        "each topic has " + workload.partitionsPerTopic() + " partition(s), counted from 0");
            }
        }
        return new FaultSchedule(workload.faults(), broker, seed(workload), System::nanoTime);
    }

    private static long seed(Workload workload) {
        return workload.faultSeed() != null ? workload.faultSeed() : new SecureRandom().nextLong();
    }

    /** Starts again, with their data, the nodes a run's faults left down; says so, or why one did not start. */
    public static void restartStoppedNodes(LocalBroker broker, PrintStream out) {
        for (BrokerNode node : broker.nodes()) {
            if (node.process().isAlive()) {
                continue;
            }
            try {
                broker.fault(node.name(), NodeFault.START);
                out.println("  " + node.name() + " started again for what follows (a fault left it down)");
            } catch (IOException | RuntimeException e) {
                out.println("  " + node.name() + " could not be started again: " + OneLine.of(e));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static boolean isNodeName(String target) {
        return !List.of(FaultSpec.LEADER, FaultSpec.FOLLOWER, FaultSpec.CONTROLLER, FaultSpec.RANDOM).contains(target);
    }
}
