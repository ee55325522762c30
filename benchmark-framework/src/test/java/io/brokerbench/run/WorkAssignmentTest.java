package io.brokerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.run.WorkAssignment.Layout;
import io.brokerbench.run.WorkAssignment.Role;
import io.brokerbench.worker.ConsumerSpec;
import io.brokerbench.worker.ProducerSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WorkAssignmentTest {

    private static List<ProducerSpec> producers(int n) {
        return IntStream.range(0, n).mapToObj(i -> new ProducerSpec(i, "t")).toList();
    }

    private static List<ConsumerSpec> consumers(int n) {
        return IntStream.range(0, n).mapToObj(i -> new ConsumerSpec("t", "s" + i)).toList();
    }

    @Test
    void splitPutsProducersOnTheFirstHalfAndConsumersOnTheRest() {
        WorkAssignment a = WorkAssignment.of(Layout.SPLIT, false, 4, producers(5), consumers(3));
        assertEquals(List.of(Role.PRODUCER, Role.PRODUCER, Role.CONSUMER, Role.CONSUMER), roles(a, 4));
        assertEquals(3, a.producersOf(0).size());
        assertEquals(2, a.producersOf(1).size());
        assertTrue(a.consumersOf(0).isEmpty() && a.consumersOf(1).isEmpty());
        assertEquals(2, a.consumersOf(2).size());
        assertEquals(1, a.consumersOf(3).size());
        assertTrue(a.producersOf(2).isEmpty() && a.producersOf(3).isEmpty());
    }

    @Test
    void extraConsumersGiveConsumersTwoThirds() {
        WorkAssignment a = WorkAssignment.of(Layout.SPLIT, true, 6, producers(2), consumers(8));
        assertEquals(List.of(Role.PRODUCER, Role.PRODUCER, Role.CONSUMER, Role.CONSUMER, Role.CONSUMER, Role.CONSUMER),
                roles(a, 6));
        assertEquals(1, WorkAssignment.producerWorkers(Layout.SPLIT, true, 2, false, false));
        assertEquals(1, WorkAssignment.producerWorkers(Layout.SPLIT, true, 3, false, false));
        assertEquals(1, WorkAssignment.producerWorkers(Layout.SPLIT, false, 3, false, false));
    }

    @Test
    void everySpecIsAssignedExactlyOnce() {
        for (Layout layout : Layout.values()) {
            for (int workers = 1; workers <= 5; workers++) {
                WorkAssignment a = WorkAssignment.of(layout, workers % 2 == 0, workers, producers(7), consumers(9));
                List<ProducerSpec> p = new ArrayList<>();
                List<ConsumerSpec> c = new ArrayList<>();
                for (int w = 0; w < workers; w++) {
                    p.addAll(a.producersOf(w));
                    c.addAll(a.consumersOf(w));
                }
                assertEquals(7, p.size());
                assertEquals(7, p.stream().distinct().count());
                assertEquals(9, c.size());
                assertEquals(9, c.stream().distinct().count());
            }
        }
    }

    @Test
    void aWorkloadWithOneSideEmptyUsesEveryWorkerForTheOther() {
        WorkAssignment noConsumers = WorkAssignment.of(Layout.SPLIT, false, 3, producers(3), List.of());
        assertEquals(List.of(Role.PRODUCER, Role.PRODUCER, Role.PRODUCER), roles(noConsumers, 3));
        assertEquals(1, noConsumers.producersOf(2).size());
        WorkAssignment noProducers = WorkAssignment.of(Layout.SPLIT, false, 2, List.of(), consumers(2));
        assertEquals(List.of(Role.CONSUMER, Role.CONSUMER), roles(noProducers, 2));
        assertEquals(1, noProducers.consumersOf(0).size());
    }

    @Test
    void mixedAndSingleWorkerDoBoth() {
        WorkAssignment mixed = WorkAssignment.of(Layout.MIXED, false, 2, producers(2), consumers(2));
        assertEquals(List.of(Role.PRODUCER_AND_CONSUMER, Role.PRODUCER_AND_CONSUMER), roles(mixed, 2));
        assertEquals(1, mixed.producersOf(1).size());
        assertEquals(1, mixed.consumersOf(1).size());
        WorkAssignment single = WorkAssignment.of(Layout.SPLIT, false, 1, producers(2), consumers(2));
        assertEquals(List.of(Role.PRODUCER_AND_CONSUMER), roles(single, 1));
    }

    private static List<Role> roles(WorkAssignment a, int workers) {
        return IntStream.range(0, workers).mapToObj(a::roleOf).toList();
    }
}
