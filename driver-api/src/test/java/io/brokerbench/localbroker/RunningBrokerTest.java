package io.brokerbench.localbroker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A cluster stopped tier by tier: each tier's nodes are gone before the next tier is asked to stop. */
@Timeout(60)
class RunningBrokerTest {

    @TempDir
    Path dir;

    @Test
    void nodesStopTierByTierAndThoseInNoTierLast() throws Exception {
        Path runDir = Files.createDirectory(dir.resolve("run"));
        Path endedFile = dir.resolve("ended");
        Map<String, BrokerProcess> nodes = new LinkedHashMap<>();
        for (String name : List.of("zookeeper", "bookie-1", "bookie-2", "broker")) {
            // each node writes its name when asked to stop, before it exits: the file's order is the order
            // the stops reached them (onExit callbacks, used before, can run late and out of order on a busy machine)
            String node = "trap 'echo " + name + " >> " + endedFile + "; kill $child; exit 0' TERM; "
                    + "echo ready; sleep 60 & child=$!; wait";
            nodes.put(name, BrokerProcess.start(name, List.of("sh", "-c", node), dir, dir.resolve(name + ".log"), Map.of()));
        }
        for (String name : nodes.keySet()) {
            // a SIGTERM before the trap is set would end the node without a word
            while (!Files.readString(dir.resolve(name + ".log")).contains("ready")) {
                Thread.sleep(10);
            }
        }
        RunningBroker cluster = new RunningBroker("test", "1", nodes, runDir, Map.of(), Map.of(), topics -> Map.of())
                .stoppedInTiers(List.of(List.of("broker"), List.of("bookie-1", "bookie-2")));

        cluster.close();

        List<String> ended = Files.readAllLines(endedFile);
        assertEquals(4, ended.size(), ended.toString());
        assertEquals("broker", ended.get(0), ended.toString());
        assertEquals(List.of("bookie-1", "bookie-2"), ended.subList(1, 3).stream().sorted().toList(), ended.toString());
        assertEquals("zookeeper", ended.get(3), "a node in no tier stops last: " + ended);
        assertTrue(nodes.values().stream().noneMatch(BrokerProcess::isAlive));
        assertFalse(Files.exists(runDir));
    }
}
