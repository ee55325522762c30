package io.brokerbench.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A linear axis whose ends are rounded out to "nice" ticks (1, 2 or 5 × 10ⁿ apart). */
final class LinearAxis implements Axis {

    private static final int TARGET_TICKS = 5;

    private final double low;
    private final double high;
    private final double step;
    private final String title;

    private LinearAxis(double low, double high, double step, String title) {
        this.low = low;
        this.high = high;
        this.step = step;
        this.title = title;
    }

    /** Covers {@code [min, max]}; an empty or degenerate range still gives a usable axis. */
    static LinearAxis covering(double min, double max, String title) {
        if (!Double.isFinite(min) || !Double.isFinite(max)) {
            min = 0;
            max = 1;
        }
        if (max <= min) {
            max = min == 0 ? 1 : min + Math.abs(min) * 0.5;
        }
        double step = niceStep((max - min) / TARGET_TICKS);
        double low = Math.floor(min / step + 1e-9) * step;
        double high = Math.ceil(max / step - 1e-9) * step;
        return new LinearAxis(low, high, step, title);
    }

    private static double niceStep(double rough) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
        double normalised = rough / magnitude;
        double nice = normalised < 1.5 ? 1 : normalised < 3 ? 2 : normalised < 7 ? 5 : 10;
        return nice * magnitude;
    }

    @Override
    public double position(double value) {
        return (value - low) / (high - low);
    }

    @Override
    public List<Tick> ticks() {
        List<Tick> ticks = new ArrayList<>();
        long count = Math.round((high - low) / step);
        for (long i = 0; i <= count; i++) {
            double value = low + i * step;
            ticks.add(new Tick(value, label(value)));
        }
        return ticks;
    }

    /** Large values with k/M suffixes (so 250,000 msg/s reads 250k); decimals only as many as the step needs. */
    private String label(double value) {
        double scale = 1;
        String suffix = "";
        double largest = Math.max(Math.abs(low), Math.abs(high));
        if (largest >= 10_000_000) {
            scale = 1_000_000;
            suffix = "M";
        } else if (largest >= 10_000) {
            scale = 1_000;
            suffix = "k";
        }
        int decimals = (int) Math.max(0, -Math.floor(Math.log10(step / scale) + 1e-9));
        if (Math.abs(value) < step / 2) {
            return "0";
        }
        String number = String.format(Locale.ROOT, "%,." + Math.min(decimals, 6) + "f", value / scale);
        return (number.contains(".") ? number.replaceAll("\\.?0+$", "") : number) + suffix;
    }

    @Override
    public String title() {
        return title;
    }
}
