package io.brokerbench.run;

import io.brokerbench.worker.ConsumerSpec;
import io.brokerbench.worker.ProducerSpec;
import java.util.ArrayList;
import java.util.List;

/** Which worker creates which producers and consumers. */
final class WorkAssignment {

    private final List<List<ProducerSpec>> producers;
    private final List<List<ConsumerSpec>> consumers;

    private WorkAssignment(List<List<ProducerSpec>> producers, List<List<ConsumerSpec>> consumers) {
        this.producers = producers;
        this.consumers = consumers;
    }

    /** Deals producers and consumers round-robin over the workers (one worker: all of them). */
    static WorkAssignment split(int workers, List<ProducerSpec> producers, List<ConsumerSpec> consumers) {
        List<List<ProducerSpec>> p = new ArrayList<>();
        List<List<ConsumerSpec>> c = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            p.add(new ArrayList<>());
            c.add(new ArrayList<>());
        }
        for (int i = 0; i < producers.size(); i++) {
            p.get(i % workers).add(producers.get(i));
        }
        for (int i = 0; i < consumers.size(); i++) {
            c.get(i % workers).add(consumers.get(i));
        }
        return new WorkAssignment(p, c);
    }

    List<ProducerSpec> producersOf(int worker) {
        return producers.get(worker);
    }

    List<ConsumerSpec> consumersOf(int worker) {
        return consumers.get(worker);
    }
}
