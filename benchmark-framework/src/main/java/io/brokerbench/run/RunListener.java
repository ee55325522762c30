package io.brokerbench.run;

import io.brokerbench.capacity.SearchProgress;
import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.RunRecord;
import java.util.List;

/** What a run tells as it goes; the console prints it, tests may collect it. */
public interface RunListener {

    void note(String message);

    void interval(IntervalPoint point);

    void finished(RunRecord record);

    /**
     * The run's topics exist, by these names, and so do its consumers and their subscriptions: a local broker
     * can now say how it placed them.
     */
    default void topicsCreated(List<String> topics) {
    }

    /** A max-rate search is about to measure a window; for a progress display, nothing else needs it. */
    default void searchProgress(SearchProgress progress) {
    }
}
