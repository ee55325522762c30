package io.brokerbench.study;

import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.brokerbench.config.ConfigException;
import io.brokerbench.yaml.FieldException;
import io.brokerbench.yaml.YamlDocument;
import io.brokerbench.yaml.YamlException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A study's {@code study.yaml}: what the study was and measured, how this harness's method differs,
 * the runs (driver file × workload file) with what the paper published for each, the two scales,
 * and which metrics the comparison table shows.
 *
 * @param primaryText   the primary text's file name in the shared studies directory, which every
 *                      figure's {@code quote} is checked against
 * @param measured      what the study measured, and how
 * @param differences   where a run here differs from the paper, with the effect expected
 * @param notReproduced the paper's experiments no run here reproduces, and why
 * @param compare      the table's columns: metric names ({@link StudyMetric}); every paper figure's metric is one
 */
public record StudyManifest(
        @JsonProperty(required = true) String title,
        @JsonProperty(required = true) String source,
        String primaryText,
        @JsonProperty(required = true) String measured,
        List<StudyDifference> differences,
        List<NotReproduced> notReproduced,
        @JsonProperty(required = true) Scales scales,
        @JsonProperty(required = true) List<String> compare,
        @JsonProperty(required = true) List<StudyRun> runs,
        @JacksonInject(YamlDocument.FILE) @JsonIgnore Path file) {

    /** The manifest's file name in each study's directory. */
    public static final String FILE_NAME = "study.yaml";

    public StudyManifest {
        differences = differences == null ? List.of() : List.copyOf(differences);
        notReproduced = notReproduced == null ? List.of() : List.copyOf(notReproduced);
        if (compare.isEmpty()) {
            throw new FieldException("compare", compare, "the list is empty: name at least one metric");
        }
        for (int i = 0; i < compare.size(); i++) {
            if (StudyMetric.named(compare.get(i)).isEmpty()) {
                throw new FieldException("compare[" + i + "]", compare.get(i), "unknown metric (known: " + StudyMetric.names() + ")");
            }
        }
        if (runs.isEmpty()) {
            throw new FieldException("runs", runs, "the list is empty: give at least one run");
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < runs.size(); i++) {
            StudyRun run = runs.get(i);
            if (!seen.add(run.driver() + " " + run.workload())) {
                throw new FieldException("runs[" + i + "]", run.driver() + " × " + run.workload(), "listed twice");
            }
            for (int f = 0; f < run.paper().size(); f++) {
                String metric = run.paper().get(f).metric();
                if (metric != null && !compare.contains(metric)) {
                    throw new FieldException("runs[" + i + "].paper[" + f + "].metric", metric,
                            "not among the compared metrics " + compare);
                }
            }
        }
        for (int d = 0; d < differences.size(); d++) {
            for (int number : differences.get(d).runs() == null ? List.<Integer>of() : differences.get(d).runs()) {
                if (number < 1 || number > runs.size()) {
                    throw new FieldException("differences[" + d + "].runs", number, "no such run (1 to " + runs.size() + ")");
                }
            }
        }
        runs = List.copyOf(runs);
        compare = List.copyOf(compare);
    }

    /** Reads and checks {@code file}; a problem is one line naming the file, the field and the value. */
    public static StudyManifest load(Path file) {
        try {
            return YamlDocument.read(file).bind(StudyManifest.class);
        } catch (YamlException e) {
            throw new ConfigException(e.getMessage(), e);
        }
    }

    /** The compared metrics, in column order. */
    public List<StudyMetric> metrics() {
        return compare.stream().map(name -> StudyMetric.named(name).orElseThrow()).toList();
    }
}
