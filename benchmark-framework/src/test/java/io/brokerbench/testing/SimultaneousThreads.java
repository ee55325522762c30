package io.brokerbench.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntConsumer;

/** Threads that start their work at the same moment, for tests of code written by several threads at once. */
public final class SimultaneousThreads {

    private SimultaneousThreads() {
    }

    /** Starts {@code count} threads that run {@code work} with their index once all of them are running. */
    public static List<Thread> start(int count, IntConsumer work) {
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < count; t++) {
            int index = t;
            Thread thread = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                work.accept(index);
            }, "simultaneous-" + t);
            threads.add(thread);
            thread.start();
        }
        go.countDown();
        return threads;
    }
}
