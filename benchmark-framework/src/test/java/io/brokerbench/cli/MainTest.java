package io.brokerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.testing.FaultInjectingDriver;
import io.brokerbench.testing.TestFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The command line as a user meets it: exit codes, one-line errors, result files. */
@Timeout(120)
class MainTest {

    private static final Path HOME = Path.of(System.getProperty("benchmark.home", "..")).toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** 1,000 msg/s of 100 bytes through one producer and one consumer, an interval every second. */
    private Path workload(int warmupSeconds, int testSeconds) {
        return TestFiles.write(dir, "w.yaml", "name: cli-test\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 100\n"
                + "payloadFile: payload/payload-100b.data\nsubscriptionsPerTopic: 1\nconsumerPerSubscription: 1\n"
                + "producersPerTopic: 1\nproducerRate: 1000\nwarmupDurationSeconds: " + warmupSeconds
                + "\ntestDurationSeconds: " + testSeconds + "\nreportingIntervalSeconds: 1\n");
    }

    @Test
    void repeatRunsEachWorkloadNTimesKeepingEveryResultAndWritesTheirSummary() throws Exception {
        Path workload = TestFiles.write(dir, "w.yaml", "name: rep\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 100\n"
                + "payloadFile: payload/payload-100b.data\nsubscriptionsPerTopic: 1\nconsumerPerSubscription: 1\n"
                + "producersPerTopic: 2\nproducerRate: 1000\ntestMessages: 501\nreportingIntervalSeconds: 1\n");
        Path results = Files.createDirectory(dir.resolve("results"));
        int exit = run("--drivers", HOME.resolve("driver-inmemory/inmemory.yaml").toString(), "--repeat", "3",
                "-o", results.toString(), workload.toString());

        assertEquals(ExitCode.OK, exit, stderr() + out);
        List<String> names;
        try (Stream<Path> files = Files.list(results)) {
            names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList();
        }
        assertEquals(4, names.size(), names.toString());
        for (int r = 1; r <= 3; r++) {
            assertTrue(names.get(r - 1).matches("rep-InMemory-.*-run" + r + "\\.json"), names.toString());
            JsonNode run = new ObjectMapper().readTree(results.resolve(names.get(r - 1)).toFile());
            assertEquals(501, run.get("countBounded").get("sent").asLong());
        }
        JsonNode summary = new ObjectMapper().readTree(results.resolve(names.get(3)).toFile());
        assertTrue(names.get(3).endsWith("-summary.json"), names.toString());
        assertEquals(3, summary.get("runsSummarised").asInt());
        assertEquals(3, summary.get("metrics").get("countBounded.publishSeconds").get("values").size());
        assertTrue(Files.exists(results.resolve(names.get(3).replace(".json", ".html"))));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("3 of 3 run(s) summarised"), out.toString(StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("501 message(s): published in"));
        // not a terminal: the progress is a plain line as each run starts
        assertEquals(List.of("run 1 of 3", "run 2 of 3", "run 3 of 3"), progressShown(), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void noProgressShowsNoProgressLine() throws Exception {
        Path workload = TestFiles.write(dir, "w.yaml", "name: quiet\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 100\n"
                + "payloadFile: payload/payload-100b.data\nsubscriptionsPerTopic: 1\nconsumerPerSubscription: 1\n"
                + "producersPerTopic: 1\nproducerRate: 1000\ntestMessages: 11\nreportingIntervalSeconds: 1\n");
        Path results = Files.createDirectory(dir.resolve("results"));
        int exit = run("--drivers", HOME.resolve("driver-inmemory/inmemory.yaml").toString(), "--repeat", "2",
                "--no-progress", "-o", results.toString(), workload.toString());

        assertEquals(ExitCode.OK, exit, stderr() + out);
        assertEquals(List.of(), progressShown());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("2 of 2 run(s) summarised"));
    }

    /** The progress lines printed, each without its times. */
    private List<String> progressShown() {
        return out.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("progress: "))
                .map(l -> l.substring(l.indexOf(" | ") + 3)).toList();
    }

    @Test
    void aSweepRunsOneStepPerRateAndWritesOneResultWithEveryStepAndTheKnee() throws Exception {
        Path workload = TestFiles.write(dir, "w.yaml", "name: sw\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 100\n"
                + "payloadFile: payload/payload-100b.data\nsubscriptionsPerTopic: 1\nconsumerPerSubscription: 1\n"
                + "producersPerTopic: 1\nproducerRate: 1\nwarmupDurationSeconds: 1\ntestDurationSeconds: 1\n"
                + "reportingIntervalSeconds: 1\n");
        Path results = Files.createDirectory(dir.resolve("results"));
        int exit = run("--drivers", HOME.resolve("driver-inmemory/inmemory.yaml").toString(), "--sweep", "500,1000,2000",
                "-o", results.toString(), workload.toString());

        assertEquals(ExitCode.OK, exit, stderr() + out);
        List<String> names;
        try (Stream<Path> files = Files.list(results)) {
            names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList();
        }
        assertEquals(4, names.size(), names.toString());
        JsonNode sweep = new ObjectMapper().readTree(results.resolve(names.get(3)).toFile());
        assertTrue(names.get(3).endsWith("-sweep.json"), names.toString());
        assertEquals(3, sweep.get("steps").size());
        for (int i = 0; i < 3; i++) {
            assertTrue(names.get(i).endsWith("-step" + (i + 1) + ".json"), names.toString());
            JsonNode step = sweep.get("steps").get(i);
            assertEquals(List.of(500.0, 1000.0, 2000.0).get(i), step.get("targetRate").asDouble());
            assertEquals(step.get("targetRate").asDouble(), step.get("publishRate").asDouble(), 0.1 * step.get("targetRate").asDouble());
            assertTrue(step.get("deliveredCleanly").asBoolean(), step.toString());
            JsonNode stepResult = new ObjectMapper().readTree(results.resolve(names.get(i)).toFile());
            assertEquals(step.get("targetRate").asDouble(), stepResult.get("workloadConfig").get("producerRate").asDouble());
            assertFalse(stepResult.get("workloadConfig").has("sweep"));
        }
        assertTrue(sweep.get("knee").get("step").isNumber(), sweep.get("knee").toString());
        String page = Files.readString(results.resolve(names.get(3).replace(".json", ".html")));
        assertTrue(page.contains("End-to-end latency against achieved throughput") && page.contains("<svg"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("rate sweep, 3 step(s)"));
    }

    @Test
    void exitCodesTellABrokerThatLostMessagesFromProducersThatFellBehind() throws Exception {
        Path slow = TestFiles.write(dir, "slow.yaml", "name: Slow\ndriverClass: " + FaultInjectingDriver.class.getName()
                + "\nfault: SLOW\n");
        Path dropping = TestFiles.write(dir, "dropping.yaml", "name: Dropping\ndriverClass: "
                + FaultInjectingDriver.class.getName() + "\nfault: DROP\n");
        // 2,000 msg/s for 2 s; SLOW lets ~500 msg/s out after the first 1,000 sends, and delivers them all
        Path workload = TestFiles.write(dir, "w.yaml", "name: behind\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 100\n"
                + "payloadFile: payload/payload-100b.data\nsubscriptionsPerTopic: 1\nconsumerPerSubscription: 1\n"
                + "producersPerTopic: 1\nproducerRate: 2000\nwarmupDurationSeconds: 0\ntestDurationSeconds: 2\n"
                + "reportingIntervalSeconds: 1\n");

        int behind = run("--drivers", slow.toString(), "-o", dir.resolve("slow.json").toString(), workload.toString());

        assertEquals(ExitCode.RATE_NOT_HELD, behind, stderr() + out);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("RATE NOT HELD: "), out.toString(StandardCharsets.UTF_8));
        JsonNode messages = new ObjectMapper().readTree(dir.resolve("slow.json").toFile()).get("messages");
        assertFalse(messages.get("deliveredCleanly").asBoolean(), messages.toString());
        assertTrue(messages.get("sentDeliveredCleanly").asBoolean(), messages.toString());
        assertTrue(messages.get("unsent").asLong() > 0, messages.toString());

        // a lost message outranks a rate not held, whichever run comes first
        int both = run("--drivers", slow + "," + dropping, "-o", Files.createDirectory(dir.resolve("both")).toString(),
                workload.toString());
        assertEquals(ExitCode.DELIVERY_FAILED, both, stderr() + out);
    }

    @Test
    void repeatIntoADirectoryNotMadeYetMakesIt() throws IOException {
        Path workload = TestFiles.write(dir, "w.yaml", "name: rep\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 100\n"
                + "payloadFile: payload/payload-100b.data\nproducersPerTopic: 1\nproducerRate: 100\nwarmupDurationSeconds: 0\n"
                + "testDurationSeconds: 1\n");
        Path results = dir.resolve("results");
        int exit = run("--drivers", HOME.resolve("driver-inmemory/inmemory.yaml").toString(), "--repeat", "2",
                "-o", results.toString(), workload.toString());

        assertEquals(ExitCode.OK, exit, stderr());
        try (Stream<Path> files = Files.list(results)) {
            assertEquals(3, files.filter(f -> f.toString().endsWith(".json")).count(), "two runs and their summary");
        }
    }

    @Test
    void repeatWithAnOutputFileIsRefusedBeforeAnythingRuns() {
        Path workload = TestFiles.write(dir, "w.yaml", "name: rep\ntopics: 1\npartitionsPerTopic: 1\nmessageSize: 100\n"
                + "payloadFile: payload/payload-100b.data\nproducersPerTopic: 1\ntestDurationSeconds: 1\n");
        int exit = run("--drivers", HOME.resolve("driver-inmemory/inmemory.yaml").toString(), "--repeat", "2",
                "-o", dir.resolve("one.json").toString(), workload.toString());

        assertEquals(ExitCode.BAD_INPUT, exit);
        assertTrue(stderr().contains("several runs need a directory"), stderr());
    }

    @Test
    void runsAWorkloadAndWritesAnOmbCompatibleResult() throws Exception {
        Path workload = workload(1, 2);
        Path result = dir.resolve("result.json");
        int exit = run("--drivers", HOME.resolve("driver-inmemory/inmemory.yaml").toString(), "-o", result.toString(),
                workload.toString());

        assertEquals(ExitCode.OK, exit, stderr() + out);
        JsonNode json = new ObjectMapper().readTree(result.toFile());
        assertEquals("cli-test", json.get("workload").asText());
        assertEquals("InMemory", json.get("driver").asText());
        assertTrue(json.get("complete").asBoolean());
        assertEquals(2, json.get("publishRate").size());
        assertTrue(json.get("publishRate").get(0).asDouble() > 900);
        assertEquals(0, json.get("messages").get("lost").asLong());
        assertTrue(json.get("environment").get("host").get("cores").asInt() > 0);
        assertTrue(json.get("environment").get("jvm").get("version").asText().length() > 0);
        assertEquals(json.get("messages").get("sent").asLong(), json.get("messages").get("received").asLong());
        try (Stream<Path> files = Files.list(dir)) {
            assertFalse(files.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary file left");
        }
    }

    /** Driver files of the broker modules are validated where those drivers are on the classpath (.ci/run). */
    @Test
    void everyShippedWorkloadValidates() throws Exception {
        List<String> args = new ArrayList<>(List.of("--validate", "--drivers",
                HOME.resolve("driver-inmemory/inmemory.yaml").toString()));
        try (Stream<Path> workloads = Files.list(HOME.resolve("workloads"))) {
            workloads.filter(p -> p.toString().endsWith(".yaml")).forEach(p -> args.add(p.toString()));
        }
        assertEquals(ExitCode.OK, run(args.toArray(new String[0])), stderr());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("valid workload: "));
    }

    @Test
    void badWorkloadIsOneLineNamingFileFieldAndValueWithExitCode2() {
        Path workload = TestFiles.write(dir, "bad.yaml", "name: x\ntopics: 1\npartitionsPerTopc: 3\n");
        int exit = run("--drivers", HOME.resolve("driver-inmemory/inmemory.yaml").toString(), workload.toString());
        assertEquals(ExitCode.BAD_INPUT, exit);
        String message = stderr().strip();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.startsWith("error: "), message);
        assertTrue(message.contains("bad.yaml") && message.contains("partitionsPerTopc"), message);
    }

    @Test
    void aFaultFromTheCommandLineRunsInTheMeasuredPhaseAndIsInTheResult() throws Exception {
        Path marker = dir.resolve("fault-ran");
        Path result = dir.resolve("result.json");
        // a command fault needs no local broker: the in-memory driver's run carries it as a user's cluster would
        int exit = run("--drivers", HOME.resolve("driver-inmemory/inmemory.yaml").toString(), "-o", result.toString(),
                "--fault", "atSeconds: 1, action: command, target: node-b, command: 'echo $BROKERBENCH_TOPICS > " + marker + "'",
                workload(0, 3).toString());

        assertEquals(ExitCode.OK, exit, stderr() + out);
        assertTrue(Files.readString(marker).strip().length() > 0, "the command saw the run's topics");
        JsonNode fault = new ObjectMapper().readTree(result.toFile()).get("faults").get(0);
        assertEquals("command", fault.get("action").asText());
        assertEquals("node-b", fault.get("node").asText());
        assertTrue(fault.get("applied").asBoolean(), fault.toString());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("fault 1: command node-b: echo"), out.toString());
    }

    @Test
    void aBadFaultOnTheCommandLineIsOneLineNamingTheOption() {
        String driver = HOME.resolve("driver-inmemory/inmemory.yaml").toString();
        String workload = HOME.resolve("workloads/1-topic-1kb.yaml").toString();
        assertEquals(ExitCode.BAD_INPUT, run("--validate", "--drivers", driver, "--fault",
                "atSeconds: 5, action: explode, target: leader", workload));
        String message = stderr().strip();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.contains("option '--fault' = 'atSeconds: 5, action: explode, target: leader'")
                && message.contains("'action'") && message.contains("explode"), message);
        err.reset();
        // the time is checked against each workload's measured phase, and named as that workload's
        assertEquals(ExitCode.BAD_INPUT, run("--validate", "--drivers", driver, "--fault",
                "atSeconds: 5000, action: kill, target: leader", workload));
        assertTrue(stderr().contains("1-topic-1kb.yaml: field 'faults[0].atSeconds' = 5000"), stderr());
    }

    @Test
    void unknownDriverClassIsBadInput() {
        Path driver = TestFiles.write(dir, "d.yaml", "name: Nope\ndriverClass: org.example.NoSuchDriver\n");
        int exit = run("--validate", "--drivers", driver.toString(), HOME.resolve("workloads/1-topic-1kb.yaml").toString());
        assertEquals(ExitCode.BAD_INPUT, exit);
        assertTrue(stderr().contains("d.yaml: field 'driverClass' = 'org.example.NoSuchDriver': no such class"), stderr());
    }

    @Test
    void unknownOptionAndMissingArgumentsAreOneLineErrors() {
        assertEquals(ExitCode.BAD_INPUT, run("--no-such-option", "w.yaml"));
        assertEquals(1, stderr().strip().lines().count(), stderr());
        err.reset();
        assertEquals(ExitCode.BAD_INPUT, run(HOME.resolve("workloads/1-topic-1kb.yaml").toString()));
        assertTrue(stderr().contains("no driver file given"), stderr());
    }

    @Test
    void metricsOptionsShapeTheInProcessRunOnly() {
        String driver = HOME.resolve("driver-inmemory/inmemory.yaml").toString();
        String workload = HOME.resolve("workloads/1-topic-1kb.yaml").toString();
        assertEquals(ExitCode.BAD_INPUT, run("--validate", "--no-metrics", "--workers", "http://127.0.0.1:9",
                "--drivers", driver, workload));
        assertTrue(stderr().contains("option '--no-metrics': applies to in-process runs"), stderr());
        err.reset();
        assertEquals(ExitCode.BAD_INPUT, run("--validate", "--metrics-port", "9100", "--workers", "http://127.0.0.1:9",
                "--drivers", driver, workload));
        assertTrue(stderr().contains("option '--metrics-port' = 9100: serves an in-process run's metrics"), stderr());
        err.reset();
        assertEquals(ExitCode.BAD_INPUT, run("--validate", "--metrics-port", "70000", "--drivers", driver, workload));
        assertTrue(stderr().contains("option '--metrics-port' = 70000: expected a port 0-65535"), stderr());
    }

    @Test
    void theInMemoryDriverIsRefusedAcrossTwoWorkersBeforeAnythingStarts() {
        String driver = HOME.resolve("driver-inmemory/inmemory.yaml").toString();
        String workload = HOME.resolve("workloads/1-topic-1kb.yaml").toString();
        // nothing listens on these ports: the refusal comes before any worker is asked
        assertEquals(ExitCode.BAD_INPUT, run("--validate", "--workers", "http://127.0.0.1:9,http://127.0.0.1:11",
                "--drivers", driver, workload));
        assertTrue(stderr().contains(driver + ": driverClass 'io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver'"
                + " keeps its topics inside one JVM and cannot run workload "), stderr());
        assertTrue(stderr().contains(" across 2 workers: run it in-process (no --workers) or on one worker"), stderr());
        assertEquals(1, stderr().strip().lines().count(), stderr());
        err.reset();
        // mixed roles, one producer and one consumer: both land on the first worker, whose JVM holds the topics
        assertEquals(ExitCode.OK, run("--validate", "--workers", "http://127.0.0.1:9,http://127.0.0.1:11",
                "--worker-roles", "mixed", "--drivers", driver, workload), stderr());
    }

    @Test
    void cpuOptionsAreCheckedAgainstTheMachineAndTheRun() {
        String driver = HOME.resolve("driver-inmemory/inmemory.yaml").toString();
        String workload = HOME.resolve("workloads/1-topic-1kb.yaml").toString();
        assertEquals(ExitCode.BAD_INPUT, run("--validate", "--client-cpus", "4000", "--drivers", driver, workload));
        assertTrue(stderr().startsWith("error: option '--client-cpus' = '4000': CPU 4000 is not online on this machine (online: "),
                stderr());
        assertEquals(1, stderr().strip().lines().count(), stderr());
        err.reset();
        assertEquals(ExitCode.BAD_INPUT, run("--validate", "--client-cpus", "0-", "--drivers", driver, workload));
        assertTrue(stderr().contains("option '--client-cpus' = '0-': '0-' is not a CPU id or a range of them"), stderr());
        err.reset();
        assertEquals(ExitCode.BAD_INPUT, run("--validate", "--client-cpus", "0", "--workers", "http://127.0.0.1:9",
                "--drivers", driver, workload));
        assertTrue(stderr().contains("option '--client-cpus' = '0': pins the in-process load generator"), stderr());
        err.reset();
        assertEquals(ExitCode.BAD_INPUT, run("--validate", "--broker-cpus", "0", "--drivers", driver, workload));
        assertTrue(stderr().contains("option '--broker-cpus' = '0': pins a local broker, but no driver file starts one"),
                stderr());
    }

    /**
     * The stand-in local broker (a sleep process) beside the in-memory driver: the broker is pinned to
     * CPU 0, the client to the CPUs this JVM already has (so the test JVM's own placement does not change).
     */
    @Test
    void aRunRecordsWhereTheClientAndTheLocalBrokerRan() throws Exception {
        Path driver = TestFiles.write(dir, "d.yaml", "name: InMemory\n"
                + "driverClass: io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver\n"
                + "localBroker: stand-in\nlocalBrokerCpus: '0'\n");
        String client = io.brokerbench.placement.ClientPinning.current(io.brokerbench.placement.OnlineCpus.read()).toString();
        Path result = dir.resolve("r.json");
        int exit = run("--client-cpus", client, "--drivers", driver.toString(), "-o", result.toString(),
                workload(0, 1).toString());

        assertEquals(ExitCode.OK, exit, stderr() + out);
        String console = out.toString(StandardCharsets.UTF_8);
        assertEquals(1, console.lines().filter(l -> l.startsWith("CPU placement")).count(), console);
        assertTrue(console.contains("client on " + client + " (pinned), local stand-in broker on 0 (pinned)"), console);
        JsonNode placement = new ObjectMapper().readTree(result.toFile()).get("environment").get("cpuPlacement");
        assertEquals(client, placement.get("clientCpus").asText());
        assertTrue(placement.get("clientPinned").asBoolean());
        assertEquals("0", placement.get("brokerCpus").asText());
        assertTrue(placement.get("brokerPinned").asBoolean());
        assertEquals(client.startsWith("0"), placement.get("shared").asBoolean());
        assertTrue(placement.get("clientCpuCores").isNumber(), placement.toString());
        assertTrue(placement.has("warning"), placement.toString());
    }

    @Test
    void aTakenMetricsPortIsBadInputBeforeAnythingRuns() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            String port = Integer.toString(taken.getLocalPort());
            Path result = dir.resolve("never.json");
            int exit = run("--metrics-port", port, "--drivers", HOME.resolve("driver-inmemory/inmemory.yaml").toString(),
                    "-o", result.toString(), HOME.resolve("workloads/1-topic-1kb.yaml").toString());
            assertEquals(ExitCode.BAD_INPUT, exit, stderr());
            assertEquals(1, stderr().strip().lines().count(), stderr());
            assertTrue(stderr().contains("option '--metrics-port' = " + port + ": cannot listen on 127.0.0.1:" + port), stderr());
            assertFalse(Files.exists(result));
        }
    }

    @Test
    void withoutMetricsTheResultHasNoneAndWithAMetricsPortTheRunSaysWhere() throws Exception {
        Path workload = workload(0, 1);
        Path result = dir.resolve("result.json");
        int exit = run("--no-metrics", "--metrics-port", "0", "--drivers",
                HOME.resolve("driver-inmemory/inmemory.yaml").toString(), "-o", result.toString(), workload.toString());
        assertEquals(ExitCode.OK, exit, stderr() + out);
        assertTrue(out.toString(StandardCharsets.UTF_8).matches("(?s).*Prometheus metrics: http://127\\.0\\.0\\.1:\\d+/metrics.*"),
                out.toString(StandardCharsets.UTF_8));
        JsonNode interval = new ObjectMapper().readTree(result.toFile()).get("intervals").get(0);
        assertTrue(interval.has("publishRate"), interval.toString());
        assertFalse(interval.has("loadGenerators"), interval.toString());
    }

    @Test
    void helpExitsZero() {
        assertEquals(ExitCode.OK, run("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("--drivers"));
    }
}
