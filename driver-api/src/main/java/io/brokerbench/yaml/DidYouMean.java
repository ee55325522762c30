package io.brokerbench.yaml;

import java.util.Collection;
import java.util.Locale;
import org.apache.commons.text.similarity.LevenshteinDistance;

/** Suggests the known name closest to a misspelled one, by edit distance. */
public final class DidYouMean {

    private DidYouMean() {
    }

    /** {@code " (did you mean 'x'?)"}, or an empty string when nothing is close enough to help. */
    public static String suggestion(String typed, Collection<String> known) {
        // a third of the name lets through swapped/missing letters without suggesting unrelated keys
        LevenshteinDistance closeEnough = new LevenshteinDistance(Math.max(2, typed.length() / 3));
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            // -1: farther apart than the threshold
            int d = closeEnough.apply(typed.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (d >= 0 && d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return best == null ? "" : " (did you mean '" + best + "'?)";
    }
}
