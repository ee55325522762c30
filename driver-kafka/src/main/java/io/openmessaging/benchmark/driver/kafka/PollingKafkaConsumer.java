package io.openmessaging.benchmark.driver.kafka;

import io.openmessaging.benchmark.driver.BenchmarkConsumer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Kafka consumer (of a consumer group or a share group) with its own poll thread. Kafka's consumers
 * are not thread-safe, so every call on one, including the last commit and close, happens on that
 * thread; {@link #close()} only wakes it up and waits for it.
 */
abstract class PollingKafkaConsumer implements BenchmarkConsumer, MeteredKafkaClient {

    private static final Logger LOG = LoggerFactory.getLogger(PollingKafkaConsumer.class);
    static final Duration POLL_TIMEOUT = Duration.ofMillis(100);
    /** Beyond the close bound: a poll in progress and a callback handling its records. */
    private static final Duration JOIN_SLACK = Duration.ofSeconds(5);

    private final Thread pollThread;
    private volatile boolean running = true;

    PollingKafkaConsumer(String threadName) {
        this.pollThread = new Thread(this::pollUntilClosed, threadName);
        pollThread.setDaemon(true);
    }

    /** Starts polling; the subclass calls it last in its constructor, once its fields are set. */
    final void start() {
        pollThread.start();
    }

    /** Polls once and hands the records on. Poll thread only. */
    abstract void pollOnce();

    /** Commits what was handed on, within {@code timeout}; called once, after the last poll. Poll thread only. */
    abstract void commitOnClose(Duration timeout);

    /** Closes the Kafka client within {@code timeout}. Poll thread only. */
    abstract void closeClient(Duration timeout);

    /** Waits {@code length} on the poll thread, or less when the consumer is closed meanwhile. */
    final void stall(Duration length) {
        long deadline = System.nanoTime() + length.toNanos();
        long left;
        while (running && (left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(this, left);
        }
    }

    /** Wakes up a poll in progress: the one call Kafka's consumers take from any thread. */
    abstract void wakeup();

    /** The Kafka client's metrics; reading them is safe from any thread. */
    abstract Map<MetricName, ? extends Metric> clientMetrics();

    private void pollUntilClosed() {
        try {
            while (running) {
                pollOnce();
            }
        } catch (WakeupException closing) {
            // close() woke the poll up
        } catch (RuntimeException e) {
            if (running) {
                LOG.error("Kafka consumer thread {} stopped", Thread.currentThread().getName(), e);
            }
        } finally {
            closeOnPollThread();
        }
    }

    /** The final commit and the close share one bound: against a dead broker each would wait it out in full. */
    private void closeOnPollThread() {
        long deadline = System.nanoTime() + KafkaBenchmarkDriver.CLOSE_TIMEOUT.toNanos();
        try {
            try {
                commitOnClose(remaining(deadline));
            } catch (WakeupException wokenBeforeCommit) {
                // close() may wake the consumer while it is not polling; the wakeup is consumed now
                commitOnClose(remaining(deadline));
            }
        } catch (RuntimeException e) {
            LOG.warn("final commit failed", e);
        } finally {
            closeClient(remaining(deadline));
        }
    }

    private static Duration remaining(long deadline) {
        return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
    }

    @Override
    public final Map<MetricName, ? extends Metric> metrics() {
        return running ? clientMetrics() : Map.of();
    }

    @Override
    public final void close() throws InterruptedException {
        if (!running) {
            return;
        }
        running = false;
        wakeup();
        LockSupport.unpark(pollThread);  // a stall in progress
        pollThread.join(KafkaBenchmarkDriver.CLOSE_TIMEOUT.plus(JOIN_SLACK).toMillis());
    }
}
