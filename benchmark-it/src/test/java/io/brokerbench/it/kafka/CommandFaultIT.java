package io.brokerbench.it.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.it.FaultRuns;
import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fault given as the user's own command against a cluster the benchmark did not start, as with an
 * Ansible-deployed one: the test starts a 3-node Kafka itself, the driver file only names its
 * bootstrap servers, and the workload's fault freezes one node with {@code kill -STOP} and thaws it
 * with {@code kill -CONT} ten seconds later. The run must take the commands at their times, report
 * the fault and its undo, and account for every message (acks=all: none acknowledged may be lost).
 */
class CommandFaultIT {

    @TempDir
    Path dir;

    @Test
    @Timeout(300)
    void aUsersCommandAndItsUndoRunAtTheirTimesAgainstAClusterOfItsOwn() throws Exception {
        try (LocalBroker cluster = LocalBrokers.start("kafka", 3, LocalBrokers.home(), null)) {
            BrokerNode frozen = cluster.nodes().get(1);
            long pid = frozen.process().pid();
            Path driver = Files.writeString(dir.resolve("users-cluster.yaml"), """
                    name: Kafka (a cluster of the user's, acks=all)
                    driverClass: io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver
                    replicationFactor: 3
                    reset: true
                    topicConfig: |
                      min.insync.replicas=2
                    commonConfig: |
                      bootstrap.servers=%s
                    producerConfig: |
                      acks=all
                      enable.idempotence=true
                      linger.ms=1
                    consumerConfig: |
                      auto.offset.reset=earliest
                      enable.auto.commit=false
                    """.formatted(cluster.endpoints().get("bootstrapServers")));
            FaultRuns.Outcome run = FaultRuns.run(dir, driver.toString(), 30, "{atSeconds: 4, action: command, target: %s, seconds: 10,"
                    .formatted(frozen.name()) + " command: 'kill -STOP %d', undo: 'kill -CONT %d'}".formatted(pid, pid));
            String text = run.console();
            int exit = run.exit();

            JsonNode fault = run.fault();
            assertTrue(fault.get("applied").asBoolean(), fault.toString());
            assertEquals(frozen.name(), fault.get("node").asText(), fault.toString());
            assertEquals("kill -STOP " + pid, fault.get("command").asText());
            assertEquals(4, fault.get("startedAtSeconds").asDouble(), 1, fault.toString());
            assertNotNull(fault.get("endedAfterSeconds"), "the undo ran: " + fault);
            assertTrue(fault.get("endedAfterSeconds").asDouble() >= 10, fault.toString());
            assertTrue(fault.get("undoFailed") == null, fault.toString());
            assertTrue(text.contains("fault 1: command " + frozen.name() + ": kill -STOP " + pid), text);
            assertTrue(text.contains("fault 1: undo ran after 1"), text);
            assertTrue(!"T".equals(state(pid)), "thawed: the node runs again");
            assertTrue(frozen.process().isAlive(), "a frozen node is not a dead one");

            JsonNode messages = run.messages();
            assertTrue(messages.get("verified").asBoolean(), messages.toString());
            assertEquals(0, messages.get("lost").asLong(), messages.toString());
            assertEquals(0, messages.get("duplicated").asLong(), messages.toString());
            FaultRuns.assertEveryMessageAccountedFor(messages);
            FaultRuns.assertDeliveryPlacedInTime(run.result());
            // nothing lost or repeated in the whole run: nothing in the frozen node's window either
            JsonNode window = fault.get("delivery");
            assertEquals(0, window.get("neverReceived").asLong() + window.get("duplicated").asLong(), window.toString());
            assertTrue(exit == 0 || exit == 4, "exit " + exit + " (4: the producer had not caught up by the end)\n" + text);
        }
    }

    /** The process's state letter from /proc (R running, S sleeping, T stopped). */
    private static String state(long pid) throws Exception {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        return stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    }
}
