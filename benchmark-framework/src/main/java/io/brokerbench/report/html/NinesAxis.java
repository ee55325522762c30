package io.brokerbench.report.html;

import java.util.ArrayList;
import java.util.List;

/**
 * The percentile axis of latency distribution plots: evenly spaced "nines" (0 %, 90 %, 99 %,
 * 99.9 %, …), i.e. −log10(1 − p), so the tail gets as much room as the body. The 100th percentile
 * (the maximum) has no finite place on that scale; it is drawn three quarters of a decade past the last nine.
 */
final class NinesAxis implements Axis {

    private static final double MAX_GAP = 0.75;

    private final int nines;

    private NinesAxis(int nines) {
        this.nines = nines;
    }

    /** Wide enough for the highest percentile level below 100 in the data. */
    static NinesAxis covering(double highestLevelBelowMax) {
        double decades = nines(highestLevelBelowMax);
        int needed = (int) Math.ceil(decades - 1e-9);
        return new NinesAxis(Math.max(2, Math.min(needed, 7)));
    }

    private static double nines(double level) {
        return -Math.log10(1 - Math.min(level, 99.99999999) / 100.0);
    }

    @Override
    public double position(double level) {
        double extent = nines + MAX_GAP;
        if (level >= 100) {
            return 1;
        }
        return Math.min(nines(Math.max(level, 0)), nines) / extent;
    }

    @Override
    public List<Tick> ticks() {
        List<Tick> ticks = new ArrayList<>();
        ticks.add(new Tick(0, "0%"));
        ticks.add(new Tick(90, "90%"));
        StringBuilder label = new StringBuilder("99");
        for (int i = 2; i <= nines; i++) {
            ticks.add(new Tick(100 - 100 * Math.pow(10, -i), label + "%"));
            label.append(i == 2 ? ".9" : "9");
        }
        ticks.add(new Tick(100, "max"));
        return ticks;
    }

    @Override
    public String title() {
        return "percentile";
    }
}
