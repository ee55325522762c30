package io.brokerbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.cli.ExitCode;
import io.brokerbench.cli.Main;
import io.brokerbench.cli.ReportMain;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.stats.Metric;
import io.brokerbench.stats.Percentile;
import io.brokerbench.testing.ManualClock;
import io.brokerbench.testing.SimulatedRuns;
import io.brokerbench.testing.SimulatedWorker;
import io.brokerbench.testing.TestFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The report from a real in-memory run and from an OMB-style file: structure, numbers, escaping, comparison. */
@Timeout(120)
class HtmlReportTest {

    private static final Path HOME = Path.of(System.getProperty("benchmark.home", "..")).toAbsolutePath().normalize();
    private static final String INJECTED = "<script>alert('pwned')</script>";

    @TempDir
    static Path runDir;
    private static Path result;
    private static JsonNode json;

    @TempDir
    Path dir;

    /** One short run through the real harness (1 s warm-up, 2 s measured), shared by the tests. */
    @BeforeAll
    static void runInMemoryBenchmark() throws IOException {
        Path workload = TestFiles.write(runDir, "w.yaml", "name: report-test\ntopics: 1\npartitionsPerTopic: 1\n"
                + "messageSize: 100\npayloadFile: payload/payload-100b.data\nsubscriptionsPerTopic: 1\n"
                + "consumerPerSubscription: 1\nproducersPerTopic: 1\nproducerRate: 1000\nwarmupDurationSeconds: 1\n"
                + "testDurationSeconds: 2\nreportingIntervalSeconds: 1\n");
        String driverYaml = Files.readString(HOME.resolve("driver-inmemory/inmemory.yaml"))
                + "# an operator's note with markup: " + INJECTED + " & more\n";
        Path driver = TestFiles.write(runDir, "driver.yaml", driverYaml);
        result = runDir.resolve("result.json");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(new String[] {"--drivers", driver.toString(), "-o", result.toString(), workload.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ExitCode.OK, exit, err.toString(StandardCharsets.UTF_8));
        json = new ObjectMapper().readTree(result.toFile());
    }

    @Test
    void reportOfARealRunHasChartsHeadlineNumbersAndVerdict() throws IOException {
        Path html = HtmlReport.writeFor(result);

        assertEquals(runDir.resolve("result.html"), html);
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>"));
        // 4 charts over time + the load generator's CPU, heap, GC pauses and threads + 2 latency distributions
        assertEquals(10, count(page, "<svg class=\"plot\""));
        assertTrue(page.indexOf("<h3>Load generator</h3>") > page.indexOf("<figcaption>Backlog</figcaption>")
                && page.indexOf("<h3>Load generator</h3>") < page.indexOf("<h3>Latency distribution"),
                "under the latency charts over time");
        assertTrue(count(page, "<polyline") >= 12, "every chart draws lines");
        assertTrue(page.contains(">warm-up</text>"), "the warm-up is shaded and labelled");
        assertTrue(page.contains(">99.9%</text>") && page.contains(">max</text>"), "the distribution's x axis is in nines");
        assertTrue(page.contains("end-to-end from intended send time"));
        assertTrue(page.contains("report-test") && page.contains("COMPLETE"));
        assertFalse(page.contains("<h3>Max-rate search</h3>") || page.contains("<h3>Rate phases</h3>"), "only runs that had them");
        assertTrue(page.contains(Numbers.count(json.get("measured").get("publishRate").asDouble())), "publish rate from the JSON");
        assertTrue(page.contains(Numbers.latencyMillis(json.get("aggregatedEndToEndLatency99pct").asDouble())), "e2e p99 from the JSON");
        assertTrue(page.contains("&#10003; exact"), "delivery verdict");
        assertTrue(page.contains(json.get("environment").get("jvm").get("version").asText()), "environment");
    }

    @Test
    void aMaxRateSearchIsShownWindowByWindowAndRatePhasesPhaseByPhase() throws IOException {
        ManualClock clock = new ManualClock(1_000_000_000_000L);
        SimulatedWorker capped = new SimulatedWorker(clock);
        capped.consumeRate = 37_000;
        Path searched = dir.resolve("searched.json");
        RunRecord search = SimulatedRuns.runAndWrite(TestFiles.workload(dir, "producerRate: 0\ntestDurationSeconds: 10\n"),
                capped, clock, searched);
        Path phased = dir.resolve("phased.json");
        SimulatedRuns.runAndWrite(TestFiles.workload(dir, "producerStartRate: 1000\nproducerIncrementRate: 1000\n"
                + "producerIncrementSeconds: 2\nproducerRate: 3000\ntestDurationSeconds: 8\n"), new SimulatedWorker(clock),
                clock, phased);

        String page = Files.readString(HtmlReport.writeFor(searched));
        assertTrue(page.contains("<h3>Max-rate search</h3>"));
        assertTrue(page.contains(Html.escape(search.discoveredRate().result().describe())), "what the search found");
        assertTrue(page.contains("<figcaption>Rate per search window</figcaption>"));
        String table = page.substring(page.indexOf("<th>window</th>"), page.indexOf("</table>", page.indexOf("<th>window</th>")));
        int windows = search.discoveredRate().windows().size();
        assertEquals(windows, count(table, "<tr"), "one row per window (the header row opened before the substring)");
        long failed = search.discoveredRate().windows().stream().filter(w -> !w.held()).count();
        assertTrue(failed > 0);
        assertEquals(failed, count(table, "<tr class=\"bad\">"), "the windows that failed stand out");
        assertTrue(table.contains("<td>drain to "), "with the search's next move");
        assertFalse(page.contains("<h3>Rate phases</h3>"));

        page = Files.readString(HtmlReport.writeFor(phased));
        assertTrue(page.contains("<h3>Rate phases</h3>"));
        assertFalse(page.contains("<h3>Max-rate search</h3>"));
        JsonNode phases = new ObjectMapper().readTree(phased.toFile()).get("ratePhases");
        assertEquals(3, phases.size());
        for (JsonNode phase : phases) {
            assertTrue(page.contains("<td>" + Html.escape(phase.get("name").asText()) + "</td>"
                    + Html.numberCell(Numbers.count(phase.get("fromRate").asDouble()))
                    + Html.numberCell(Numbers.plain(phase.get("seconds").asDouble()))
                    + Html.numberCell(Numbers.count(phase.get("publishRate").asDouble()))), phase.toString());
        }
        assertTrue(page.contains(Html.numberCell(Numbers.latencyMillis(phases.get(2).get("endToEndLatency").get("99pct").asDouble()))));
        assertEquals(3, count(page, "<td>clean</td></tr>"), "each phase's messages judged on their own");
    }

    @Test
    void brokerClientAndDriverStatisticsAreChartedPerInterval() throws IOException {
        ObjectNode copy = json.deepCopy();
        int i = 0;
        for (JsonNode interval : copy.get("intervals")) {
            ObjectNode node = (ObjectNode) interval;
            node.putObject("broker").put("cpuCores", 0.5 + i).put("residentBytes", 300L << 20);
            node.putObject("clientMetrics").put("kafka.producer.record-send-rate", 1000.0 + i)
                    .put("kafka.consumer.records-lag-max", 3.0);
            node.putObject("driverStats").put("loopback.messages_published.perSecond", 990.0 + i);
            i++;
        }
        Path file = dir.resolve("with-metrics.json");
        new ObjectMapper().writeValue(file.toFile(), copy);

        String page = Files.readString(HtmlReport.writeFor(file));
        assertTrue(page.contains("<h3>Load generator and broker</h3>"), page);
        assertTrue(page.contains("<figcaption>Broker resident memory</figcaption>"));
        assertTrue(page.contains("local broker: 1.5 at"), "the broker's CPU in the CPU chart, per interval");
        assertTrue(page.contains("<summary>Client library metrics (2)</summary>"));
        assertTrue(page.contains("<figcaption>kafka.producer.record-send-rate</figcaption>"));
        assertTrue(page.contains("kafka.producer.record-send-rate: 1,001 at"), "a point per interval with its value");
        assertTrue(page.contains("<summary>Driver statistics (1)</summary>"));
        assertTrue(page.contains("<figcaption>loopback.messages_published.perSecond</figcaption>"));
        // 10 charts of the run, the broker's memory, 2 client metrics, 1 driver statistic
        assertEquals(14, count(page, "<svg class=\"plot\""));
    }

    @Test
    void aClustersNodesAreChartedOneLineEachAndADownNodeLeavesAGap() throws IOException {
        ObjectNode copy = json.deepCopy();
        int i = 0;
        for (JsonNode interval : copy.get("intervals")) {
            ObjectNode broker = ((ObjectNode) interval).putObject("broker").put("cpuCores", 1.0).put("residentBytes", 900L << 20);
            ArrayNode nodes = broker.putArray("nodes");
            nodes.addObject().put("node", "kafka-1").put("cpuCores", 0.25 + i).put("residentBytes", 300L << 20);
            if (i == 0) {
                // kafka-2 was killed after the first interval: it has no figures afterwards
                nodes.addObject().put("node", "kafka-2").put("cpuCores", 0.5).put("residentBytes", 310L << 20);
            }
            i++;
        }
        Path file = dir.resolve("cluster.json");
        new ObjectMapper().writeValue(file.toFile(), copy);

        String page = Files.readString(HtmlReport.writeFor(file));
        assertTrue(page.contains("kafka-1: 0.25 at") && page.contains("kafka-1: 1.25 at"), "kafka-1's CPU, per interval");
        assertTrue(page.contains("kafka-2: 0.5 at"), "kafka-2's CPU while it ran");
        assertEquals(1, count(page, "kafka-2: 0.5 at"), "and no point once it was gone");
        assertFalse(page.contains("local broker: 1 at"), "a cluster is drawn node by node, not as one total");
        assertTrue(page.contains("<figcaption>Broker resident memory</figcaption>"));
    }

    @Test
    void faultsAreTabledAndTheirWindowsShadedOnTheSnapshotTimeline() throws IOException {
        ObjectNode copy = json.deepCopy();
        ArrayNode faults = copy.putArray("faults");
        ObjectNode kill = faults.addObject().put("index", 1).put("action", "kill").put("target", "leader")
                .put("atSeconds", 0.5).put("applied", true).put("node", "kafka-2").put("role", "leader of partition 0 of t")
                .put("startedAtSeconds", 0.5).put("leaderBefore", "kafka-2").put("leaderAfter", "kafka-3")
                .put("leaderMovedAfterSeconds", 0.75).put("noticedAfterSeconds", 0.25).put("unavailableSeconds", 0.5)
                .put("recoveredAfterSeconds", 1.0);
        kill.putObject("before").put("seconds", 0.5).put("messages", 500).put("endToEndP99", 2.5);
        kill.putObject("during").put("seconds", 1.0).put("messages", 600).put("retried", 1234).put("endToEndP99", 812.0);
        faults.addObject().put("index", 2).put("action", "pause").put("target", "follower").put("atSeconds", 1.9)
                .put("applied", false).put("notApplied", "the broker reported no follower of partition 0 of t");
        ArrayNode timeline = copy.putArray("faultTimeline");
        for (int tick = 1; tick <= 8; tick++) {
            boolean out = tick >= 3 && tick <= 4;
            timeline.addObject().put("atSeconds", tick * 0.25).put("seconds", 0.25).put("publishRate", 1000)
                    .put("ackRate", out ? 0 : 1000).put("consumeRate", out ? 0 : 1000).put("failRate", 0)
                    .put("retryRate", out ? 2468 : 0).put("backlog", 0)
                    .put("publishP99", out ? 700.0 : 1.5).put("endToEndP99", out ? 812.0 : 2.5);
        }
        Path file = dir.resolve("faults.json");
        new ObjectMapper().writeValue(file.toFile(), copy);

        String page = Files.readString(HtmlReport.writeFor(file));
        assertTrue(page.contains("<h3>Faults</h3>"));
        String table = page.substring(page.indexOf("<h3>Faults</h3>"), page.indexOf("</table>", page.indexOf("<h3>Faults</h3>")));
        assertTrue(table.contains("<td>1: kill leader</td><td>kafka-2 (leader of partition 0 of t)</td>"), table);
        assertTrue(table.contains("kafka-2 → kafka-3 after 0.75 s"), table);
        assertTrue(table.contains("2.5 ms") && table.contains("812 ms"), "e2e p99 before and during: " + table);
        assertTrue(table.contains(">1,234<"), "the sends the clients retried during the fault: " + table);
        assertTrue(page.contains("retried sends"), "and per snapshot, beside the failed ones");
        assertTrue(table.contains("<tr class=\"bad\"><td>2: pause follower</td><td>not applied: the broker reported no"
                + " follower of partition 0 of t</td>"), "a fault not applied stands out, with why: " + table);
        assertTrue(page.contains("<figcaption>Around the faults: rates per snapshot</figcaption>"));
        assertTrue(page.contains("<figcaption>Around the faults: p99 per snapshot</figcaption>"));
        assertTrue(page.contains("fault 1: kill kafka-2"), "the fault's window is shaded and named");
        assertTrue(page.contains("→ kafka-3"), "the leader's move is marked");
        assertFalse(page.contains("fault 2: pause"), "a fault not applied has no window");
    }

    @Test
    void textFromTheResultIsEscapedAndThePageNeedsNothingElse() throws IOException {
        String page = Files.readString(HtmlReport.writeFor(result));

        assertTrue(page.contains("&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt; &amp; more"), "driver config shown, escaped");
        assertFalse(page.contains(INJECTED));
        assertFalse(page.toLowerCase().contains("<script"), "no scripts at all");
        assertFalse(page.matches("(?s).*(src|href)=\"(https?:)?//.*"), "no external resources");
    }

    @Test
    void ombResultWithoutOurFieldsGivesAReducedReport() throws IOException {
        Path omb = writeOmbResult(dir.resolve("omb.json"), "Pulsar <3");
        Path html = dir.resolve("omb.html");

        new HtmlReport().write(java.util.List.of(omb), html);

        String page = Files.readString(html);
        assertEquals(6, count(page, "<svg class=\"plot\""));
        assertTrue(page.contains("Pulsar &lt;3"));
        assertTrue(page.contains("OMB RESULT") && page.contains("not verified"));
        assertTrue(page.contains("12.5 ms"), "aggregated e2e p99");
        assertTrue(page.contains("1,234 <small>msg/s</small>"), "publish rate: mean of the series");
        assertTrue(page.contains("reporting interval #"), "no times in OMB files: intervals are numbered");
        assertTrue(page.contains("OMB results do not record it"));
    }

    @Test
    void comparisonNamesEveryRunInTheLegendAndTable() throws IOException {
        Path omb = writeOmbResult(dir.resolve("omb.json"), "Pulsar");
        Path html = dir.resolve("compare.html");
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int exit = ReportMain.run(new String[] {"-o", html.toString(), result.toString(), omb.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertEquals(ExitCode.OK, exit, err.toString(StandardCharsets.UTF_8));
        String page = Files.readString(html);
        String driverName = json.get("driver").asText();
        Matcher legend = Pattern.compile("<div class=\"legend\">(.*?)</div>").matcher(page);
        assertTrue(legend.find());
        assertTrue(legend.group(1).contains(Html.escape(driverName + " · report-test")), legend.group(1));
        assertTrue(legend.group(1).contains("Pulsar · omb-workload"), legend.group(1));
        assertTrue(page.contains("<h2>Comparison</h2>"));
        assertEquals(6 + 10 + 6, count(page, "<svg class=\"plot\""), "6 overlays, our run's 10 charts and OMB's 6");
    }

    @Test
    void failedSendsAreAFailedVerdictEvenWithNothingLost() throws IOException {
        // what a run whose broker refused sends writes: no message "lost" (a failed send is not expected)
        ObjectNode failed = json.deepCopy();
        ObjectNode messages = (ObjectNode) failed.get("messages");
        messages.put("lost", 0).put("sendFailures", 59_000).put("unsent", 12).put("unacknowledged", 3);
        Path file = Files.writeString(dir.resolve("failed.json"), new ObjectMapper().writeValueAsString(failed));
        Path html = dir.resolve("failed.html");

        int exit = ReportMain.run(new String[] {"-o", html.toString(), file.toString()},
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        assertEquals(ExitCode.OK, exit);
        String page = Files.readString(html);
        assertTrue(page.contains("&#10007; failed"), "not a green tick");
        assertTrue(page.contains("59,000 sends failed · 12 never sent · 3 never acknowledged"), page);
    }

    @Test
    void badInputIsOneLineNamingTheFile() throws IOException {
        Path notJson = Files.writeString(dir.resolve("broken.json"), "{\"workload\": ");
        Path notResult = Files.writeString(dir.resolve("other.json"), "{\"hello\": 1}");

        for (Path file : java.util.List.of(notJson, notResult, dir.resolve("missing.json"))) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int exit = ReportMain.run(new String[] {"-o", dir.resolve("r.html").toString(), file.toString()},
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            String message = err.toString(StandardCharsets.UTF_8);
            assertEquals(ExitCode.BAD_INPUT, exit, message);
            assertTrue(message.startsWith("error: " + file), message);
            assertEquals(1, message.strip().lines().count(), message);
        }
        assertFalse(Files.exists(dir.resolve("r.html")));
    }

    @Test
    void percentileLevelsOfTheQuantileMapAreReadInOrder() {
        RunResult run = RunResult.read(result);
        var curve = run.quantiles(Metric.END_TO_END);
        assertEquals(100.0, curve.lastKey());
        assertEquals(json.get("aggregatedEndToEndLatencyMax").asDouble(), curve.lastEntry().getValue());
        assertEquals(json.get("aggregatedEndToEndLatency99pct").asDouble(), run.aggregated(Metric.END_TO_END, Percentile.P99));
    }

    /** The OMB subset of fields only: no intervals, phases, verdicts, environment or latencies from the intended time. */
    private static Path writeOmbResult(Path file, String driver) throws IOException {
        String json = """
                {"workload": "omb-workload", "driver": "%s", "messageSize": 1024, "topics": 1, "partitions": 1,
                 "producersPerTopic": 1, "consumersPerTopic": 1,
                 "publishRate": [1200.0, 1268.0], "consumeRate": [1200.0, 1260.0], "backlog": [0, 8],
                 "publishLatency50pct": [2.0, 2.5], "publishLatency99pct": [8.0, 9.0], "publishLatency999pct": [9.0, 10.0],
                 "publishLatencyMax": [10.0, 11.0],
                 "endToEndLatency50pct": [3.0, 3.5], "endToEndLatency99pct": [12.0, 13.0], "endToEndLatency999pct": [19.0, 20.0],
                 "endToEndLatencyMax": [24.0, 25.0],
                 "aggregatedPublishLatency99pct": 8.5, "aggregatedEndToEndLatency50pct": 3.2,
                 "aggregatedEndToEndLatency99pct": 12.5, "aggregatedEndToEndLatency999pct": 20.0, "aggregatedEndToEndLatencyMax": 25.0,
                 "aggregatedPublishLatencyQuantiles": {"50.0": 2.2, "90.0": 6.0, "99.0": 8.5, "99.9": 10.0, "100.0": 11.0},
                 "aggregatedEndToEndLatencyQuantiles": {"50.0": 3.2, "90.0": 9.0, "99.0": 12.5, "99.9": 20.0, "100.0": 25.0}}
                """.formatted(driver.replace("\"", "\\\""));
        return Files.writeString(file, json);
    }

    private static int count(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }
}
