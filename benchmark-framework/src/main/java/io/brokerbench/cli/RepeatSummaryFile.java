package io.brokerbench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerbench.report.RepeatConsole;
import io.brokerbench.result.RepeatSummary;
import io.brokerbench.result.ResultReader;
import io.brokerbench.result.ResultWriter;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.RepeatSummaryDocument;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code --repeat}: reads back the runs' result files, writes their summary beside them and prints it. */
final class RepeatSummaryFile {

    private RepeatSummaryFile() {
    }

    static Path write(List<Path> results, Path target, PrintStream out) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        List<BenchmarkResult> documents = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Path result : results) {
            documents.add(ResultReader.read(result));
            names.add(result.getFileName().toString());
        }
        RepeatSummaryDocument summary = RepeatSummary.of(names, documents);
        ResultWriter.writeAtomically(target, mapper.writeValueAsBytes(summary));
        new RepeatConsole(out).print(summary);
        return target;
    }
}
