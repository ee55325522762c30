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
 * The result file's JSON Schema, docs/result-schema.json, is generated from the typed result and
 * kept current by this test: a change to the records that changes the schema fails here until the
 * file is written again on purpose ({@code mvn test -Dtest=ResultSchemaTest -Dschema.update=true},
 * then read the diff). Result files as runs write them, and OMB's, must validate against it.
 */
class ResultSchemaTest {

    private static final Path CHECKED_IN = Path.of("../docs/result-schema.json");
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static JsonNode generated;
    private static JsonSchema validator;

    @TempDir
    Path dir;

    @BeforeAll
    static void generate() {
        SchemaGeneratorConfigBuilder config = new SchemaGeneratorConfigBuilder(MAPPER, SchemaVersion.DRAFT_2020_12,
                OptionPreset.PLAIN_JSON).with(new JacksonModule())
                // a field of a reference type may be null: a figure not measured, a section the run did not have
                .with(Option.NULLABLE_FIELDS_BY_DEFAULT);
        // the workload as read, echoed: any JSON, described by the workload file's own format
        config.forTypesInGeneral().withCustomDefinitionProvider((type, context) -> type.getErasedType() == JsonNode.class
                ? new CustomDefinition(context.getGeneratorConfig().createObjectNode().put("type", "object")) : null);
        ObjectNode schema = new SchemaGenerator(config.build()).generateSchema(BenchmarkResult.class);
        schema.put("title", "brokerbench result file (" + BenchmarkResult.SCHEMA + ")");
        schema.put("description", "One run's result as bin/benchmark writes it: OMB's TestResult fields under OMB's names"
                + " and units, then this harness's own sections. Generated from io.brokerbench.result.model.BenchmarkResult"
                + " by ResultSchemaTest; see docs/omb-compatibility.md.");
        generated = schema;
        validator = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schema);
    }

    @Test
    void theCheckedInSchemaIsTheOneTheRecordsGive() throws IOException {
        String text = MAPPER.writeValueAsString(generated) + "\n";
        if (Boolean.getBoolean("schema.update")) {
            Files.writeString(CHECKED_IN, text);
            return;
        }
        if (!Files.exists(CHECKED_IN)) {
            fail(CHECKED_IN + " missing: write it with -Dschema.update=true and check it in");
        }
        assertEquals(Files.readString(CHECKED_IN), text, CHECKED_IN + " is not current: write it with -Dschema.update=true");
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
