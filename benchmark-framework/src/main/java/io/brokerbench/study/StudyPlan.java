package io.brokerbench.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.brokerbench.config.ConfigException;
import io.brokerbench.config.DriverConfigCheck;
import io.brokerbench.config.DriverFile;
import io.brokerbench.result.ResultWriter;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A study at one scale, ready to run: every workload file rewritten with the scale's keys into
 * {@code <output>/workloads/} (so what ran can be read and rerun with {@code bin/benchmark}), every
 * file checked before anything starts, and the runs grouped by driver file, so that each driver's
 * local broker starts once.
 */
public final class StudyPlan {

    private static final ObjectMapper YAML = new YAMLMapper();

    private final StudyManifest manifest;
    private final ScaleName scale;
    private final int repetitions;
    private final Map<Path, List<PlannedRun>> byDriver;

    private StudyPlan(StudyManifest manifest, ScaleName scale, int repetitions, Map<Path, List<PlannedRun>> byDriver) {
        this.manifest = manifest;
        this.scale = scale;
        this.repetitions = repetitions;
        this.byDriver = byDriver;
    }

    /**
     * @param repeat {@code --repeat}, or null for the scale's repetitions
     * @param selection the runs to do; the others are neither checked nor written
     * @throws ConfigException if a file is bad (one line naming it)
     */
    public static StudyPlan prepare(StudyCatalog catalog, StudyManifest manifest, ScaleName scale, Integer repeat,
            RunSelection selection, Path output) throws IOException {
        Scale sizes = manifest.scales().of(scale);
        Path workloads = Files.createDirectories(output.resolve("workloads"));
        Map<Path, List<PlannedRun>> byDriver = new LinkedHashMap<>();
        Map<Path, Map<String, Integer>> namesByDriver = new HashMap<>();
        for (int i = 0; i < manifest.runs().size(); i++) {
            StudyRun run = manifest.runs().get(i);
            int number = i + 1;
            if (!selection.includes(number)) {
                continue;
            }
            Path driverPath = catalog.resolve(run.driver());
            DriverFile driver = DriverFile.load(driverPath);
            DriverConfigCheck.check(driver);
            Map<String, Object> keys = new LinkedHashMap<>(sizes.workload());
            keys.putAll(run.overrides(scale));
            Path source = catalog.resolve(run.workload());
            Path scaled = workloads.resolve(String.format("%02d-%s", number, source.getFileName()));
            write(source, keys, scaled);
            Workload workload = WorkloadLoader.load(scaled);
            Integer clash = namesByDriver.computeIfAbsent(driverPath, d -> new HashMap<>()).putIfAbsent(workload.name(), number);
            if (clash != null) {
                throw ConfigException.field(manifest.file(), "runs[" + i + "].workload", run.workload(),
                        "its name '" + workload.name() + "' is run " + clash + "'s too, on the same driver: results would mix");
            }
            byDriver.computeIfAbsent(driverPath, d -> new ArrayList<>())
                    .add(new PlannedRun(number, run, driver.name(), scaled, workload.name()));
        }
        return new StudyPlan(manifest, scale, repeat != null ? repeat : sizes.repetitions(), byDriver);
    }

    /** {@code source} with {@code keys} set over its own, as YAML at {@code target}; a missing or unparsable source is bad input. */
    private static void write(Path source, Map<String, Object> keys, Path target) throws IOException {
        ObjectNode tree;
        try {
            tree = (ObjectNode) YAML.readTree(source.toFile());
        } catch (IOException | ClassCastException e) {
            throw ConfigException.file(source, "not a workload file: " + e.getMessage().lines().findFirst().orElse(""));
        }
        // a key set to null (~) at a scale is removed, as if the file did not have it
        keys.forEach((key, value) -> {
            if (value == null) {
                tree.remove(key);
            } else {
                tree.set(key, YAML.valueToTree(value));
            }
        });
        ResultWriter.writeAtomically(target, YAML.writeValueAsBytes(tree));
    }

    public StudyManifest manifest() {
        return manifest;
    }

    public ScaleName scale() {
        return scale;
    }

    public int repetitions() {
        return repetitions;
    }

    /** The runs by driver file, in the manifest's order of first use. */
    public Map<Path, List<PlannedRun>> byDriver() {
        return byDriver;
    }

    /** Every run, in the manifest's order. */
    public List<PlannedRun> runs() {
        return byDriver.values().stream().flatMap(List::stream)
                .sorted((a, b) -> Integer.compare(a.number(), b.number())).toList();
    }
}
