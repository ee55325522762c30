package io.brokerbench.lifecycle;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs actions each on a thread of its own and waits for all of them: stopping the nodes of a cluster
 * one after the other, the last ones would each wait out their grace period for a quorum already gone.
 */
public final class AllAtOnce {

    private AllAtOnce() {
    }

    /** Runs every action and returns when all have ended; an action that throws does not stop the others. */
    public static void run(String name, List<Runnable> actions) {
        if (actions.size() == 1) {
            actions.get(0).run();
            return;
        }
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < actions.size(); i++) {
            Thread thread = new Thread(actions.get(i), name + "-" + (i + 1));
            thread.setDaemon(true);
            thread.start();
            threads.add(thread);
        }
        threads.forEach(AllAtOnce::joinUninterruptibly);
    }

    /**
     * Waits for {@code thread} to end, an interrupt notwithstanding (kept for the caller): a stop asked
     * of it must finish, or a node is left running or half-faulted.
     */
    public static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
