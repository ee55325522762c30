package io.brokerbench.report.html;

import java.util.ArrayList;
import java.util.List;

/**
 * A logarithmic latency axis in milliseconds, labelled in whichever unit reads best per tick
 * (1 µs, 10 µs, … 1 ms, 10 ms). Distributions of brokers a hundred times apart, and the gap between
 * latency measured from the send and from the intended send, stay visible on it; zero sits at the bottom.
 */
final class LogLatencyAxis implements Axis {

    private final int lowExponent;
    private final int highExponent;
    private final String title;

    private LogLatencyAxis(int lowExponent, int highExponent, String title) {
        this.lowExponent = lowExponent;
        this.highExponent = highExponent;
        this.title = title;
    }

    /** Covers the y values of the series (in ms). */
    static LogLatencyAxis forSeries(List<LineChart.Series> series, String title) {
        double min = Double.NaN;
        double max = Double.NaN;
        for (LineChart.Series s : series) {
            for (LineChart.Point p : s.points()) {
                if (p.y() > 0 && Double.isFinite(p.y())) {
                    min = Double.isNaN(min) ? p.y() : Math.min(min, p.y());
                    max = Double.isNaN(max) ? p.y() : Math.max(max, p.y());
                }
            }
        }
        return covering(min, max, title);
    }

    /** Whole decades covering the positive values in {@code [minPositive, max]} (both in ms). */
    static LogLatencyAxis covering(double minPositive, double max, String title) {
        if (!(minPositive > 0) || !(max > 0)) {
            return new LogLatencyAxis(-3, 0, title);
        }
        // below 1 µs the result files have no resolution
        int low = Math.max(-3, (int) Math.floor(Math.log10(minPositive) + 1e-9));
        int high = (int) Math.ceil(Math.log10(max) - 1e-9);
        return new LogLatencyAxis(low, Math.max(high, low + 1), title);
    }

    @Override
    public double position(double millis) {
        if (!(millis > 0)) {
            return 0;
        }
        return (Math.log10(millis) - lowExponent) / (highExponent - lowExponent);
    }

    @Override
    public List<Tick> ticks() {
        boolean few = highExponent - lowExponent <= 2;
        List<Tick> ticks = new ArrayList<>();
        for (int exponent = lowExponent; exponent <= highExponent; exponent++) {
            double decade = Math.pow(10, exponent);
            ticks.add(new Tick(decade, Numbers.latencyMillis(decade)));
            if (few && exponent < highExponent) {
                ticks.add(new Tick(2 * decade, Numbers.latencyMillis(2 * decade)));
                ticks.add(new Tick(5 * decade, Numbers.latencyMillis(5 * decade)));
            }
        }
        return ticks;
    }

    @Override
    public String title() {
        return title;
    }
}
