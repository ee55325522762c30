package io.brokerbench.compare;

import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.stats.Metric;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One run of a side: its result file, the result, and its measured phase's latency histograms from
 * the histogram log beside it (null where the run kept none: an OMB file, an older result).
 */
public record RunOnSide(Path file, BenchmarkResult result, Map<Metric, Histogram> histograms) {
}
