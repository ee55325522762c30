package io.brokerbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.cli.CompareMain;
import io.brokerbench.compare.ComparedFigure;
import io.brokerbench.compare.ComparedStep;
import io.brokerbench.compare.Comparison;
import io.brokerbench.testing.ComparedRuns;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page of {@code bin/compare}: a row per figure with its values, every run as a dot, the
 * interval and the verdict the console gives, both sides' latency curves overlaid; markup from the
 * files escaped.
 */
class ComparisonReportTest {

    private static final String INJECTED = "<script>alert('pwned')</script>";

    @TempDir
    Path dir;

    private Comparison slowerCandidate() throws IOException {
        Path baseline = ComparedRuns.side(dir, "before", 10_000, 10, INJECTED, Double.NaN);
        Path candidate = ComparedRuns.side(dir, "after", 10_010, 15, INJECTED, Double.NaN);
        return Comparison.of(baseline, candidate, false);
    }

    private static String row(String page, String figure) {
        Matcher m = Pattern.compile("<tr><td>" + Pattern.quote(figure) + "</td>.*?</tr>").matcher(page);
        assertTrue(m.find(), "no row of " + figure);
        return m.group();
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    @Test
    void everyFigureIsARowWithItsValuesEveryRunAsADotTheIntervalAndTheVerdict() throws IOException {
        Comparison comparison = slowerCandidate();
        String page = ComparisonReport.render(List.of(new ComparedStep(null, comparison)), Instant.EPOCH);

        assertEquals(comparison.figures().size(), count(page.substring(page.indexOf("id=\"step-1\""),
                page.indexOf("</table>")), "<tr><td>"), page);
        for (ComparedFigure figure : comparison.figures()) {
            String row = row(page, figure.figure());
            assertTrue(row.contains(Html.numberCell(Numbers.plain(figure.baseline())))
                    && row.contains(Html.numberCell(Numbers.plain(figure.candidate()))), row);
            assertEquals(3, count(row, "fill=\"" + Palette.run(0) + "\" fill-opacity"), "baseline's runs: " + row);
            assertEquals(3, count(row, "fill=\"" + Palette.run(1) + "\" fill-opacity"), "candidate's runs: " + row);
            assertTrue(row.contains(String.format(Locale.ROOT, "95 %% interval: %+.1f %% to %+.1f %%",
                    100 * figure.difference().low(), 100 * figure.difference().high())), row);
            assertTrue(row.contains(">" + Html.escape(figure.verdict()) + "</span>"), row);
        }
        assertTrue(row(page, "endToEndLatency.p99").contains("<span class=\"bad-text\">worse</span>"), page);
        assertTrue(row(page, "publishRate").contains(">no difference measurable</span>"), page);
        assertFalse(page.contains(INJECTED), "markup from a result file must be escaped");
    }

    @Test
    void bothSidesLatencyCurvesAreOverlaidOnlyWhereBothMeasuredTheLatency() throws IOException {
        String page = ComparisonReport.render(List.of(new ComparedStep(null, slowerCandidate())), Instant.EPOCH);

        String charts = page.substring(page.indexOf("<h3>Latency distributions</h3>"));
        assertEquals(1, count(charts, "<figure class=\"chart\">"), "only the end-to-end latency was recorded: " + charts);
        assertTrue(charts.contains("<figcaption>endToEndLatency by percentile</figcaption>"), charts);
        assertEquals(1, count(charts, "<polyline fill=\"none\" stroke=\"" + Palette.run(0) + "\""), charts);
        assertEquals(1, count(charts, "<polyline fill=\"none\" stroke=\"" + Palette.run(1) + "\""), charts);
    }

    @Test
    void oneRunASideHasNoIntervalAndSaysWhy() throws IOException {
        Path baseline = ComparedRuns.side(dir, "before", 10_000, 10, "w", Double.NaN);
        Path candidate = ComparedRuns.side(dir, "after", 10_000, 15, "w", Double.NaN);
        String page = ComparisonReport.render(
                ComparedStep.of(baseline.resolve("r1.json"), candidate, false), Instant.EPOCH);

        String row = row(page, "endToEndLatency.p99");
        assertFalse(row.contains("class=\"interval\""), row);
        assertTrue(row.contains(">no verdict: one run on a side: no interval</span>"), row);
    }

    @Test
    void compareWritesThePageWithHtml() throws IOException {
        Path baseline = ComparedRuns.side(dir, "before", 10_000, 10, "w", Double.NaN);
        Path candidate = ComparedRuns.side(dir, "after", 10_000, 10, "w", Double.NaN);
        Path page = dir.resolve("comparison.html");
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int exit = CompareMain.run(new String[] {baseline.toString(), candidate.toString(), "--html", page.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err);

        assertEquals(0, exit, out.toString(StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("report: " + page.toAbsolutePath()), out.toString());
        assertTrue(Files.readString(page).startsWith("<!DOCTYPE html>") && Files.readString(page).endsWith("</html>\n"));
    }

    @Test
    void aSweepsStepsAreASectionEach() throws IOException {
        Path baseline = ComparedRuns.sweep(dir, "before", "w", new double[] {1000, 2000}, null, new double[] {10, 10});
        Path candidate = ComparedRuns.sweep(dir, "after", "w", new double[] {1000, 2000}, null, new double[] {10, 15});
        String page = ComparisonReport.render(ComparedStep.of(baseline, candidate, false), Instant.EPOCH);

        assertTrue(page.contains("<h2>Step 1: 1,000 msg/s</h2>") && page.contains("<h2>Step 2: 2,000 msg/s</h2>"), page);
        String second = page.substring(page.indexOf("id=\"step-2\""));
        assertTrue(row(second, "endToEndLatency.p99").contains("<span class=\"bad-text\">worse</span>"), second);
        assertFalse(row(page, "endToEndLatency.p99").contains("<span class=\"bad-text\">worse</span>"), page);
    }
}
