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
        boolean interrupted = false;
        for (Thread thread : threads) {
            while (true) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    // the stop goes on: a node left running would outlive the run
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
