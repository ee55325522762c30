package io.brokerbench.localbroker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
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
        List<String> ended = Collections.synchronizedList(new ArrayList<>());
        Map<String, BrokerProcess> nodes = new LinkedHashMap<>();
        for (String name : List.of("zookeeper", "bookie-1", "bookie-2", "broker")) {
            BrokerProcess process = BrokerProcess.start(name, List.of("sleep", "60"), dir, dir.resolve(name + ".log"), Map.of());
            process.handle().onExit().thenRun(() -> ended.add(name));
            nodes.put(name, process);
        }
        RunningBroker cluster = new RunningBroker("test", "1", nodes, runDir, Map.of(), Map.of(), topics -> Map.of())
                .stoppedInTiers(List.of(List.of("broker"), List.of("bookie-1", "bookie-2")));

        cluster.close();

        // onExit callbacks run on another thread: wait for the four
        for (int i = 0; i < 100 && ended.size() < 4; i++) {
            Thread.sleep(50);
        }
        assertEquals(4, ended.size(), ended.toString());
        assertEquals("broker", ended.get(0), ended.toString());
        assertEquals(List.of("bookie-1", "bookie-2"), ended.subList(1, 3).stream().sorted().toList(), ended.toString());
        assertEquals("zookeeper", ended.get(3), "a node in no tier stops last: " + ended);
        assertTrue(nodes.values().stream().noneMatch(BrokerProcess::isAlive));
        assertFalse(Files.exists(runDir));
    }
}
