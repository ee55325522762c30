package io.brokerbench.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.capacity.SearchProgress;
import io.brokerbench.measurement.IntervalPoint;
import io.brokerbench.testing.ManualClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressLineTest {

    private static final long SECOND = 1_000_000_000L;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream console = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private final ManualClock clock = new ManualClock(5 * SECOND);

    private ProgressLine line(ProgressMode mode) {
        return new ProgressLine(console, mode, clock, 200);
    }

    private String written() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void onATerminalTheLineIsRedrawnInPlaceAndClearedBeforeOtherOutput() {
        ProgressLine line = line(ProgressMode.TERMINAL);
        PrintStream out = line.guard(console);
        try (ProgressTask runs = line.steps("run", 3)) {
            runs.at(1, "");
            String first = "progress: 0s elapsed, ? left | run 1 of 3";
            assertEquals("\r" + first, written());
            clock.advance(10 * SECOND);
            out.println("[measure   10.0s] pub 1,000 msg/s");
            String second = "progress: 10s elapsed, ? left | run 1 of 3";
            assertEquals("\r" + first + "\r" + " ".repeat(first.length()) + "\r[measure   10.0s] pub 1,000 msg/s"
                    + System.lineSeparator() + "\r" + second, written());
        }
        assertEquals(List.of("[measure   10.0s] pub 1,000 msg/s"), TerminalScreen.lines(written()),
                "closed, the activity leaves no line behind");
        assertTrue(written().endsWith("\r"), "the cursor is back at the line's start: " + written());
    }

    @Test
    void otherLinesStayWholeAndTheProgressLineIsAlwaysLast() {
        ProgressLine line = line(ProgressMode.TERMINAL);
        PrintStream out = line.guard(console);
        PrintStream err = line.guard(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try (ProgressTask runs = line.steps("run", 2)) {
            runs.at(1, "");
            out.println("=== workload (run 1 of 2)");
            out.printf("  %s%n", "consumers ready");
            clock.advance(60 * SECOND);
            runs.at(2, "");
            err.println("error: could not write report x.html");
            out.print("  partial ");
            runs.at(2, "(still)");
            assertEquals(List.of("=== workload (run 1 of 2)", "  consumers ready", "error: could not write report x.html",
                    "  partial"), TerminalScreen.lines(written()), "no line drawn in the middle of another's line");
            out.println("line, finished");
            assertEquals(List.of("=== workload (run 1 of 2)", "  consumers ready", "error: could not write report x.html",
                    "  partial line, finished", "progress: 1m00s elapsed, ~1m00s left | run 2 of 2 (still)"),
                    TerminalScreen.lines(written()));
        }
    }

    @Test
    void aShorterLineLeavesNothingOfALongerOneBehind() {
        ProgressLine line = line(ProgressMode.TERMINAL);
        try (ProgressTask steps = line.steps("sweep step", 2)) {
            steps.at(1, "(1,000,000 msg/s)");
            steps.at(2, "(5 msg/s)");
        }
        try (ProgressTask steps = line.steps("sweep step", 2)) {
            steps.at(1, "(1,000,000 msg/s)");
            steps.at(2, "(5 msg/s)");
            assertEquals(List.of("progress: 0s elapsed, ? left | sweep step 2 of 2 (5 msg/s)"), TerminalScreen.lines(written()));
        }
    }

    @Test
    void aLineWiderThanTheTerminalIsCutKeepingItsTimesFirst() {
        ProgressLine line = new ProgressLine(console, ProgressMode.TERMINAL, clock, 40);
        try (ProgressTask runs = line.steps("run with a very long name indeed", 3)) {
            runs.at(1, "");
            String shown = TerminalScreen.lines(written()).get(0);
            assertEquals(39, shown.length(), shown);
            assertEquals("progress: 0s elapsed, ? left | run w...", shown);
        }
    }

    @Test
    void elsewhereEachStepIsAPlainLineAndOtherOutputPassesUnchanged() {
        ProgressLine line = line(ProgressMode.PLAIN);
        PrintStream out = line.guard(console);
        try (ProgressTask steps = line.steps("sweep step", 2)) {
            steps.at(1, "(1,000 msg/s)");
            out.println("[measure   10.0s] µs");
            clock.advance(90 * SECOND);
            steps.at(2, "(2,000 msg/s)");
        }
        String n = System.lineSeparator();
        assertEquals("progress: 0s elapsed, ? left | sweep step 1 of 2 (1,000 msg/s)" + n + "[measure   10.0s] µs" + n
                + "progress: 1m30s elapsed, ~1m30s left | sweep step 2 of 2 (2,000 msg/s)" + n, written());
    }

    @Test
    void offShowsNothingAndLeavesOutputAlone() {
        ProgressLine line = line(ProgressMode.OFF);
        PrintStream out = line.guard(console);
        try (ProgressTask runs = line.steps("run", 2)) {
            runs.at(1, "");
            out.print("a");
            out.println('b');
            out.format(Locale.ROOT, "%,d%n", 1000);
            out.write('c');
            out.append("d\n");
        }
        String n = System.lineSeparator();
        assertEquals("ab" + n + "1,000" + n + "cd\n", written());
    }

    @Test
    void whatIsLeftIsTheAverageStepTimesTheStepsLeftLessTheCurrentStepsTimeSoFar() {
        ProgressLine line = line(ProgressMode.OFF);
        try (ProgressTask runs = line.steps("run", 4)) {
            runs.at(1, "");
            assertEquals("progress: 0s elapsed, ? left | run 1 of 4", line.text(), "no step done: no basis");
            clock.advance(60 * SECOND);
            runs.at(2, "");
            assertEquals("progress: 1m00s elapsed, ~3m00s left | run 2 of 4", line.text());
            clock.advance(20 * SECOND);
            assertEquals("progress: 1m20s elapsed, ~2m40s left | run 2 of 4", line.text());
            clock.advance(100 * SECOND);
            assertEquals("progress: 3m00s elapsed, ~2m00s left | run 2 of 4", line.text(),
                    "a step over its average: the steps after it are still to come");
            runs.at(4, "");
            clock.advance(59_600_000_000L);
            assertEquals("progress: 4m00s elapsed, <1s left | run 4 of 4", line.text());
            clock.advance(31_400_000_000L);
            assertEquals("progress: 4m31s elapsed, ? left | run 4 of 4", line.text(),
                    "the last step past the average (60 s): no basis for what is left of it");
        }
    }

    @Test
    void aStepOfSeveralUnitsCountsEachUnit() {
        ProgressLine line = line(ProgressMode.OFF);
        try (ProgressTask study = line.steps("study runs", 10)) {
            study.at(1, 4, "(on kafka-local.yaml)");
            clock.advance(400 * SECOND);
            study.at(5, 6, "(on pulsar-local.yaml)");
            // 100 s per run: 2 now under way, 4 after them
            assertEquals("progress: 6m40s elapsed, ~10m00s left | study runs 5-6 of 10 (on pulsar-local.yaml)", line.text());
        }
    }

    @Test
    void aSweepsSearchForItsMaximumIsNoStepsTime() {
        ProgressLine line = line(ProgressMode.OFF);
        try (ProgressTask steps = line.steps("sweep step", 3)) {
            steps.at(0, "(searching for the maximum rate)");
            assertEquals("progress: 0s elapsed, ? left | sweep step 0 of 3 (searching for the maximum rate)", line.text());
            clock.advance(300 * SECOND);
            steps.at(1, "");
            clock.advance(60 * SECOND);
            steps.at(2, "");
            assertEquals("progress: 6m00s elapsed, ~2m00s left | sweep step 2 of 3", line.text());
        }
    }

    @Test
    void aSearchInsideRun2OfARepeatIsShownWithinItAndTheRunsGiveTheEstimate() {
        ProgressLine line = line(ProgressMode.TERMINAL);
        try (ProgressTask runs = line.steps("run", 3)) {
            runs.at(1, "");
            clock.advance(100 * SECOND);
            runs.at(2, "");
            try (RateSearchProgress search = new RateSearchProgress(line)) {
                search.window(new SearchProgress(1, 40, 0, Double.POSITIVE_INFINITY));
                assertEquals("progress: 1m40s elapsed, ~3m20s left | run 2 of 3 > search window 1 (at most 40)", line.text());
                clock.advance(30 * SECOND);
                search.window(new SearchProgress(7, 40, 12_500, 25_000));
                assertEquals("progress: 2m10s elapsed, ~2m50s left | run 2 of 3 > search window 7 (at most 40)"
                        + " [12,500, 25,000] msg/s", line.text());
                search.interval(IntervalPoint.Phase.SEARCH);
                assertTrue(line.text().contains("search window 7"));
                search.interval(IntervalPoint.Phase.MEASURE);
                assertEquals("progress: 2m10s elapsed, ~2m50s left | run 2 of 3", line.text(), "the search is over");
            }
            assertEquals(List.of("progress: 2m10s elapsed, ~2m50s left | run 2 of 3"), TerminalScreen.lines(written()));
        }
    }

    @Test
    void anInnerActivitysEstimateStandsForTheOuterStepsBeforeAnyIsDone() {
        ProgressLine line = line(ProgressMode.OFF);
        try (ProgressTask steps = line.steps("sweep step", 2)) {
            steps.at(1, "");
            try (ProgressTask runs = line.steps("run", 2)) {
                runs.at(1, "");
                clock.advance(50 * SECOND);
                runs.at(2, "");
                // the step's run 2 takes ~50 s more, so the step ~100 s, and step 2 as long again
                assertEquals("progress: 50s elapsed, ~2m30s left | sweep step 1 of 2 > run 2 of 2", line.text());
            }
        }
    }

    @Test
    void anActivityJoinsTheLineOfTheStreamItIsGiven() {
        ProgressLine study = line(ProgressMode.TERMINAL);
        PrintStream out = study.guard(console);
        assertSame(study, ProgressLine.around(out));
        assertSame(out, study.guard(out), "guarding twice changes nothing");
        ProgressLine alone = ProgressLine.around(console);
        assertEquals(ProgressMode.PLAIN, alone.mode(), "a stream not known to be a terminal gets plain lines");
        assertEquals(ProgressMode.OFF, ProgressLine.around(ProgressLine.off(out).guard(out)).mode());
    }

    @Test
    void stepsOutsideTheActivityAreRejected() {
        ProgressLine line = line(ProgressMode.OFF);
        try (ProgressTask runs = line.steps("run", 3)) {
            assertThrows(IllegalArgumentException.class, () -> runs.at(4, ""));
            assertThrows(IllegalArgumentException.class, () -> runs.at(3, 2, ""));
            assertThrows(IllegalArgumentException.class, () -> runs.at(-1, ""));
        }
        assertThrows(IllegalArgumentException.class, () -> line.steps("run", 0));
    }

    @Test
    void aClosedActivityNoLongerShows() {
        ProgressLine line = line(ProgressMode.PLAIN);
        ProgressTask runs = line.steps("run", 3);
        runs.close();
        runs.close();
        runs.at(2, "");
        assertEquals("", written());
    }

    @Test
    void theTerminalIsOnlyTrustedWithAConsoleAndWithoutCi() {
        assertEquals(ProgressMode.TERMINAL, ProgressMode.detect(true, Map.of()));
        assertEquals(ProgressMode.PLAIN, ProgressMode.detect(true, Map.of("CI", "true")));
        assertEquals(ProgressMode.PLAIN, ProgressMode.detect(false, Map.of()));
    }

    @Test
    void durationsReadAsPeopleSayThem() {
        assertEquals("0s", ElapsedTime.format(0));
        assertEquals("45s", ElapsedTime.format(45 * SECOND));
        assertEquals("4m05s", ElapsedTime.format(245 * SECOND));
        assertEquals("2h07m", ElapsedTime.format((2 * 3600 + 7 * 60 + 30) * SECOND));
        assertFalse(ElapsedTime.format(-SECOND).startsWith("-"));
    }

    @Test
    void aSearchsBracketShowsWhatItHasNarrowedTheRateTo() {
        assertEquals("", RateSearchProgress.bracket(new SearchProgress(1, 40, 0,
                Double.POSITIVE_INFINITY)));
        assertEquals("[8,000, ?] msg/s", RateSearchProgress.bracket(new SearchProgress(4, 40,
                8_000, Double.POSITIVE_INFINITY)));
        assertEquals("[0, 500] msg/s", RateSearchProgress.bracket(new SearchProgress(3, 40, 0, 500)));
    }
}
