package io.brokerbench.lifecycle;

import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One JVM shutdown hook that runs its actions in order: {@link Stage#STOP_RUNS}, {@link
 * Stage#WRITE_SUMMARIES}, then {@link Stage#STOP_BROKERS}. The JVM starts all of its own hooks at
 * once; a benchmark interrupted with Ctrl-C must first stop its load and write what it measured,
 * then what sums up several runs (a study's comparison) is written from those results, and only
 * then may the local broker it started be killed.
 */
public final class ShutdownSequence {

    private static final Logger LOG = LoggerFactory.getLogger(ShutdownSequence.class);

    /** When an action runs. */
    public enum Stage {
        STOP_RUNS,
        WRITE_SUMMARIES,
        STOP_BROKERS
    }

    private static final List<List<Runnable>> ACTIONS = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    private static boolean hooked;

    private ShutdownSequence() {
    }

    public static synchronized void register(Stage stage, Runnable action) {
        if (!hooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(ShutdownSequence::runAll, "brokerbench-shutdown"));
            hooked = true;
        }
        ACTIONS.get(stage.ordinal()).add(action);
    }

    public static synchronized void unregister(Runnable action) {
        ACTIONS.forEach(list -> list.remove(action));
    }

    private static void runAll() {
        List<List<Runnable>> snapshot;
        synchronized (ShutdownSequence.class) {
            snapshot = ACTIONS.stream().map(List::copyOf).toList();
        }
        for (Stage stage : Stage.values()) {
            List<Runnable> actions = snapshot.get(stage.ordinal()).stream().map(ShutdownSequence::logged).toList();
            if (stage == Stage.STOP_BROKERS) {
                // every node of a cluster at once (AllAtOnce says why)
                AllAtOnce.run("brokerbench-stop-broker", actions);
            } else {
                actions.forEach(Runnable::run);
            }
        }
    }

    private static Runnable logged(Runnable action) {
        return () -> {
            try {
                action.run();
            } catch (RuntimeException e) {
                LOG.error("a shutdown action failed", e);
            }
        };
    }
}
