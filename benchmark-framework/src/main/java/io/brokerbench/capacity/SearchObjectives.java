package io.brokerbench.capacity;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.brokerbench.yaml.FieldException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a rate must meet, beyond keeping to its schedule with a bounded backlog, for a max-rate
 * search to count it as held: the workload's {@code rateSearchObjectives}. Users ask "how many
 * messages a second while p99 stays under 20 ms?" more often than "how many before the queue grows?";
 * with objectives the search answers the first. Every latency is measured from the intended send
 * time, so a load generator that fell behind cannot make a rate look better than it was. Absent
 * keys set no objective.
 *
 * @param endToEndP99Millis  end-to-end latency from the intended send time, p99 at most this
 * @param endToEndP999Millis the same at p99.9
 * @param publishP99Millis   publish latency (acknowledgement) from the intended send time, p99 at most this
 * @param backlogSeconds     the backlog at the end of a window at most this many seconds of the rate
 * @param noFailedSends      true: a window in which any send failed does not hold
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SearchObjectives(Double endToEndP99Millis, Double endToEndP999Millis, Double publishP99Millis,
                               Double backlogSeconds, Boolean noFailedSends) {

    /** No objective: the search finds the highest rate with a bounded backlog, as without the key. */
    public static final SearchObjectives NONE = new SearchObjectives(null, null, null, null, null);

    public SearchObjectives {
        positive("endToEndP99Millis", endToEndP99Millis);
        positive("endToEndP999Millis", endToEndP999Millis);
        positive("publishP99Millis", publishP99Millis);
        positive("backlogSeconds", backlogSeconds);
    }

    private static void positive(String field, Double value) {
        if (value != null && !(value > 0 && Double.isFinite(value))) {
            throw new FieldException(field, value, "must be a positive number");
        }
    }

    /** Whether any objective is set. */
    @JsonIgnore
    public boolean any() {
        return endToEndP99Millis != null || endToEndP999Millis != null || publishP99Millis != null
                || backlogSeconds != null || Boolean.TRUE.equals(noFailedSends);
    }

    /**
     * The objectives {@code window} broke, each as a short phrase with what was measured (e.g.
     * "end-to-end p99 21.4 ms > 20 ms"); empty when it met all of them. A latency the window has no
     * sample of (NaN) meets its objective: nothing was late.
     */
    public List<String> broken(RateWindow window) {
        List<String> broken = new ArrayList<>();
        latency(broken, "end-to-end p99", window.endToEndP99Millis(), endToEndP99Millis);
        latency(broken, "end-to-end p99.9", window.endToEndP999Millis(), endToEndP999Millis);
        latency(broken, "publish p99", window.publishP99Millis(), publishP99Millis);
        if (backlogSeconds != null && window.targetRate() > 0) {
            double seconds = window.backlogAtEnd() / window.targetRate();
            if (seconds > backlogSeconds) {
                broken.add(String.format(Locale.ROOT, "backlog %.2f s > %s s", seconds, plain(backlogSeconds)));
            }
        }
        if (Boolean.TRUE.equals(noFailedSends) && window.failedSends() > 0) {
            broken.add(String.format(Locale.ROOT, "%,d failed send(s)", window.failedSends()));
        }
        return broken;
    }

    private static void latency(List<String> broken, String name, double measured, Double limit) {
        if (limit != null && measured > limit) {
            broken.add(String.format(Locale.ROOT, "%s %s ms > %s ms", name, millis(measured), plain(limit)));
        }
    }

    /** The objectives as one line for the console, e.g. "end-to-end p99 ≤ 20 ms, no failed sends". */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (endToEndP99Millis != null) {
            parts.add("end-to-end p99 ≤ " + plain(endToEndP99Millis) + " ms");
        }
        if (endToEndP999Millis != null) {
            parts.add("end-to-end p99.9 ≤ " + plain(endToEndP999Millis) + " ms");
        }
        if (publishP99Millis != null) {
            parts.add("publish p99 ≤ " + plain(publishP99Millis) + " ms");
        }
        if (backlogSeconds != null) {
            parts.add("backlog ≤ " + plain(backlogSeconds) + " s");
        }
        if (Boolean.TRUE.equals(noFailedSends)) {
            parts.add("no failed sends");
        }
        return String.join(", ", parts);
    }

    private static String millis(double value) {
        return value >= 100 ? String.format(Locale.ROOT, "%.0f", value)
                : value >= 10 ? String.format(Locale.ROOT, "%.1f", value) : String.format(Locale.ROOT, "%.3f", value);
    }

    private static String plain(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%.0f", value) : Double.toString(value);
    }
}
