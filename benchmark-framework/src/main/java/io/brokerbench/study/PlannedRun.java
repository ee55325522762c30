package io.brokerbench.study;

import java.nio.file.Path;

/**
 * One run of a study as it will run: its place in the manifest (from 1), its driver's name, and the
 * workload file written at the chosen scale, whose {@code name} identifies its results.
 */
public record PlannedRun(int number, StudyRun run, String driverName, Path workloadFile, String workloadName) {
}
