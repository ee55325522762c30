package io.brokerbench.it.kafka;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.localbroker.FreePorts;
import io.brokerbench.worker.DriverException;
import io.brokerbench.worker.DriverSetup;
import io.brokerbench.worker.LocalWorker;
import io.openmessaging.benchmark.driver.kafka.KafkaBenchmarkDriver;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A worker whose Kafka driver cannot reach its cluster closes the driver: no admin client thread stays behind. */
class KafkaSetupFailureIT {

    private static final String ADMIN_THREAD = "kafka-admin-client-thread";

    @Test
    @Timeout(120)
    void aDriverThatCannotReachKafkaIsClosedByTheWorker() throws Exception {
        String nobody = "127.0.0.1:" + FreePorts.next();
        DriverSetup setup = new DriverSetup("Kafka", KafkaBenchmarkDriver.class.getName(),
                "name: Kafka\ndriverClass: " + KafkaBenchmarkDriver.class.getName()
                        + "\nreplicationFactor: 1\ncommonConfig: |\n  bootstrap.servers=" + nobody + "\n", "kafka.yaml");
        LocalWorker worker = new LocalWorker();
        DriverException failure = assertThrows(DriverException.class, () -> worker.initializeDriver(setup));
        assertTrue(failure.getMessage().contains("cannot reach Kafka at bootstrap.servers=" + nobody), failure.getMessage());
        assertTrue(failure.getMessage().contains("(from kafka.yaml)"), "the user's file, not the scratch copy: "
                + failure.getMessage());

        // the worker itself is not closed: the failed setup alone must have closed the driver
        await("no admin client thread left").atMost(Duration.ofSeconds(60)).until(() -> adminThreads().isEmpty());
        worker.close();
    }

    private static List<String> adminThreads() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(name -> name.startsWith(ADMIN_THREAD)).toList();
    }
}
