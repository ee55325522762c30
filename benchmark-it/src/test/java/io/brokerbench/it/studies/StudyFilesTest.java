package io.brokerbench.it.studies;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerbench.study.RunSelection;
import io.brokerbench.study.ScaleName;
import io.brokerbench.study.StudyCatalog;
import io.brokerbench.study.StudyPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every study's manifest, driver files and workloads are valid at both scales (a driver file's
 * local broker type needs the drivers on the classpath, hence here); nothing runs.
 */
class StudyFilesTest {

    @TempDir
    Path output;

    @Test
    void everyStudyIsValidAtEveryScale() throws IOException {
        StudyCatalog catalog = StudyCatalog.ofProject();
        assertEquals(List.of("1-ingestion", "2-producer-limits", "3-harness-bottleneck", "4-kafka-clients",
                "5-ordered-delivery"), catalog.names());
        for (String study : catalog.names()) {
            for (ScaleName scale : ScaleName.values()) {
                StudyPlan plan = StudyPlan.prepare(catalog, catalog.load(study), scale, null, RunSelection.all(),
                        output.resolve(study + "-" + scale.label()));
                assertEquals(catalog.load(study).runs().size(), plan.runs().size(), study);
            }
        }
    }
}
