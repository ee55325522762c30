package io.brokerbench.localbroker;

import static org.awaitility.Awaitility.await;

import io.brokerbench.lifecycle.ScratchJanitor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The main class of a JVM that a test kills with SIGKILL: it starts {@code sleep 600} as a broker
 * process from a thread that ends at once, and a janitor for the directory named by its argument;
 * prints {@code ready <sleep pid>} once that thread is gone from the OS, then idles.
 */
public final class TetheringJvm {

    static final String STARTER_THREAD = "brief-starter";

    private TetheringJvm() {
    }

    public static void main(String[] args) throws Exception {
        Path scratch = Path.of(args[0]);
        ScratchJanitor.watch(scratch);
        AtomicReference<BrokerProcess> broker = new AtomicReference<>();
        Thread starter = new Thread(() -> {
            try {
                broker.set(BrokerProcess.start("sleep", List.of("sleep", "600"), scratch, scratch.resolve("sleep.log"),
                        Map.of()));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, STARTER_THREAD);
        starter.start();
        starter.join();
        awaitOsThreadGone();
        System.out.println("ready " + broker.get().pid());
        System.out.flush();
        Thread.sleep(600_000);
    }

    /**
     * {@code join()} returns before the OS thread has exited; the kernel's parent-death signal is
     * sent at that exit, so wait for the thread to leave /proc/self/task (bounded).
     */
    private static void awaitOsThreadGone() {
        await("thread " + STARTER_THREAD + " gone from /proc/self/task").atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(20)).until(() -> !listedAsOsThread(STARTER_THREAD));
    }

    private static boolean listedAsOsThread(String name) throws IOException {
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    if (Files.readString(task.resolve("comm")).strip().equals(name)) {
                        return true;
                    }
                } catch (IOException exited) {
                    // a thread that ended while listed
                }
            }
        }
        return false;
    }
}
