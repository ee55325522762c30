package io.brokerbench.run;

/** What a run tells as it goes; the console prints it, tests may collect it. */
public interface RunListener {

    void note(String message);

    void interval(IntervalPoint point);

    void finished(RunRecord record);
}
