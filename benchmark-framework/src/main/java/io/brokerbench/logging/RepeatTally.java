package io.brokerbench.logging;

import io.brokerbench.driver.support.OneLine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Which kinds of log message have been seen since the last {@link #drain}, and how many repeats of
 * each were held back. A kind is a logger, a severity and the message's shape: the text without
 * leading {@code [client context]} prefixes and with every number masked, because some clients
 * format their messages before logging them ("[Producer clientId=producer-1] Connection to node 1
 * (/127.0.0.1:9092) could not be established") and a dead broker produces that line once a second
 * per client and per node. Safe for any number of logging threads.
 */
public final class RepeatTally {

    /**
     * Kinds remembered at most (give or take a few racing threads); beyond that, new kinds pass
     * uncounted. A library that logs a new text each time (ids in the text, say) must not grow this
     * map for the length of a run.
     */
    static final int MAX_KINDS = 1_000;
    private static final Pattern CONTEXT_PREFIX = Pattern.compile("^(\\[[^\\]{}]*\\]\\s*)+");
    private static final Pattern NUMBER = Pattern.compile("-?\\d+");

    private record Kind(String logger, boolean error, String shape) {
    }

    /** The first message of a kind as it was shown, and how many like it were held back since. */
    private record Seen(String shown, long repeats) {
        Seen repeated() {
            return new Seen(shown, repeats + 1);
        }
    }

    private final Map<Kind, Seen> kinds = new ConcurrentHashMap<>();

    /**
     * Records one warning or error; true when it is the first of its kind since the last {@link
     * #drain} (log it), false when it is a repeat (counted, to be left out).
     */
    public boolean firstOfItsKind(String logger, boolean error, String message) {
        String shown = CONTEXT_PREFIX.matcher(message).replaceFirst("");
        Kind kind = new Kind(logger, error, NUMBER.matcher(shown).replaceAll("#"));
        if (kinds.size() >= MAX_KINDS && !kinds.containsKey(kind)) {
            return true;
        }
        // compute is atomic per key: of several threads logging the first of a kind at once, exactly one sees it new
        Seen seen = kinds.compute(kind, (k, before) -> before == null ? new Seen(shown, 0) : before.repeated());
        return seen.repeats() == 0;
    }

    /**
     * One line per kind that had repeats held back since the last call, most repeated first; then
     * forgets every kind, so the next run shows the first of each again.
     */
    public List<String> drain() {
        List<Map.Entry<Kind, Seen>> drained = new ArrayList<>();
        for (Kind kind : List.copyOf(kinds.keySet())) {
            Seen seen = kinds.remove(kind);
            if (seen != null && seen.repeats() > 0) {
                drained.add(Map.entry(kind, seen));
            }
        }
        drained.sort(Comparator.comparingLong((Map.Entry<Kind, Seen> e) -> e.getValue().repeats()).reversed()
                .thenComparing(e -> e.getKey().logger()).thenComparing(e -> e.getValue().shown()));
        List<String> lines = new ArrayList<>(drained.size());
        for (Map.Entry<Kind, Seen> entry : drained) {
            long repeats = entry.getValue().repeats();
            String noun = entry.getKey().error() ? (repeats == 1 ? "error" : "errors")
                    : (repeats == 1 ? "warning" : "warnings");
            lines.add(String.format("client libraries: %,d more %s like '%s' (%s) suppressed", repeats, noun,
                    OneLine.text(entry.getValue().shown()), entry.getKey().logger()));
        }
        return lines;
    }
}
