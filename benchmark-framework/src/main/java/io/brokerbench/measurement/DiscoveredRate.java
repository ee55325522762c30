package io.brokerbench.measurement;

import io.brokerbench.capacity.RateWindow;
import io.brokerbench.capacity.SustainableRate;
import java.util.List;

/**
 * What a max-rate search found, and how: the rate the run then measured at, and every window the
 * search measured, with what it decided after each.
 *
 * @param complete false when the run was stopped during the search: the result is then the bounds
 *     of the windows measured until that moment, not an answer
 * @param probedRate what the probe at full speed published and delivered before the search, msg/s;
 *     NaN without a probe
 */
public record DiscoveredRate(SustainableRate result, List<Window> windows, boolean complete, double probedRate) {

    /** One measured window: what it observed, whether the rate held, and the search's next move. */
    public record Window(RateWindow observed, boolean held, String next) {
    }

    public DiscoveredRate {
        windows = List.copyOf(windows);
    }
}
