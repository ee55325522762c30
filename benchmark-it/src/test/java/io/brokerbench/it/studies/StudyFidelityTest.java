package io.brokerbench.it.studies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.study.NotReproduced;
import io.brokerbench.study.PaperFigure;
import io.brokerbench.study.StudyCatalog;
import io.brokerbench.study.StudyDifference;
import io.brokerbench.study.StudyManifest;
import io.brokerbench.study.StudyRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each study is held to its paper: every figure carries where it comes from (a verbatim quote, checked
 * against the primary text by {@code ../shared/studies/check-quotes} in {@code .ci/run}), its unit and
 * the configuration it was measured under; every difference says what the paper did, what is done here
 * and the effect expected; every experiment not reproduced says why; and every conclusion in
 * docs/reproductions.md names the table rows it rests on, as {@code [rows 1, 3]} or {@code [row 2]}.
 */
class StudyFidelityTest {

    /** A conclusion's rows, e.g. {@code [rows 1, 3]}, {@code [rows 2-4]} or {@code [row 2]}. */
    private static final Pattern ROWS = Pattern.compile("\\[rows? ([0-9][0-9, –-]*)]");

    static List<String> studies() {
        return StudyCatalog.ofProject().names();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("studies")
    void everyFigureDifferenceAndOmissionSaysWhereItComesFrom(String study) {
        StudyManifest manifest = StudyCatalog.ofProject().load(study);
        List<String> problems = new ArrayList<>();
        if (blank(manifest.primaryText())) {
            problems.add("primaryText: missing (the primary text's file name in ../shared/studies)");
        }
        for (int r = 0; r < manifest.runs().size(); r++) {
            StudyRun run = manifest.runs().get(r);
            for (int f = 0; f < run.paper().size(); f++) {
                PaperFigure figure = run.paper().get(f);
                String field = "runs[" + r + "].paper[" + f + "]";
                if (blank(figure.source())) {
                    problems.add(field + ".source: missing (the table or section, and the row)");
                }
                if (blank(figure.quote())) {
                    problems.add(field + ".quote: missing (the line or cell, verbatim)");
                }
                if (blank(figure.configuration())) {
                    problems.add(field + ".configuration: missing (what it was measured under)");
                }
            }
        }
        for (int d = 0; d < manifest.differences().size(); d++) {
            StudyDifference difference = manifest.differences().get(d);
            if (blank(difference.paper()) || blank(difference.here()) || blank(difference.effect())) {
                problems.add("differences[" + d + "]: paper, here and effect are each required");
            }
        }
        for (int n = 0; n < manifest.notReproduced().size(); n++) {
            NotReproduced omission = manifest.notReproduced().get(n);
            if (blank(omission.experiment()) || blank(omission.why())) {
                problems.add("notReproduced[" + n + "]: experiment and why are each required");
            }
        }
        assertEquals(List.of(), problems, study + "/study.yaml");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("studies")
    void everyConclusionNamesTheRowsItRestsOn(String study) throws IOException {
        StudyCatalog catalog = StudyCatalog.ofProject();
        int rows = catalog.load(study).runs().size();
        List<String> conclusions = conclusions(Files.readString(catalog.resolve("docs/reproductions.md")), study);
        assertTrue(!conclusions.isEmpty(), "docs/reproductions.md: the section of `" + study
                + "` has no '#### Conclusions' with bullets");
        List<String> problems = new ArrayList<>();
        for (String conclusion : conclusions) {
            Matcher matcher = ROWS.matcher(conclusion);
            if (!matcher.find()) {
                problems.add("names no rows ([rows 1, 3]): " + conclusion.lines().findFirst().orElse(""));
                continue;
            }
            do {
                for (String part : matcher.group(1).split(",")) {
                    for (String number : part.strip().split("[–-]")) {
                        int row = Integer.parseInt(number.strip());
                        if (row < 1 || row > rows) {
                            problems.add("row " + row + " is not in the table (1 to " + rows + "): "
                                    + conclusion.lines().findFirst().orElse(""));
                        }
                    }
                }
            } while (matcher.find());
        }
        assertEquals(List.of(), problems, "docs/reproductions.md, " + study);
    }

    /** The top-level bullets under the study's {@code #### Conclusions}, each with its continuation lines. */
    private static List<String> conclusions(String doc, String study) {
        List<String> bullets = new ArrayList<>();
        boolean inStudy = false;
        boolean inConclusions = false;
        StringBuilder bullet = null;
        for (String line : doc.lines().toList()) {
            if (line.startsWith("## ") || line.startsWith("### ")) {
                inStudy = line.startsWith("### ") && line.contains("(`" + study + "`)");
                inConclusions = false;
            } else if (line.startsWith("#### ")) {
                inConclusions = inStudy && line.strip().equals("#### Conclusions");
            }
            if (bullet != null && (line.startsWith("- ") || line.startsWith("#") || line.isBlank() || !inConclusions)) {
                bullets.add(bullet.toString());
                bullet = null;
            }
            if (inConclusions && line.startsWith("- ")) {
                bullet = new StringBuilder(line);
            } else if (bullet != null) {
                bullet.append('\n').append(line);
            }
        }
        if (bullet != null) {
            bullets.add(bullet.toString());
        }
        return bullets;
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }
}
