package io.brokerbench.config;

import java.util.Collection;
import java.util.Locale;

/** Suggests the known name closest to a misspelled one, by edit distance. */
public final class DidYouMean {

    private DidYouMean() {
    }

    /** {@code " (did you mean 'x'?)"}, or an empty string when nothing is close enough to help. */
    public static String suggestion(String typed, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int d = distance(typed.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        // a third of the name lets through swapped/missing letters without suggesting unrelated keys
        int limit = Math.max(2, typed.length() / 3);
        return best != null && bestDistance <= limit ? " (did you mean '" + best + "'?)" : "";
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
