package io.brokerbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One in-process benchmark run with a fault, as the fault ITs make it: 1 KB at 1,000 msg/s on one
 * partition, 3 s warm-up and 30 s measured with 5 s intervals, the given entry of {@code faults:}.
 *
 * @param exit the command's exit code
 * @param console what it printed
 * @param result its result file, read
 */
public record FaultRun(int exit, String console, JsonNode result) {

    /** Runs the workload with {@code fault} (one flow-style list entry) against {@code driver}. */
    public static FaultRun of(Path dir, Path driver, String fault) throws IOException {
        Path workload = Files.writeString(dir.resolve("fault.yaml"), """
                name: fault
                topics: 1
                partitionsPerTopic: 1
                messageSize: 1024
                payloadFile: payload/payload-1Kb.data
                subscriptionsPerTopic: 1
                consumerPerSubscription: 1
                producersPerTopic: 1
                producerRate: 1000
                warmupDurationSeconds: 3
                testDurationSeconds: 30
                reportingIntervalSeconds: 5
                faults:
                  - %s
                """.formatted(fault));
        Path result = dir.resolve("result.json");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        int exit = Main.run(new String[] {"--drivers", driver.toString(), workload.toString(), "-o", result.toString()},
                out, out);
        return new FaultRun(exit, console.toString(StandardCharsets.UTF_8), new ObjectMapper().readTree(result.toFile()));
    }

    /** The result's first fault. */
    public JsonNode fault() {
        return result.get("faults").get(0);
    }

    public JsonNode messages() {
        return result.get("messages");
    }
}
