package io.brokerbench.run;

import io.brokerbench.measurement.IntervalPoint.Phase;
import io.brokerbench.measurement.RunRecord;
import io.brokerbench.workload.RatePhase;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The measured phase of a workload with rate phases: each phase in turn, each step of a ramp at its
 * own rate, interval by interval; every phase summed up on its own in the record, with the index of the
 * rate change that began it, by which its messages are told apart when the run is judged.
 */
final class PhasedLoad {

    private final LoadRate rate;
    private final RunMeter meter;
    private final IntervalLoop intervals;
    private final RunListener listener;
    private final RunRecord record;

    PhasedLoad(LoadRate rate, RunMeter meter, IntervalLoop intervals, RunListener listener, RunRecord record) {
        this.rate = rate;
        this.meter = meter;
        this.intervals = intervals;
        this.listener = listener;
        this.record = record;
    }

    void run(List<RatePhase> phases) throws InterruptedException {
        for (int p = 0; p < phases.size(); p++) {
            RatePhase phase = phases.get(p);
            List<RatePhase.Step> steps = phase.steps();
            listener.note(String.format(Locale.ROOT, "phase %d of %d, %s: %d s", p + 1, phases.size(), phase.name(),
                    phase.durationSeconds()));
            meter.ratePhaseStarts(phase.name());
            int firstChange = rate.changes();
            for (RatePhase.Step step : steps) {
                rate.set(step.rate());
                intervals.run(Phase.MEASURE, Duration.ofSeconds(step.seconds()), () -> true);
            }
            record.addRatePhase(meter.ratePhaseEnds(steps.get(0).rate(), steps.get(steps.size() - 1).rate(), firstChange));
        }
    }
}
