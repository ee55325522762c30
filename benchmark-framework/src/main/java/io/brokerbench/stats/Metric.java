package io.brokerbench.stats;

/**
 * The latencies the harness measures. All are recorded in microseconds; {@link #resultUnit} is the
 * unit OMB's result files use for the metric (so OMB's charts read ours), and the new metrics follow
 * their OMB counterpart.
 *
 * <p>Times: t_i intended send (rate schedule), t_s actual send, t_a acknowledgement, t_r receive.
 */
public enum Metric {
    /** t_a − t_s: OMB's publish latency. */
    PUBLISH_LATENCY("publishLatency", ResultUnit.MILLISECONDS),
    /** t_s − t_i: OMB's publish delay, how far behind its schedule the load generator sent. */
    PUBLISH_DELAY("publishDelayLatency", ResultUnit.MICROSECONDS),
    /** t_r − t_s: end-to-end latency (OMB measures it from a millisecond timestamp; this is to the µs). */
    END_TO_END("endToEndLatency", ResultUnit.MILLISECONDS),
    /** t_a − t_i: publish latency as a client waiting on the schedule sees it, free of coordinated omission. */
    PUBLISH_LATENCY_FROM_INTENDED("publishLatencyFromIntended", ResultUnit.MILLISECONDS),
    /** t_r − t_i: end-to-end latency free of coordinated omission. */
    END_TO_END_FROM_INTENDED("endToEndLatencyFromIntended", ResultUnit.MILLISECONDS);

    private final String resultName;
    private final ResultUnit resultUnit;

    Metric(String resultName, ResultUnit resultUnit) {
        this.resultName = resultName;
        this.resultUnit = resultUnit;
    }

    /** The prefix of the metric's fields in result files, e.g. publishLatency50pct. */
    public String resultName() {
        return resultName;
    }

    /** The metric whose result-file prefix is {@code name} ("endToEndLatency"); null for none. */
    public static Metric ofResultName(String name) {
        for (Metric metric : values()) {
            if (metric.resultName.equals(name)) {
                return metric;
            }
        }
        return null;
    }

    public ResultUnit resultUnit() {
        return resultUnit;
    }

    /** How a microsecond value is written into a result file. */
    public enum ResultUnit {
        MILLISECONDS("ms"),
        MICROSECONDS("us");

        private final String symbol;

        ResultUnit(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }
}
