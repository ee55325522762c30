package io.brokerbench.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.config.ConfigException;
import io.brokerbench.localbroker.BrokerNode;
import io.brokerbench.localbroker.ForwardingBroker;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokers;
import io.brokerbench.localbroker.StandInLauncher;
import io.brokerbench.workload.FaultSpec;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadLoader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults put on real processes: a cluster of stand-in nodes (one {@code sleep} each) frozen, killed and
 * restarted by the schedule, as a run's faults would be; the kernel's view of each process checked.
 */
class FaultScheduleTest {

    private LocalBroker cluster;

    @BeforeEach
    void start() throws Exception {
        cluster = LocalBrokers.start(StandInLauncher.TYPE, 3, LocalBrokers.home(), null);
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    @Test
    void aPausedNodeIsFrozenForItsSecondsAKilledOneStaysDownARestartedOneComesBack() throws Exception {
        long pid2 = pid("stand-in-2");
        long pid3 = pid("stand-in-3");
        long pid1 = pid("stand-in-1");
        FaultSchedule schedule = new FaultSchedule(List.of(
                new FaultSpec(0, FaultSpec.Action.PAUSE, "stand-in-2", 2, null, null, null, null, null, null, null),
                new FaultSpec(0.1, FaultSpec.Action.KILL, "stand-in-3", null, null, null, null, null, null, null, null),
                new FaultSpec(0.2, FaultSpec.Action.RESTART, "stand-in-1", 0, null, null, null, null, null, null, null)), cluster, 1, System::nanoTime);
        schedule.start(System.nanoTime());

        waitUntil(10, () -> "T".equals(state(pid2)));
        waitUntil(10, () -> !ProcessHandle.of(pid3).map(ProcessHandle::isAlive).orElse(false));
        waitUntil(30, () -> pid("stand-in-1") != pid1);
        waitUntil(10, () -> "S".equals(state(pid2)));
        schedule.stop();

        assertTrue(ProcessHandle.of(pid("stand-in-1")).orElseThrow().isAlive(), "restarted with a new process");
        assertEquals("killed by signal 9", cluster.exitStatus("stand-in-3").orElseThrow());
        List<String> notes = schedule.drainNotes().stream().map(FaultSchedule.Note::text).toList();
        assertTrue(notes.contains("fault 1: pause stand-in-2 (named)"), notes.toString());
        assertTrue(notes.contains("fault 2: stand-in-3 killed by signal 9"), notes.toString());
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("fault 1: stand-in-2 resumed after 2.")), notes.toString());
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("fault 3: stand-in-1 started again after ")), notes.toString());
        assertTrue(schedule.faults().stream().allMatch(AppliedFault::applied));
        assertNotEquals(0, schedule.faults().get(0).endedNanos());

        FaultPlan.restartStoppedNodes(cluster, new PrintStream(OutputStream.nullOutputStream()));
        assertTrue(ProcessHandle.of(pid("stand-in-3")).orElseThrow().isAlive(), "a killed node is up again for the next run");
    }

    @Test
    void aBrokerSlowToSayWhoLeadsDoesNotLengthenAPauseOfTheLeader() throws Exception {
        // the leader is named at once when the fault starts, then each question takes 6 s (a node it asks is
        // the paused one, or each answer starts a program): the pause must still end after its 1 s
        AtomicInteger asked = new AtomicInteger();
        LocalBroker slowToAnswer = new ForwardingBroker(cluster) {
            @Override
            public Optional<String> leaderOf(String topic, int partition) {
                if (asked.getAndIncrement() > 0) {
                    try {
                        Thread.sleep(6_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return Optional.of("stand-in-2");
            }

            @Override
            public void close() {
                // the test's cluster, closed after each test
            }
        };
        FaultSchedule schedule = new FaultSchedule(List.of(
                new FaultSpec(0, FaultSpec.Action.PAUSE, "leader", 1, null, null, null, null, null, null, null)),
                slowToAnswer, 1, System::nanoTime);
        schedule.topicsCreated(List.of("t"));
        schedule.start(System.nanoTime());
        AppliedFault pause = schedule.faults().get(0);
        waitUntil(20, () -> pause.endedNanos() != 0);
        double pausedSeconds = (pause.endedNanos() - pause.startedNanos()) / 1e9;
        schedule.stop();
        assertEquals("stand-in-2", pause.node());
        assertTrue(asked.get() >= 2, "asked again while the pause was on: " + asked);
        assertTrue(pausedSeconds < 5, "resumed after its 1 s, not after the broker's 6 s answer: " + pausedSeconds);
        assertNotEquals("T", state(pid("stand-in-2")), "resumed");
    }

    @Test
    void aRoleTheBrokerDoesNotReportIsNotAppliedAndSaysWhy() throws Exception {
        // the stand-in reports no leaders: a leader target cannot be found, and nothing is hit
        FaultSchedule schedule = new FaultSchedule(List.of(new FaultSpec(0, FaultSpec.Action.KILL, "leader", null, null, null, null, null, null, null, null)),
                cluster, 1, System::nanoTime);
        schedule.topicsCreated(List.of("t"));
        schedule.start(System.nanoTime());
        waitUntil(10, () -> schedule.faults().get(0).notAppliedReason() != null);
        schedule.stop();
        assertEquals("the broker reported no leader of partition 0 of t", schedule.faults().get(0).notAppliedReason());
        assertTrue(cluster.nodes().stream().allMatch(node -> node.process().isAlive()));
    }

    @Test
    void aNodeNotInTheClusterIsBadInputBeforeTheRun(@TempDir Path dir) throws Exception {
        Path file = workload(dir, "faults: [{atSeconds: 1, action: kill, target: kafka-9}]\n");
        Workload workload = WorkloadLoader.load(file);
        ConfigException e = assertThrows(ConfigException.class, () -> FaultPlan.schedule(workload, file, cluster));
        assertEquals(file + ": field 'faults.target' = 'kafka-9': not a role (leader, follower, controller, random) nor a"
                + " node of this stand-in cluster (nodes: stand-in-1, stand-in-2, stand-in-3)", e.getMessage());
        ConfigException none = assertThrows(ConfigException.class, () -> FaultPlan.schedule(workload, file, null));
        assertTrue(none.getMessage().contains("field 'faults.action' = 'kill': acts on a node of a local broker the run starts"),
                none.getMessage());
        assertTrue(none.getMessage().contains("'action: command'"), "names what works without a local broker: " + none.getMessage());
        assertFalse(none.getMessage().contains("\n"));
    }

    @Test
    void aNetworkFaultIsPutInTheNodesNamespaceAndHealedAfterItsSeconds() throws Exception {
        try (LocalBroker namespaced = LocalBrokers.start(StandInLauncher.TYPE, 3, LocalBrokers.home(), null, true)) {
            long pid2 = namespaced.nodes().get(1).process().pid();
            long pid3 = namespaced.nodes().get(2).process().pid();
            FaultSchedule schedule = new FaultSchedule(List.of(
                    new FaultSpec(0, FaultSpec.Action.ISOLATE, "stand-in-2", 2, null, null, true, null, null, null, null),
                    new FaultSpec(0, FaultSpec.Action.LOSS, "stand-in-3", 2, null, null, null, null, 30, null, null)), namespaced, 1,
                    System::nanoTime);
            schedule.start(System.nanoTime());

            waitUntil(30, () -> tables(pid2).contains("brokerbench_isolate_"));
            waitUntil(30, () -> tables(pid3).contains("brokerbench_loss_"));
            assertFalse(tables(pid3).contains("brokerbench_isolate_"), "each fault in its own node's namespace");
            waitUntil(30, () -> schedule.faults().stream().allMatch(fault -> fault.endedNanos() != 0));
            schedule.stop();

            assertEquals("", tables(pid2).strip(), "healed: the node's rules are gone");
            assertEquals("", tables(pid3).strip(), "healed: the node's rules are gone");
            List<String> notes = schedule.drainNotes().stream().map(FaultSchedule.Note::text).toList();
            assertTrue(notes.contains("fault 1: isolate stand-in-2 (named)"), notes.toString());
            assertTrue(notes.stream().anyMatch(n -> n.startsWith("fault 1: stand-in-2 healed after 2.")), notes.toString());
            assertTrue(notes.stream().anyMatch(n -> n.startsWith("fault 2: stand-in-3 healed after 2.")), notes.toString());
        }
    }

    @Test
    void aNetworkFaultWithoutNamespacesIsBadInputBeforeTheRun(@TempDir Path dir) throws Exception {
        Path file = workload(dir, "faults: [{atSeconds: 1, action: isolate, target: leader, seconds: 5}]\n");
        Workload workload = WorkloadLoader.load(file);
        ConfigException e = assertThrows(ConfigException.class, () -> FaultPlan.schedule(workload, file, cluster));
        assertTrue(e.getMessage().startsWith(file + ": field 'faults.action' = 'isolate': a network fault needs the"
                + " cluster's nodes in network namespaces: 'localBrokerNetwork: namespaces' in the driver file"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void anIsolationOfASingleNodeIsBadInputBeforeTheRun(@TempDir Path dir) throws Exception {
        Path file = workload(dir, "faults: [{atSeconds: 1, action: isolate, target: random, seconds: 5}]\n");
        Workload workload = WorkloadLoader.load(file);
        try (LocalBroker single = LocalBrokers.start(StandInLauncher.TYPE, LocalBrokers.home())) {
            ConfigException e = assertThrows(ConfigException.class, () -> FaultPlan.schedule(workload, file, single));
            assertTrue(e.getMessage().startsWith(file + ": field 'faults.target' = 'random': the local stand-in broker has a"
                    + " single node"), e.getMessage());
        }
    }

    @Test
    void aDelayIsRefusedBeforeTheRunWhereTheKernelHasNoNetem(@TempDir Path dir) throws Exception {
        Path file = workload(dir, "faults: [{atSeconds: 1, action: delay, target: random, seconds: 5, millis: 50}]\n");
        Workload workload = WorkloadLoader.load(file);
        try (LocalBroker namespaced = LocalBrokers.start(StandInLauncher.TYPE, 2, LocalBrokers.home(), null, true)) {
            String lacking = namespaced.namespaces().orElseThrow().delayUnsupported();
            if (lacking == null) {
                assertEquals(1, FaultPlan.schedule(workload, file, namespaced).faults().size());
            } else {
                ConfigException e = assertThrows(ConfigException.class, () -> FaultPlan.schedule(workload, file, namespaced));
                assertEquals(file + ": field 'faults.action' = 'delay': " + lacking, e.getMessage());
                assertTrue(lacking.contains("netem"), lacking);
            }
        }
    }

    private static Path workload(Path dir, String faults) throws IOException {
        Files.write(dir.resolve("p.data"), new byte[16]);
        return Files.writeString(dir.resolve("w.yaml"), "payloadFile: " + dir.resolve("p.data") + "\n" + """
                name: w
                topics: 1
                partitionsPerTopic: 1
                messageSize: 16
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 100
                testDurationSeconds: 10
                """ + faults);
    }

    /** The nftables tables in the network namespace of process {@code pid}, as nft lists them. */
    private static String tables(long pid) {
        try {
            Process nft = new ProcessBuilder("nsenter", "-t", Long.toString(pid), "-n", "nft", "list", "tables")
                    .redirectErrorStream(true).start();
            String text = new String(nft.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return nft.waitFor() == 0 ? text : "nft failed: " + text;
        } catch (IOException e) {
            return "nsenter failed: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    @Test
    void aCommandRunsAtItsTimeWithTheRunsTopicsAndItsUndoSecondsLater(@TempDir Path dir) throws Exception {
        Path did = dir.resolve("did");
        Path undid = dir.resolve("undid");
        FaultSchedule schedule = new FaultSchedule(List.of(new FaultSpec(0, FaultSpec.Action.COMMAND, "broker-2", 1, null,
                null, null, null, null, "echo \"$BROKERBENCH_TOPICS $BROKERBENCH_FAULT\" > " + did, "touch " + undid)), null, 1, System::nanoTime);
        schedule.topicsCreated(List.of("t-0", "t-1"));
        schedule.start(System.nanoTime());

        waitUntil(20, () -> Files.exists(undid));
        waitUntil(10, () -> schedule.faults().get(0).endedNanos() != 0);
        schedule.stop();

        assertEquals("t-0 t-1 1", Files.readString(did).strip());
        AppliedFault fault = schedule.faults().get(0);
        assertTrue(fault.applied());
        assertEquals("broker-2", fault.node());
        assertTrue(fault.endedNanos() - fault.startedNanos() >= 1_000_000_000L, "the undo waited its second");
        List<String> notes = schedule.drainNotes().stream().map(FaultSchedule.Note::text).toList();
        assertTrue(notes.get(0).startsWith("fault 1: command broker-2: echo"), notes.toString());
        assertTrue(notes.get(1).startsWith("fault 1: undo ran after 1."), notes.toString());
    }

    @Test
    void aFailedCommandIsNotAppliedAndSaysHowItEnded() throws Exception {
        FaultSchedule schedule = new FaultSchedule(List.of(new FaultSpec(0, FaultSpec.Action.COMMAND, null, null, null, null, null, null, null,
                "echo first; echo 'ssh: connect to host broker-2: No route to host' >&2; exit 3", null)), null, 1, System::nanoTime);
        schedule.start(System.nanoTime());
        waitUntil(20, () -> schedule.faults().get(0).notAppliedReason() != null);
        schedule.stop();

        AppliedFault fault = schedule.faults().get(0);
        assertFalse(fault.applied());
        assertEquals("command exited with code 3: ssh: connect to host broker-2: No route to host", fault.notAppliedReason());
        assertEquals(FaultSpec.COMMAND_TARGET, fault.spec().target(), "a command without a target is labelled 'command'");
    }

    @Test
    void aRunThatEndsBeforeTheUndoStillRunsIt(@TempDir Path dir) throws Exception {
        Path undid = dir.resolve("undid");
        FaultSchedule schedule = new FaultSchedule(List.of(new FaultSpec(0, FaultSpec.Action.COMMAND, "broker-2", 600, null,
                null, null, null, null, "true", "touch " + undid)), null, 1, System::nanoTime);
        schedule.start(System.nanoTime());
        waitUntil(20, () -> schedule.faults().get(0).applied());

        schedule.stop();

        assertTrue(Files.exists(undid), "the user's cluster must not be left as the command left it");
        assertNotEquals(0, schedule.faults().get(0).endedNanos());
    }

    /** Polls {@code condition} until it holds; fails after {@code seconds}. */
    private static void waitUntil(int seconds, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "not within " + seconds + " s");
            Thread.sleep(20);
        }
    }

    private long pid(String node) {
        return cluster.nodes().stream().filter(n -> n.name().equals(node)).map(BrokerNode::process)
                .findFirst().orElseThrow().pid();
    }

    /** The kernel's one-letter state of a process: S sleeping, T stopped; "" once it is gone. */
    private static String state(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"), StandardCharsets.ISO_8859_1)) {
                if (line.startsWith("State:")) {
                    return line.substring("State:".length()).strip().substring(0, 1);
                }
            }
        } catch (IOException gone) {
            return "";
        }
        return "";
    }
}
