package io.brokerbench.localbroker.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** cluster_status answers shaped as RabbitMQ 3.10's {@code rabbitmqctl cluster_status --formatter json} (trimmed). */
class RabbitMqClusterHealthTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<RabbitMqNode> NODES = RabbitMqNode.onPorts("rabbitmq", Path.of("/tmp/run"), 3,
            List.of(5001, 5101, 5201, 5002, 5102, 5202, 5003, 5103, 5203));
    private static final String ALL = "[\"brokerbench-5001@localhost\",\"brokerbench-5002@localhost\","
            + "\"brokerbench-5003@localhost\"]";

    @Test
    void wholeOnceEveryNodeIsAMemberAndRunningWithNoPartition() throws Exception {
        assertEquals(Optional.empty(), RabbitMqClusterHealth.firstGap(status(ALL, ALL, "{}"), NODES));
    }

    @Test
    void aNodeThatBootedAsAClusterOfItsOwnIsNotAMember() throws Exception {
        assertEquals(Optional.of("rabbitmq-3 (brokerbench-5003@localhost) is not a member of the cluster (members: "
                + "[brokerbench-5001@localhost, brokerbench-5002@localhost])"), RabbitMqClusterHealth.firstGap(
                status("[\"brokerbench-5001@localhost\",\"brokerbench-5002@localhost\"]",
                        "[\"brokerbench-5001@localhost\",\"brokerbench-5002@localhost\"]", "{}"), NODES));
    }

    @Test
    void aMemberThatIsDownOrAPartitionKeepsItFromBeingWhole() throws Exception {
        assertEquals(Optional.of("rabbitmq-2 (brokerbench-5002@localhost) is a member but not running (running: "
                + "[brokerbench-5001@localhost])"), RabbitMqClusterHealth.firstGap(
                status(ALL, "[\"brokerbench-5001@localhost\"]", "{}"), NODES));
        assertEquals(Optional.of("the cluster reports network partitions: "
                + "{\"brokerbench-5001@localhost\":[\"brokerbench-5003@localhost\"]}"), RabbitMqClusterHealth.firstGap(
                status(ALL, ALL, "{\"brokerbench-5001@localhost\":[\"brokerbench-5003@localhost\"]}"), NODES));
    }

    private static JsonNode status(String diskNodes, String runningNodes, String partitions) throws Exception {
        return JSON.readTree("{\"alarms\":[],\"cluster_name\":\"brokerbench-5001@localhost\",\"disk_nodes\":" + diskNodes
                + ",\"partitions\":" + partitions + ",\"ram_nodes\":[],\"running_nodes\":" + runningNodes + "}");
    }
}
