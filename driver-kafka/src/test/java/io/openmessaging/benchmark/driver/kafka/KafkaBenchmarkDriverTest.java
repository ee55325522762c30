package io.openmessaging.benchmark.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Driver checks that fail before any broker is contacted. */
class KafkaBenchmarkDriverTest {

    @TempDir
    Path dir;

    @Test
    void transactionalIdWithoutRequestsPerTransactionIsRejected() throws Exception {
        Path file = Files.writeString(dir.resolve("tx.yaml"),
                "commonConfig: bootstrap.servers=127.0.0.1:9\nproducerConfig: |\n  transactional.id=bench\n");
        KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> driver.initialize(file.toFile(), NullStatsLogger.INSTANCE));
        driver.close();
        assertTrue(e.getMessage().startsWith(file + ": field 'producerConfig' sets transactional.id"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void anAbortFractionWithoutTransactionsIsAOneLineError() throws Exception {
        Path file = Files.writeString(dir.resolve("abort.yaml"),
                "commonConfig: bootstrap.servers=127.0.0.1:9\nabortFraction: 0.1\n");
        KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> driver.initialize(file.toFile(), NullStatsLogger.INSTANCE));
        driver.close();
        assertTrue(e.getMessage().contains("abort.yaml") && e.getMessage().contains("abortFraction")
                && e.getMessage().contains("0.1") && e.getMessage().contains("requestsPerTransaction"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void anAbortFractionAboveOneIsAOneLineError() throws Exception {
        Path file = Files.writeString(dir.resolve("abort.yaml"),
                "commonConfig: bootstrap.servers=127.0.0.1:9\nrequestsPerTransaction: 10\nabortFraction: 1.5\n");
        KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> driver.initialize(file.toFile(), NullStatsLogger.INSTANCE));
        driver.close();
        assertTrue(e.getMessage().contains("field 'abortFraction' = 1.5"), e.getMessage());
    }
}
