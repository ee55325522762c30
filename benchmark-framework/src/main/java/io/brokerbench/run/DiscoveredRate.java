package io.brokerbench.run;

import io.brokerbench.capacity.RateWindow;
import io.brokerbench.capacity.SustainableRate;
import java.util.List;

/**
 * What a max-rate search found, and how: the rate the run then measured at, and every window the
 * search measured, with what it decided after each.
 */
public record DiscoveredRate(SustainableRate result, List<Window> windows) {

    /** One measured window: what it observed, whether the rate held, and the search's next move. */
    public record Window(RateWindow observed, boolean held, String next) {
    }

    public DiscoveredRate {
        windows = List.copyOf(windows);
    }
}
