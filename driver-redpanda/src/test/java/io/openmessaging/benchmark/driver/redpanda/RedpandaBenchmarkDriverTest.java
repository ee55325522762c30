package io.openmessaging.benchmark.driver.redpanda;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Configuration errors that the driver reports before it contacts any broker. */
class RedpandaBenchmarkDriverTest {

    @TempDir
    Path dir;

    @Test
    void requestsPerTransactionMustBeAPositiveWholeNumber() throws Exception {
        // numbers are shown as written, text quoted
        Map<String, String> shown = Map.of("0", "0: must be at least 1", "-3", "-3: must be at least 1",
                "lots", "'lots': expected a whole number, found text",
                "1.5", "1.5: expected a whole number, found a decimal number");
        for (Map.Entry<String, String> bad : shown.entrySet()) {
            String message = error("requestsPerTransaction: " + bad.getKey() + "\n");
            assertTrue(message.contains("field 'requestsPerTransaction' = " + bad.getValue()), message);
        }
    }

    @Test
    void adminUrlMustBeAnHttpUrl() throws Exception {
        String message = error("adminUrl: ftp://127.0.0.1:9644\n");
        assertTrue(message.contains("field 'adminUrl' = 'ftp://127.0.0.1:9644'"), message);
    }

    @Test
    void unknownKeysAreStillRejected() throws Exception {
        String message = error("adminURL: http://127.0.0.1:9644\n");
        assertTrue(message.contains("field 'adminURL' = 'http://127.0.0.1:9644': unknown key"), message);
    }

    private String error(String yaml) throws Exception {
        Path file = Files.writeString(dir.resolve("redpanda.yaml"),
                "commonConfig: bootstrap.servers=127.0.0.1:9\n" + yaml);
        RedpandaBenchmarkDriver driver = new RedpandaBenchmarkDriver();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> driver.initialize(file.toFile(), NullStatsLogger.INSTANCE));
        driver.close();
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        return e.getMessage();
    }
}
