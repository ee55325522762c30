package io.brokerbench.worker;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.load.KeyChooser;
import io.brokerbench.load.PacedProducer;
import io.brokerbench.load.PayloadSource;
import io.brokerbench.load.RateSchedule;
import io.brokerbench.time.NanoClock;
import io.brokerbench.workload.KeyDistributorType;
import io.openmessaging.benchmark.driver.BenchmarkProducer;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The load threads' CPU time, which the cost per message of every result is computed from. */
class LoadThreadsTest {

    /** Acknowledges every send, after burning some CPU; throws an Error once {@code sendsBeforeCrash} are done. */
    private static final class BusyProducer implements BenchmarkProducer {
        private final long sendsBeforeCrash;
        private long sends;
        private volatile long sink;

        BusyProducer(long sendsBeforeCrash) {
            this.sendsBeforeCrash = sendsBeforeCrash;
        }

        @Override
        public CompletableFuture<Void> sendAsync(Optional<String> key, byte[] payload) {
            if (++sends > sendsBeforeCrash) {
                throw new NoClassDefFoundError("org/example/client/MissingFromTheDriverJar");
            }
            long x = sink;
            for (int i = 0; i < 2_000; i++) {
                x = x * 31 + i;
            }
            sink = x;
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aThreadThatDiedKeepsTheCpuTimeItUsed() throws Exception {
        NanoClock clock = System::nanoTime;
        LoadThreads load = new LoadThreads(1, 1);
        PacedProducer producer = new PacedProducer(0, "t", new BusyProducer(200_000),
                RateSchedule.of(0, clock.nanoTime(), 0), KeyChooser.of(KeyDistributorType.NO_KEY, 0),
                new PayloadSource(new byte[][] {new byte[64]}, false), true, 1_000, Long.MAX_VALUE, load.statsOf(0), clock);
        load.start(List.of(producer), clock);

        double whileRunning = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (load.failure().isEmpty() && System.nanoTime() < deadline) {
            whileRunning = Math.max(whileRunning, load.cpuSeconds());
            Thread.sleep(5);
        }
        assertTrue(load.failure().isPresent(), "the producer's Error ended the thread");
        load.stop();

        double afterDeath = load.cpuSeconds();
        assertTrue(whileRunning > 0, "the thread used CPU while it ran: " + whileRunning);
        assertTrue(afterDeath >= whileRunning, "the CPU time " + afterDeath + " s after the thread died is below the "
                + whileRunning + " s it had used while it ran");
    }
}
