package io.brokerbench.localbroker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Launchers are found through META-INF/services, by the type they declare. */
@Timeout(60)
class LocalBrokersTest {

    @Test
    void aRegisteredLauncherIsKnownByItsType() {
        assertTrue(LocalBrokers.isKnown(StandInLauncher.TYPE));
        assertFalse(LocalBrokers.isKnown("rabbit"));
        assertTrue(LocalBrokers.knownTypes().contains(StandInLauncher.TYPE), LocalBrokers.knownTypes());
        assertEquals(new StandInLauncher().exampleEndpoints(), LocalBrokers.exampleEndpoints(StandInLauncher.TYPE));
    }

    @Test
    void anUnknownTypeNamesTheTypesFoundOnTheClasspath() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LocalBrokers.start("rabbit", LocalBrokers.home()));
        assertEquals("no local broker launcher of type 'rabbit' on the classpath (found: " + LocalBrokers.knownTypes() + ")",
                e.getMessage());
    }

    @Test
    void aStartedBrokerGetsAFreshRunDirectoryThatCloseRemoves() throws Exception {
        LocalBroker broker = LocalBrokers.start(StandInLauncher.TYPE, LocalBrokers.home());
        Path runDir = Path.of(broker.endpoints().get("runDir"));
        try {
            assertEquals(StandInLauncher.TYPE, broker.type());
            assertTrue(Files.isDirectory(runDir), runDir.toString());
            assertTrue(runDir.getFileName().toString().startsWith("brokerbench-" + StandInLauncher.TYPE + "-"), runDir.toString());
        } finally {
            broker.close();
        }
        assertFalse(Files.exists(runDir), "run directory " + runDir + " left behind");
    }

    @Test
    void aBrokerStartedOnCpusRunsThereFromItsStart() throws Exception {
        try (LocalBroker broker = LocalBrokers.start(StandInLauncher.TYPE, 1, LocalBrokers.home(), "0")) {
            ProcessHandle process = broker.nodes().get(0).process();
            // setpriv execs taskset, which sets the CPUs and execs the broker in place: once the pid runs
            // sleep, the process the run watches is the broker itself, on its CPUs from its first instruction
            while (!process.info().command().orElse("").endsWith("sleep")) {
                assertTrue(process.isAlive(), process.info().toString());
                Thread.sleep(10);
            }
            String status = Files.readString(Path.of("/proc", Long.toString(process.pid()), "status"), StandardCharsets.ISO_8859_1);
            assertTrue(status.contains("Cpus_allowed_list:\t0\n"), status);
        }
    }

    @Test
    void aClusterHasEveryNodeAsItsOwnProcessAndCloseStopsThemAllAndRemovesTheirDirectory() throws Exception {
        LocalBroker cluster = LocalBrokers.start(StandInLauncher.TYPE, 3, LocalBrokers.home(), null);
        Path runDir = Path.of(cluster.endpoints().get("runDir"));
        List<BrokerNode> nodes = cluster.nodes();
        try {
            assertEquals(List.of("stand-in-1", "stand-in-2", "stand-in-3"), nodes.stream().map(BrokerNode::name).toList());
            assertEquals(3, nodes.stream().map(node -> node.process().pid()).distinct().count());
            assertTrue(nodes.stream().allMatch(node -> node.process().isAlive()));
            assertEquals(Map.of("nodes", List.of("stand-in-1", "stand-in-2", "stand-in-3")), cluster.describe(List.of("t")));
        } finally {
            cluster.close();
        }
        assertTrue(nodes.stream().noneMatch(node -> node.process().isAlive()), "a node outlived close");
        assertFalse(Files.exists(runDir), "run directory " + runDir + " left behind");
    }

    @Test
    void aClusterLargerThanTheLauncherStartsIsRefusedBeforeAnythingStarts() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LocalBrokers.start(StandInLauncher.TYPE, StandInLauncher.MAX_NODES + 1, LocalBrokers.home(), null));
        assertEquals("a local stand-in broker starts 1 to " + StandInLauncher.MAX_NODES + " node(s), not "
                + (StandInLauncher.MAX_NODES + 1), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LocalBrokers.start(StandInLauncher.TYPE, 0, LocalBrokers.home(), null));
    }

    @Test
    void onlyABrokerWithCpusStartsUnderTaskset() {
        assertEquals(List.of("sleep", "1"), BrokerProcess.onCpus(null, List.of("sleep", "1")));
        assertEquals(List.of("taskset", "-c", "1,3", "sleep", "1"), BrokerProcess.onCpus("1,3", List.of("sleep", "1")));
    }
}
