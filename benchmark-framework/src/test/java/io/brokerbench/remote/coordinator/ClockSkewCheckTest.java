package io.brokerbench.remote.coordinator;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.measurement.RunRecord;
import io.brokerbench.run.WorkerEntryAccess;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.workload.WorkloadLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClockSkewCheckTest {

    @Test
    void warnsOnlyWhenTheOffsetMattersNextToTheLatency(@TempDir Path dir) throws Exception {
        RunRecord record = record(dir);
        WorkerEntryAccess.add(record, "http://p:1", "producer", 2_000, 50);
        WorkerEntryAccess.add(record, "http://c:1", "consumer", -1_000, 50);
        // 3000 µs apart, ± 100: large next to a 5 ms median, negligible next to a 100 ms one
        assertTrue(ClockSkewCheck.warning(record, 5_000).orElseThrow().contains("http://p:1"));
        assertFalse(ClockSkewCheck.warning(record, 100_000).isPresent());
    }

    @Test
    void anOffsetWithinTheUncertaintyIsNoWarning(@TempDir Path dir) throws Exception {
        RunRecord record = record(dir);
        WorkerEntryAccess.add(record, "http://p:1", "producer", 300, 2_000);
        WorkerEntryAccess.add(record, "http://c:1", "consumer", 0, 2_000);
        assertFalse(ClockSkewCheck.warning(record, 10).isPresent());
    }

    private static RunRecord record(Path dir) throws Exception {
        Path workload = Files.writeString(dir.resolve("w.yaml"), "name: w\ntopics: 1\npartitionsPerTopic: 1\n"
                + "messageSize: 100\nsubscriptionsPerTopic: 1\nconsumerPerSubscription: 1\nproducersPerTopic: 1\n"
                + "producerRate: 10\ntestDurationSeconds: 1\nuseRandomizedPayloads: true\nrandomizedPayloadPoolSize: 2\n");
        return new RunRecord(WorkloadLoader.load(workload), workload.toString(), new DriverSetup("d", "c", "", "f"),
                Instant.now());
    }
}
