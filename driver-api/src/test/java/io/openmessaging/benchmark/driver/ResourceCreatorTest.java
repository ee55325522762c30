package io.openmessaging.benchmark.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.openmessaging.benchmark.driver.ResourceCreator.CreationResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ResourceCreatorTest {

    /** Completes a creation future the way OMB's RabbitMQ driver does: a failed one is retried. */
    private static final Function<CompletableFuture<String>, CreationResult<String>> RETRY_FAILED = future -> {
        try {
            return new CreationResult<>(future.join(), true);
        } catch (RuntimeException e) {
            return new CreationResult<>(null, false);
        }
    };

    @Test
    void createsInBatchesOfAtMostTheBatchSizeAndKeepsTheRequestedOrder() {
        List<List<Integer>> batches = new ArrayList<>();
        ResourceCreator<Integer, String> creator = new ResourceCreator<>("producer", 3, 0, batch -> {
            batches.add(batch);
            Map<Integer, CompletableFuture<String>> started = new HashMap<>();
            batch.forEach(n -> started.put(n, CompletableFuture.completedFuture("p" + n)));
            return started;
        }, RETRY_FAILED);

        List<String> created = creator.create(List.of(5, 4, 3, 2, 1, 0, 9)).join();

        assertEquals(List.of("p5", "p4", "p3", "p2", "p1", "p0", "p9"), created);
        assertEquals(List.of(List.of(5, 4, 3), List.of(2, 1, 0), List.of(9)), batches);
    }

    @Test
    void retriesAFailedCreationInALaterBatchAndPutsItsResultInItsPlace() {
        Set<Integer> failedOnce = new HashSet<>();
        List<List<Integer>> batches = new ArrayList<>();
        ResourceCreator<Integer, String> creator = new ResourceCreator<>("consumer", 2, 1, batch -> {
            batches.add(batch);
            Map<Integer, CompletableFuture<String>> started = new HashMap<>();
            for (int n : batch) {
                started.put(n, n == 1 && failedOnce.add(n)
                        ? CompletableFuture.failedFuture(new IllegalStateException("broker busy"))
                        : CompletableFuture.completedFuture("c" + n));
            }
            return started;
        }, RETRY_FAILED);

        List<String> created = creator.create(List.of(0, 1, 2)).join();

        assertEquals(List.of("c0", "c1", "c2"), created);
        assertEquals(List.of(List.of(0, 1), List.of(2, 1)), batches);
    }

    @Test
    void aBatchFunctionThatForgetsAResourceIsAnErrorNotAnEndlessLoop() {
        ResourceCreator<Integer, String> creator = new ResourceCreator<>("producer", 5, 0,
                batch -> Map.of(batch.get(0), CompletableFuture.completedFuture("only one")), RETRY_FAILED);

        IllegalStateException e = assertThrows(IllegalStateException.class, () -> creator.create(List.of(7, 8)));
        assertTrue(e.getMessage().contains("no producer creation was started for 8"), e.getMessage());
    }

    @Test
    void rejectsABatchSizeBelowOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ResourceCreator<Integer, String>("consumer", 0, 0, batch -> Map.of(), RETRY_FAILED));
        assertEquals("consumer creation batch size is 0: must be at least 1", e.getMessage());
    }

    @Test
    void createsNothingForAnEmptyList() {
        ResourceCreator<Integer, String> creator = new ResourceCreator<>("producer", 1, 0, batch -> {
            throw new AssertionError("no batch expected");
        }, RETRY_FAILED);

        assertEquals(List.of(), creator.create(List.of()).join());
    }
}
