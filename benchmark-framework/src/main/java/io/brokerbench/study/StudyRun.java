package io.brokerbench.study;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * One run of a study: a driver file and a workload file (paths from the project root), workload
 * keys set over the file at each scale on top of the scale's own ({@code smoke}, {@code local}),
 * and what the paper published for this run.
 */
public record StudyRun(
        @JsonProperty(required = true) String driver,
        @JsonProperty(required = true) String workload,
        Map<String, Object> smoke,
        Map<String, Object> local,
        List<PaperFigure> paper) {

    public StudyRun {
        smoke = smoke == null ? Map.of() : smoke;
        local = local == null ? Map.of() : local;
        paper = paper == null ? List.of() : List.copyOf(paper);
    }

    /** This run's own keys at {@code scale}. */
    public Map<String, Object> overrides(ScaleName scale) {
        return scale == ScaleName.SMOKE ? smoke : local;
    }
}
