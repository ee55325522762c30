package io.brokerbench.it.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.it.FaultRuns;
import java.nio.file.Path;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The leader of the run's quorum queue or stream killed mid-run on the local 3-node RabbitMQ cluster (for the
 * quorum queue, rabbitmq-1: the node the driver's AMQP connections go to first leads the queues they declare):
 * the run must name the node it killed and the one that took over (as rabbitmqctl reports it), the clients
 * must carry on through the other nodes (the AMQP connections recover to the next of amqpUris, the stream
 * client to the stream's new leader), and every message must be accounted for exactly. A quorum queue
 * confirms a publish once a majority of its members holds it, so nothing confirmed may be lost there. What
 * is asserted is what the run reports, not how fast the cluster or the clients recover.
 */
class RabbitMqFailoverIT {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"driver-rabbitmq/rabbitmq-cluster-quorum.yaml, true", "driver-rabbitmq/rabbitmq-cluster-stream.yaml, false"})
    @Timeout(400)
    void theClientsCarryOnThroughTheOtherNodesAndEveryMessageIsAccountedFor(String driver, boolean noLoss) throws Exception {
        FaultRuns.Outcome run = FaultRuns.run(dir, driver, 30, "{atSeconds: 4, action: kill, target: leader}");
        String text = run.console();
        JsonNode fault = run.fault();
        assertTrue(fault.get("applied").asBoolean(), fault + "\n" + text);
        String killed = fault.get("node").asText();
        assertTrue(noLoss ? killed.equals("rabbitmq-1") : killed.matches("rabbitmq-[123]"), fault.toString());
        assertEquals(killed, fault.get("leaderBefore").asText(), "the fault hit the leader: " + fault);
        assertTrue(text.contains("fault 1: " + killed + " killed by signal 9"), text);
        assertNotNull(fault.get("leaderMovedAfterSeconds"), "another member took over: " + fault + "\n" + text);
        assertNotEquals(killed, fault.get("leaderAfter").asText(), fault.toString());
        assertTrue(fault.get("after").get("messages").asLong() > 0,
                "messages went through the other nodes after the kill: " + fault + "\n" + text);

        JsonNode messages = run.messages();
        assertTrue(messages.get("verified").asBoolean(), messages.toString());
        FaultRuns.assertEveryMessageAccountedFor(messages);
        if (noLoss) {
            assertEquals(0, messages.get("lost").asLong(), "a quorum queue loses nothing it confirmed: " + messages + "\n" + text);
        }
        long faults = messages.get("lost").asLong() + messages.get("duplicated").asLong() + messages.get("reordered").asLong()
                + messages.get("sendFailures").asLong() + messages.get("unacknowledged").asLong();
        assertTrue(faults == 0 ? run.exit() == 0 || run.exit() == 4 : run.exit() == 3,
                "exit " + run.exit() + ", " + messages + "\n" + text);
    }
}
