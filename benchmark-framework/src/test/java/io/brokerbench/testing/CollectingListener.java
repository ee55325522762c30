package io.brokerbench.testing;

import io.brokerbench.capacity.SearchProgress;
import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.run.RunListener;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** A run listener for tests: keeps the notes and intervals, and can act on each interval as it comes. */
public final class CollectingListener implements RunListener {

    private final List<String> notes = new CopyOnWriteArrayList<>();
    private final List<IntervalPoint> intervals = new CopyOnWriteArrayList<>();
    private final List<SearchProgress> searchProgress = new CopyOnWriteArrayList<>();
    private volatile Consumer<IntervalPoint> onInterval = point -> { };

    /** Runs {@code action} on the run's thread for every interval, e.g. to request a stop. */
    public void onInterval(Consumer<IntervalPoint> action) {
        onInterval = action;
    }

    public List<String> notes() {
        return notes;
    }

    public List<IntervalPoint> intervals() {
        return intervals;
    }

    /** What a max-rate search reported before each window it measured. */
    public List<SearchProgress> searchProgress() {
        return searchProgress;
    }

    @Override
    public void searchProgress(SearchProgress progress) {
        searchProgress.add(progress);
    }

    @Override
    public void note(String message) {
        notes.add(message);
    }

    @Override
    public void interval(IntervalPoint point) {
        intervals.add(point);
        onInterval.accept(point);
    }

    @Override
    public void finished(RunRecord record) {
        // tests read the returned record
    }
}
