package io.brokerbench.study;

import io.brokerbench.yaml.FieldException;
import java.util.List;

/**
 * One way a run here differs from the paper's: what the paper did, what this harness does instead,
 * and the effect expected on the figures. The comparison table marks the rows it applies to.
 *
 * @param paper  the paper's configuration or method
 * @param here   this harness's
 * @param effect the effect expected on the compared figures (direction and, where known, size), or
 *               why none is expected
 * @param runs   the table's rows (run numbers, from 1) it applies to; absent for every run
 */
public record StudyDifference(String paper, String here, String effect, List<Integer> runs) {

    public StudyDifference {
        runs = runs == null ? null : List.copyOf(runs);
        if (runs != null && runs.isEmpty()) {
            throw new FieldException("runs", runs, "the list is empty: leave it out for every run");
        }
    }

    /** Whether it applies to run {@code number} (from 1). */
    public boolean appliesTo(int number) {
        return runs == null || runs.contains(number);
    }
}
