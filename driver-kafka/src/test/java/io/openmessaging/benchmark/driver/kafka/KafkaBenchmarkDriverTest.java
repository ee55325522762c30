package io.openmessaging.benchmark.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.bookkeeper.stats.NullStatsLogger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Driver checks that fail before any broker is contacted: each a one-line error naming the file. */
class KafkaBenchmarkDriverTest {

    @TempDir
    Path dir;

    /** The message of the error initializing a driver from {@code yaml} (bootstrap.servers added) fails with. */
    private String initializeError(String yaml) throws Exception {
        Path file = Files.writeString(dir.resolve("driver.yaml"), "commonConfig: bootstrap.servers=127.0.0.1:9\n" + yaml);
        KafkaBenchmarkDriver driver = new KafkaBenchmarkDriver();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> driver.initialize(file.toFile(), NullStatsLogger.INSTANCE));
        driver.close();
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e.getMessage();
    }

    @Test
    void transactionalIdWithoutRequestsPerTransactionIsRejected() throws Exception {
        String message = initializeError("producerConfig: |\n  transactional.id=bench\n");
        assertTrue(message.contains(": field 'producerConfig' sets transactional.id"), message);
    }

    @Test
    void anAbortFractionWithoutTransactionsIsAnError() throws Exception {
        String message = initializeError("abortFraction: 0.1\n");
        assertTrue(message.contains("abortFraction") && message.contains("0.1") && message.contains("requestsPerTransaction"),
                message);
    }

    @Test
    void anAbortFractionAboveOneIsAnError() throws Exception {
        String message = initializeError("requestsPerTransaction: 10\nabortFraction: 1.5\n");
        assertTrue(message.contains("field 'abortFraction' = 1.5"), message);
    }

    @Test
    void anAcknowledgementModeWithoutShareGroupsIsAnError() throws Exception {
        String message = initializeError("acknowledgementMode: explicit\n");
        assertTrue(message.contains("acknowledgementMode") && message.contains("explicit")
                && message.contains("consumerMode: shareGroup"), message);
    }

    @Test
    void aReleaseFractionNeedsExplicitAcknowledgement() throws Exception {
        String message = initializeError("consumerMode: shareGroup\nreleaseFraction: 0.1\n");
        assertTrue(message.contains("field 'releaseFraction' = 0.1") && message.contains("acknowledgementMode: explicit"),
                message);
    }

    @Test
    void releaseAndRejectFractionsAboveOneTogetherAreAnError() throws Exception {
        String message = initializeError("consumerMode: shareGroup\nacknowledgementMode: explicit\n"
                + "releaseFraction: 0.7\nrejectFraction: 0.5\n");
        assertTrue(message.contains("field 'rejectFraction' = 0.5") && message.contains("at most 1"), message);
    }

    @Test
    void aDeliveryCountLimitOutsideKafkasBoundsIsAnError() throws Exception {
        String message = initializeError("consumerMode: shareGroup\ndeliveryCountLimit: 11\n");
        assertTrue(message.contains("field 'deliveryCountLimit' = 11"), message);
        message = initializeError("deliveryCountLimit: 3\n");
        assertTrue(message.contains("deliveryCountLimit") && message.contains("consumerMode: shareGroup"), message);
    }

    @Test
    void lockAndStallSettingsAreCheckedBeforeAnyBrokerIsAsked() throws Exception {
        String message = initializeError("consumerMode: shareGroup\nrecordLockDurationMs: 500\n");
        assertTrue(message.contains("field 'recordLockDurationMs' = 500"), message);
        message = initializeError("recordLockDurationMs: 2000\n");
        assertTrue(message.contains("recordLockDurationMs") && message.contains("consumerMode: shareGroup"), message);
        message = initializeError("consumerMode: shareGroup\nstallEveryPolls: 10\n");
        assertTrue(message.contains("field 'stallEveryPolls' = 10") && message.contains("needs stallMs"), message);
        message = initializeError("consumerMode: shareGroup\nstallMs: 2000\n");
        assertTrue(message.contains("field 'stallMs' = 2000") && message.contains("needs stallEveryPolls"), message);
        message = initializeError("stallEveryPolls: 10\nstallMs: 2000\n");
        assertTrue(message.contains("stallEveryPolls") && message.contains("consumerMode: shareGroup"), message);
    }

    @Test
    void anUnknownConsumerModeIsAnError() throws Exception {
        String message = initializeError("consumerMode: queue\n");
        assertTrue(message.contains("consumerMode") && message.contains("queue"), message);
    }

    @Test
    void resetDeletesOnlyTopicsARunNamed() {
        assertTrue(KafkaBenchmarkDriver.isLeftover("test-topic-0000003-5bgfuqm", "test-topic"));
        assertTrue(KafkaBenchmarkDriver.isLeftover("test-topic-0000000-Ab_-9xZ", "test-topic"), "OMB's suffixes too");
        // a user's topic named in existingTopicList that happens to share the prefix
        assertFalse(KafkaBenchmarkDriver.isLeftover("test-topic-orders", "test-topic"));
        assertFalse(KafkaBenchmarkDriver.isLeftover("test-topic-0000003-5bgfuqm-copy", "test-topic"));
        assertFalse(KafkaBenchmarkDriver.isLeftover("orders", "test-topic"));
    }
}
