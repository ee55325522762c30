package io.brokerbench.study;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.yaml.FieldException;
import java.util.List;
import java.util.Locale;

/**
 * One number a study published, exactly as it published it: {@code value} (or the range
 * {@code value}–{@code upTo}) in {@code unit}, {@code approximate} when the source wrote "~", and a
 * {@code label} when the source gave several for one run (e.g. the figures of two tools).
 *
 * @param metric        the metric here it is compared with; absent when this harness measures
 *                      nothing comparable, and then {@code notCompared} says why
 * @param source        where in the primary text: the table or section, and the row or line
 * @param quote         the line or table cell it comes from, verbatim (checked against the primary text)
 * @param configuration what it was measured under (sizes, rates, counts, settings, hardware)
 */
public record PaperFigure(
        String metric,
        @JsonProperty(required = true) double value,
        Double upTo,
        @JsonProperty(required = true) String unit,
        boolean approximate,
        String label,
        String source,
        String quote,
        String configuration,
        String notCompared) {

    /** The units the five studies wrote their figures in. */
    static final List<String> UNITS = List.of("msg/s", "MB/s", "MiB/s", "GB/s", "Mbit/s", "us", "ms", "s", "min",
            "MB", "MiB", "GB", "%", "cores");

    public PaperFigure {
        if (metric == null) {
            if (notCompared == null || notCompared.isBlank()) {
                throw new FieldException("notCompared", notCompared, "a figure without a metric says why it is not compared");
            }
        } else if (StudyMetric.named(metric).isEmpty()) {
            throw new FieldException("metric", metric, "unknown metric (known: " + StudyMetric.names() + ")");
        }
        if (!UNITS.contains(unit)) {
            throw new FieldException("unit", unit, "expected one of " + UNITS);
        }
        if (upTo != null && upTo < value) {
            throw new FieldException("upTo", upTo, "a range ends above its start, " + value);
        }
    }

    /** As the source wrote it, e.g. {@code ~1.85 s} or {@code 35–129 ms (SBK)}. */
    public String text() {
        String number = plain(value) + (upTo == null ? "" : "–" + plain(upTo));
        return (approximate ? "~" : "") + number + " " + unit + (label == null ? "" : " (" + label + ")");
    }

    private static String plain(double number) {
        return number == Math.rint(number) && Math.abs(number) < 1e15
                ? String.format(Locale.ROOT, "%,d", (long) number)
                : String.format(Locale.ROOT, "%,.3f", number).replaceAll("0+$", "");
    }
}
