package io.brokerbench.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.testing.Results;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunOutcomeTest {

    private static RunOutcome outcome(String... messages) throws Exception {
        List<BenchmarkResult> results = new java.util.ArrayList<>();
        List<Path> files = new java.util.ArrayList<>();
        for (String m : messages) {
            results.add(Results.bind("{\"complete\": true, \"messages\": " + m + "}"));
            files.add(Path.of("r" + files.size() + ".json"));
        }
        return new RunOutcome(null, files, results);
    }

    @Test
    void aRunThatFellBehindSaysSoRatherThanBlamingDelivery() throws Exception {
        RunOutcome behind = outcome("{\"deliveredCleanly\": true}",
                "{\"deliveredCleanly\": false, \"sentDeliveredCleanly\": true, \"unsent\": 1200}");
        assertFalse(behind.succeeded());
        assertEquals("RATE NOT HELD (repetition 2): 1200 messages due never sent; everything sent was delivered",
                behind.status());
    }

    @Test
    void aLostMessageIsADeliveryFailure() throws Exception {
        RunOutcome lost = outcome("{\"deliveredCleanly\": false, \"sentDeliveredCleanly\": false, \"lost\": 3, \"unsent\": 7}");
        assertEquals("FAILED: delivery not clean (lost 3, duplicated 0, reordered 0, unsent 7, failed sends 0)", lost.status());
    }

    @Test
    void aProducerOnlyRunIsJudgedByItsAcknowledgements() throws Exception {
        RunOutcome acknowledged = outcome("{\"allAcknowledged\": true, \"verified\": false}");
        assertTrue(acknowledged.succeeded());
        assertEquals("ok", acknowledged.status());
        RunOutcome short1 = outcome("{\"allAcknowledged\": false, \"verified\": false, \"unacknowledged\": 4}");
        assertFalse(short1.succeeded());
        assertEquals("FAILED: not every message acknowledged (producer-only: unsent 0, failed sends 0, unacknowledged 4)",
                short1.status());
    }
}
