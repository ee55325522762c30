package io.brokerbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run whose output directory fills up: a 16 KB tmpfs (four pages) the test mounts (and unmounts) takes
 * the histogram log's first entries and then nothing. The command warns before the run that the space is
 * short, and when the result cannot be written it is saved in the temporary directory instead, said
 * in one line, and the command fails: nothing measured is lost, nothing is reported as written that was not.
 */
class FullDiskIT {

    private static final Pattern SAVED = Pattern.compile("; written to (\\S+\\.json) instead");

    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void aResultThatCannotBeWrittenIsSavedElsewhereAndSaidSo() throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "mounting a tmpfs needs root: skipped");
        Path full = Files.createDirectory(dir.resolve("full"));
        Commands.check("mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", full.toString());
        Path saved = null;
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int exit = Main.run(new String[] {"--drivers", Workloads.inMemoryDriver(dir).toString(),
                    "-o", full.resolve("result.json").toString(), Workloads.write(dir, 1, 1, 1, 3).toString()},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
            String console = out.toString(StandardCharsets.UTF_8);
            String errors = err.toString(StandardCharsets.UTF_8);

            assertTrue(console.contains("MB free where the results go (" + full + "); this command's results need about"),
                    console);
            assertEquals(1, exit, "the result is not where it was asked for: " + errors);
            Matcher where = SAVED.matcher(errors);
            assertTrue(where.find(), errors);
            saved = Path.of(where.group(1));
            assertTrue(errors.contains("error: could not write result " + full.resolve("result.json") + ": No space left on device"),
                    errors);
            JsonNode result = new ObjectMapper().readTree(saved.toFile());
            assertTrue(result.get("complete").asBoolean(), "the whole measurement, saved: " + result);
            assertTrue(result.get("messages").get("sent").asLong() > 0);
            assertTrue(console.contains("  result: " + saved), console);
        } finally {
            Commands.check("umount", full.toString());
            if (saved != null) {
                Files.deleteIfExists(saved);
                Files.deleteIfExists(Path.of(saved.toString().replaceFirst("\\.json$", ".html")));
            }
        }
    }
}
