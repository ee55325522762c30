package io.brokerbench.run;

import io.brokerbench.worker.ConsumerSpec;
import io.brokerbench.worker.ProducerSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Which worker creates which producers and consumers.
 *
 * <p>{@link Layout#SPLIT} (OMB's way, the default): with two or more workers, producers run on one
 * group of workers and consumers on the other, so a load generator's publishing never competes with
 * its consuming for CPU; half and half, or a third producing with {@code extraConsumers} (OMB's
 * {@code -x}), at least one worker each. A workload with no producers or no consumers gives every
 * worker to the other side. {@link Layout#MIXED}: every worker both produces and consumes.
 * Within a group, producers and consumers are dealt round-robin.
 */
public final class WorkAssignment {

    /** How workers share the roles. */
    public enum Layout {
        SPLIT,
        MIXED
    }

    /** What one worker was given to do, for the result. */
    public enum Role {
        PRODUCER("producer"),
        CONSUMER("consumer"),
        PRODUCER_AND_CONSUMER("producer+consumer");

        private final String label;

        Role(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final List<List<ProducerSpec>> producers;
    private final List<List<ConsumerSpec>> consumers;
    private final List<Role> roles;

    private WorkAssignment(List<List<ProducerSpec>> producers, List<List<ConsumerSpec>> consumers, List<Role> roles) {
        this.producers = producers;
        this.consumers = consumers;
        this.roles = roles;
    }

    public static WorkAssignment of(Layout layout, boolean extraConsumers, int workers, List<ProducerSpec> producers,
            List<ConsumerSpec> consumers) {
        if (workers < 1) {
            throw new IllegalArgumentException("at least one worker is needed, got " + workers);
        }
        int producerWorkers = producerWorkers(layout, extraConsumers, workers, producers.isEmpty(), consumers.isEmpty());
        List<Role> roles = new ArrayList<>();
        int firstConsumer;
        int consumerWorkers;
        if (producerWorkers == workers) {
            // one group does everything: mixed, one worker, or a workload with one side empty
            firstConsumer = 0;
            consumerWorkers = workers;
            Role role = producers.isEmpty() && !consumers.isEmpty() ? Role.CONSUMER
                    : consumers.isEmpty() && !producers.isEmpty() ? Role.PRODUCER : Role.PRODUCER_AND_CONSUMER;
            for (int w = 0; w < workers; w++) {
                roles.add(role);
            }
        } else {
            firstConsumer = producerWorkers;
            consumerWorkers = workers - producerWorkers;
            for (int w = 0; w < workers; w++) {
                roles.add(w < producerWorkers ? Role.PRODUCER : Role.CONSUMER);
            }
        }
        List<List<ProducerSpec>> p = emptyLists(workers);
        List<List<ConsumerSpec>> c = emptyLists(workers);
        for (int i = 0; i < producers.size(); i++) {
            p.get(i % producerWorkers).add(producers.get(i));
        }
        for (int i = 0; i < consumers.size(); i++) {
            c.get(firstConsumer + i % consumerWorkers).add(consumers.get(i));
        }
        return new WorkAssignment(p, c, roles);
    }

    /** How many workers (the first ones) get the producers; all of them when there is only one group. */
    static int producerWorkers(Layout layout, boolean extraConsumers, int workers, boolean noProducers,
            boolean noConsumers) {
        if (layout == Layout.MIXED || workers == 1 || noProducers || noConsumers) {
            return workers;
        }
        int share = extraConsumers ? workers / 3 : workers / 2;
        return Math.max(1, Math.min(workers - 1, share));
    }

    private static <T> List<List<T>> emptyLists(int count) {
        List<List<T>> lists = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            lists.add(new ArrayList<>());
        }
        return lists;
    }

    public List<ProducerSpec> producersOf(int worker) {
        return producers.get(worker);
    }

    public List<ConsumerSpec> consumersOf(int worker) {
        return consumers.get(worker);
    }

    public Role roleOf(int worker) {
        return roles.get(worker);
    }
}
