package io.brokerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FanOutTest {

    @Test
    void everyCallRunsAtOnceAndAnswersComeInTheItemsOrder() {
        List<Integer> items = List.of(1, 2, 3, 4, 5, 6, 7, 8);
        // one call at a time would wait at the barrier forever: it trips only when all eight are in
        CyclicBarrier allAtOnce = new CyclicBarrier(items.size());
        try (FanOut fanOut = new FanOut("test", items.size())) {
            List<Integer> answers = fanOut.gather(items, i -> {
                try {
                    allAtOnce.await(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException("the calls did not all run at once", e);
                }
                return i * 10;
            });
            assertEquals(List.of(10, 20, 30, 40, 50, 60, 70, 80), answers);
        }
    }

    @Test
    void oneItemRunsOnTheCallersThread() {
        try (FanOut fanOut = new FanOut("test", 1)) {
            assertEquals(List.of(Thread.currentThread().getName()),
                    fanOut.gather(List.of("only"), item -> Thread.currentThread().getName()));
        }
    }

    @Test
    void aFailureIsThrownAfterEveryCallEndedTheFirstByItemOrderWithTheOthersSuppressed() {
        AtomicInteger finished = new AtomicInteger();
        Set<String> threads = ConcurrentHashMap.newKeySet();
        try (FanOut fanOut = new FanOut("test", 4)) {
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> fanOut.run(List.of(0, 1, 2, 3), i -> {
                threads.add(Thread.currentThread().getName());
                try {
                    Thread.sleep(i == 3 ? 300 : 10); // the slow one still ends before the caller hears
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                finished.incrementAndGet();
                if (i == 1 || i == 2) {
                    throw new IllegalStateException("worker " + i + " failed");
                }
            }));
            assertEquals(4, finished.get());
            assertEquals("worker 1 failed", thrown.getMessage());
            assertEquals(1, thrown.getSuppressed().length);
            assertEquals("worker 2 failed", thrown.getSuppressed()[0].getMessage());
            assertTrue(threads.stream().allMatch(t -> t.startsWith("test-")), threads.toString());
        }
    }

    @Test
    void checkedFailuresKeepTheirType() {
        IOException failure = new IOException("no route");
        try (FanOut fanOut = new FanOut("test", 2)) {
            IOException thrown = assertThrows(IOException.class, () -> fanOut.runChecked(List.of(1, 2), i -> {
                if (i == 2) {
                    throw failure;
                }
            }));
            assertSame(failure, thrown);
        }
    }
}
