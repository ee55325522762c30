package io.brokerbench.progress;

/** Durations as people read them on a progress line: 45s, 4m05s, 2h07m. */
final class ElapsedTime {

    private ElapsedTime() {
    }

    static String format(long nanos) {
        long seconds = Math.max(0, Math.round(nanos / 1e9));
        if (seconds < 60) {
            return seconds + "s";
        }
        long minutes = seconds / 60;
        if (minutes < 60) {
            return String.format("%dm%02ds", minutes, seconds % 60);
        }
        return String.format("%dh%02dm", minutes / 60, minutes % 60);
    }
}
