package io.brokerbench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerbench.capacity.Knee;
import io.brokerbench.report.SweepConsole;
import io.brokerbench.result.ResultReader;
import io.brokerbench.result.ResultWriter;
import io.brokerbench.result.SweepMaximum;
import io.brokerbench.result.SweepResult;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.SweepDocument;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A rate sweep's one result: reads back the steps' result files (every run of each), writes the sweep
 * result beside them and prints it.
 */
final class SweepResultFile {

    private SweepResultFile() {
    }

    /**
     * @param steps each step's result files, one per run of the step
     * @param maximum what the steps' percentages are of; null for a sweep of given rates
     */
    static Path write(List<Double> targets, List<List<Path>> steps, SweepMaximum maximum, Path target, PrintStream out)
            throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        List<List<BenchmarkResult>> documents = new ArrayList<>();
        List<List<String>> names = new ArrayList<>();
        for (List<Path> runs : steps) {
            List<BenchmarkResult> stepDocuments = new ArrayList<>();
            List<String> stepNames = new ArrayList<>();
            for (Path run : runs) {
                stepDocuments.add(ResultReader.read(run));
                stepNames.add(run.getFileName().toString());
            }
            documents.add(stepDocuments);
            names.add(stepNames);
        }
        SweepDocument sweep = new SweepResult(mapper, Knee.defaults()).of(targets, names, documents, maximum);
        ResultWriter.writeAtomically(target, mapper.writeValueAsBytes(sweep));
        new SweepConsole(out).print(sweep);
        return target;
    }
}
