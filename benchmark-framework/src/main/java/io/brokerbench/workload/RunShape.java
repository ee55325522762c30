package io.brokerbench.workload;

import io.brokerbench.capacity.SearchObjectives;
import java.time.Duration;
import java.util.List;

/**
 * What kind of run a workload asks for, decided once from its keys ({@link Workload#shape}) so that
 * the run follows one answer instead of asking the keys again at each step. A sweep and
 * {@code --repeat} sit above the shape: they run a workload of some shape several times.
 */
public sealed interface RunShape {

    /** The rate over all producers when the load starts, messages per second; 0: as fast as they can. */
    double startRate();

    /** One rate for a measured phase of fixed length, after a warm-up at that rate; 0: as fast as possible. */
    record Timed(double rate) implements RunShape {
        @Override
        public double startRate() {
            return rate;
        }
    }

    /**
     * OMB's {@code producerRate: 0}: the highest sustainable rate is searched for first (a probe at full
     * speed, then windows), then the run warms up and measures at it.
     *
     * @param startRate where the search starts when it does not probe first
     */
    record Searched(double startRate, Duration window, Duration probe, SearchObjectives objectives) implements RunShape {
    }

    /** The measured phase as a sequence of rate phases (or the steps of a producerStartRate ramp). */
    record Phased(List<RatePhase> phases) implements RunShape {
        public Phased {
            if (phases.isEmpty()) {
                throw new IllegalArgumentException("a phased run needs at least one phase");
            }
            phases = List.copyOf(phases);
        }

        @Override
        public double startRate() {
            return phases.get(0).steps().get(0).rate();
        }
    }

    /**
     * No producers: consumers read what existing topics hold, no warm-up; the measured phase ends once
     * nothing has arrived for the drain timeout, or at {@code limit}.
     */
    record ConsumerOnly(Duration limit) implements RunShape {
        @Override
        public double startRate() {
            return 0;
        }
    }

    /** A fixed number of messages over all producers, no warm-up; the measured phase ends when all are published. */
    record CountBounded(long messages, double rate) implements RunShape {
        @Override
        public double startRate() {
            return rate;
        }
    }
}
