package io.brokerbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.victools.jsonschema.generator.CustomDefinition;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.module.jackson.JacksonModule;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.brokerbench.result.model.BenchmarkResult;
import io.brokerbench.result.model.RepeatSummaryDocument;
import io.brokerbench.result.model.SweepDocument;
import io.brokerbench.testing.ManualClock;
import io.brokerbench.testing.SimulatedRuns;
import io.brokerbench.testing.SimulatedWorker;
import io.brokerbench.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The result file's JSON Schema, docs/result-schema.json (and the sweep's and the --repeat
 * summary's beside it), is generated from the typed result and kept current by this test: a change
 * to the records that changes a schema fails here until the file is written again on purpose ({@code mvn test -Dtest=ResultSchemaTest -Dschema.update=true},
 * then read the diff). Result files as runs write them, and OMB's, must validate against it.
 */
class ResultSchemaTest {

    private static final Path CHECKED_IN = Path.of("../docs/result-schema.json");
    private static final Path SWEEP_SCHEMA = Path.of("../docs/sweep-schema.json");
    private static final Path REPEAT_SCHEMA = Path.of("../docs/repeat-summary-schema.json");
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static SchemaGenerator generator;
    private static JsonNode generated;
    private static JsonSchema validator;

    @TempDir
    Path dir;

    @BeforeAll
    static void generate() {
        SchemaGeneratorConfigBuilder config = new SchemaGeneratorConfigBuilder(MAPPER, SchemaVersion.DRAFT_2020_12,
                OptionPreset.PLAIN_JSON).with(new JacksonModule())
                // a field of a reference type may be null: a figure not measured, a section the run did not have
                .with(Option.NULLABLE_FIELDS_BY_DEFAULT)
                // what a map holds: a quantile curve numbers, a summary a spread per figure
                .with(Option.MAP_VALUES_AS_ADDITIONAL_PROPERTIES);
        // the workload as read, echoed: any JSON, described by the workload file's own format
        config.forTypesInGeneral().withCustomDefinitionProvider((type, context) -> type.getErasedType() == JsonNode.class
                ? new CustomDefinition(context.getGeneratorConfig().createObjectNode().put("type", "object")) : null);
        generator = new SchemaGenerator(config.build());
        generated = schema(BenchmarkResult.class, BenchmarkResult.SCHEMA, "One run's result as bin/benchmark writes it: OMB's"
                + " TestResult fields under OMB's names and units, then this harness's own sections; see docs/omb-compatibility.md.");
        validator = validator(generated);
    }

    private static ObjectNode schema(Class<?> type, String id, String description) {
        ObjectNode schema = generator.generateSchema(type);
        schema.put("title", "brokerbench " + id);
        schema.put("description", description + " Generated from " + type.getName() + " by ResultSchemaTest.");
        return schema;
    }

    private static JsonSchema validator(JsonNode schema) {
        return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schema);
    }

    @Test
    void theCheckedInSchemasAreTheOnesTheRecordsGive() throws IOException {
        keptCurrent(CHECKED_IN, generated);
        keptCurrent(SWEEP_SCHEMA, sweepSchema());
        keptCurrent(REPEAT_SCHEMA, repeatSchema());
    }

    @Test
    void theSweepAndRepeatSummaryFilesValidate() throws IOException {
        assertEquals(Set.of(), validator(sweepSchema()).validate(MAPPER.readTree(Path.of("src/test/resources/golden/sweep.json")
                .toFile())));
        assertEquals(Set.of(), validator(repeatSchema()).validate(MAPPER.readTree(
                Path.of("src/test/resources/golden/repeat-summary.json").toFile())));
    }

    private static JsonNode sweepSchema() {
        return schema(SweepDocument.class, SweepDocument.SCHEMA, "A rate sweep's result (…-sweep.json): per step its rates,"
                + " mean latencies and verdict, the objectives and the knee; see docs/run-shapes.md.");
    }

    private static JsonNode repeatSchema() {
        return schema(RepeatSummaryDocument.class, RepeatSummaryDocument.SCHEMA, "The --repeat summary (…-summary.json):"
                + " each run and, per figure, the spread over the complete runs; see docs/run-shapes.md.");
    }

    private static void keptCurrent(Path checkedIn, JsonNode schema) throws IOException {
        String text = MAPPER.writeValueAsString(schema) + "\n";
        if (Boolean.getBoolean("schema.update")) {
            Files.writeString(checkedIn, text);
            return;
        }
        if (!Files.exists(checkedIn)) {
            fail(checkedIn + " missing: write it with -Dschema.update=true and check it in");
        }
        assertEquals(Files.readString(checkedIn), text, checkedIn + " is not current: write it with -Dschema.update=true");
    }

    @Test
    void theFilesRunsWriteAndOmbsValidate() throws IOException {
        for (String workload : new String[] {
            "producerRate: 0\nwarmupDurationSeconds: 10\ntestDurationSeconds: 20\nreportingIntervalSeconds: 10\n",
            "phases: [{durationSeconds: 20, rate: 1000}]\nreportingIntervalSeconds: 10\n",
            "producerRate: 5000\ntestMessages: 20000\nreportingIntervalSeconds: 1\n"}) {
            ManualClock clock = new ManualClock(1_000_000_000_000L);
            Path file = dir.resolve("r.json");
            SimulatedRuns.runAndWrite(TestFiles.workloadOf(dir, workload), new SimulatedWorker(clock), clock, file);
            Set<ValidationMessage> errors = validator.validate(MAPPER.readTree(file.toFile()));
            assertEquals(Set.of(), errors, workload);
        }
        JsonNode omb = MAPPER.readTree(Path.of("src/test/resources/omb/kafka-fixed-rate.json").toFile());
        assertEquals(Set.of(), validator.validate(omb), "OMB's result file");
    }

    @Test
    void aFieldOfTheWrongTypeDoesNotValidate() throws IOException {
        ObjectNode omb = (ObjectNode) MAPPER.readTree(Path.of("src/test/resources/omb/kafka-fixed-rate.json").toFile());
        omb.put("complete", "yes");
        omb.withArray("publishRate").add("fast");
        Set<ValidationMessage> errors = validator.validate(omb);
        assertFalse(errors.isEmpty());
        assertTrue(errors.toString().contains("complete") && errors.toString().contains("publishRate"), errors.toString());
    }
}
