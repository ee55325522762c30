package io.brokerbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Broken workload files: each is rejected with one line naming the file, the field and the value. */
class BrokenWorkloadTest {

    /** A valid workload; each case edits one line of it. */
    private static final String VALID = """
            name: ok
            topics: 1
            partitionsPerTopic: 2
            messageSize: 16
            payloadFile: p16.data
            subscriptionsPerTopic: 1
            consumerPerSubscription: 1
            producersPerTopic: 1
            producerRate: 100
            testDurationMinutes: 1
            """;

    /** The base as a consumer-only run: existing topics, no producers, no rate. */
    private static final String CONSUMER_ONLY = VALID.replace("topics: 1", "existingTopicList: [orders]")
            .replace("producersPerTopic: 1", "producersPerTopic: 0").replace("producerRate: 100\n", "");

    @TempDir
    Path dir;

    static Stream<Arguments> cases() {
        return Stream.of(
                // label, yaml, words the message must contain (field, value, problem)
                c("misspelled key", VALID + "producerRat: 5\n", "'producerRat'", "5", "did you mean 'producerRate'"),
                c("wrong case key", VALID.replace("topics: 1", "Topics: 1"), "'Topics'", "did you mean 'topics'"),
                c("string for a count", VALID.replace("topics: 1", "topics: ten"), "'topics'", "'ten'", "whole number"),
                c("quoted number", VALID.replace("topics: 1", "topics: \"1\""), "'topics'", "'1'", "whole number"),
                c("decimal count", VALID.replace("topics: 1", "topics: 1.5"), "'topics'", "1.5", "whole number"),
                c("list for a scalar", VALID.replace("topics: 1", "topics: [1, 2]"), "'topics'", "[1,2]", "a list"),
                c("mapping for a scalar", VALID.replace("messageSize: 16", "messageSize: {a: 1}"), "'messageSize'",
                        "{\"a\":1}", "a mapping"),
                // (YAML 1.1, which the parser follows, reads yes/no/on/off as booleans, so those are accepted)
                c("word for a boolean", VALID + "useRandomizedPayloads: sure\n", "'useRandomizedPayloads'", "'sure'",
                        "true or false"),
                c("number for a boolean", VALID + "useRandomizedPayloads: 1\n", "'useRandomizedPayloads'", "= 1",
                        "true or false"),
                c("zero topics", VALID.replace("topics: 1", "topics: 0"), "'topics'", "= 0", "at least 1"),
                c("zero partitions", VALID.replace("partitionsPerTopic: 2", "partitionsPerTopic: 0"),
                        "'partitionsPerTopic'", "= 0", "at least 1"),
                c("negative producers", VALID.replace("producersPerTopic: 1", "producersPerTopic: -1"),
                        "'producersPerTopic'", "-1", "at least 0"),
                c("negative rate", VALID.replace("producerRate: 100", "producerRate: -5"), "'producerRate'", "-5",
                        "at least 0"),
                c("unknown key distributor", VALID + "keyDistributor: ROUND_ROBIN\n", "'keyDistributor'",
                        "'ROUND_ROBIN'", "KEY_ROUND_ROBIN"),
                c("ratio above 1", VALID + "randomBytesRatio: 1.5\n", "'randomBytesRatio'", "1.5", "between 0 and 1"),
                c("drain ratio below 0", VALID + "backlogDrainRatio: -0.1\n", "'backlogDrainRatio'", "-0.1",
                        "between 0 and 1"),
                c("payload file missing", VALID.replace("p16.data", "nope.data"), "'payloadFile'", "'nope.data'",
                        "no such file"),
                c("payload size mismatch", VALID.replace("messageSize: 16", "messageSize: 17"), "'payloadFile'",
                        "'p16.data'", "16 bytes but messageSize is 17"),
                c("randomized without pool", VALID.replace("payloadFile: p16.data", "useRandomizedPayloads: true"),
                        "'randomizedPayloadPoolSize'", "= 0", "at least 1"),
                c("no payload at all", VALID.replace("payloadFile: p16.data\n", ""), "'payloadFile'",
                        "useRandomizedPayloads"),
                c("nothing to run", VALID.replace("subscriptionsPerTopic: 1", "subscriptionsPerTopic: 0")
                        .replace("producersPerTopic: 1", "producersPerTopic: 0"), "producersPerTopic",
                        "subscriptionsPerTopic", "nothing to run"),
                c("subscription without consumers", VALID.replace("consumerPerSubscription: 1\n", ""),
                        "'consumerPerSubscription'", "= 0", "subscriptionsPerTopic is 1"),
                c("consumers without producers", VALID.replace("producersPerTopic: 1", "producersPerTopic: 0"),
                        "'producersPerTopic'", "= 0", "never receive"),
                c("backlog without subscriptions", VALID.replace("subscriptionsPerTopic: 1", "subscriptionsPerTopic: 0")
                        + "consumerBacklogSizeGB: 1\n", "'consumerBacklogSizeGB'", "= 1", "subscriptionsPerTopic is 0"),
                c("backlog with a max-rate search", VALID.replace("producerRate: 100", "producerRate: 0")
                        + "consumerBacklogSizeGB: 1\n", "'consumerBacklogSizeGB'", "= 1", "fixed producerRate"),
                c("unthrottled at a fixed rate", VALID + "unthrottled: true\n", "'unthrottled'", "producerRate 100"),
                c("no outstanding messages", VALID + "maxOutstandingPerProducer: 0\n", "'maxOutstandingPerProducer'",
                        "= 0", "at least 1"),
                c("phases and a test duration", VALID + "phases: [{durationSeconds: 5, rate: 10}]\n",
                        "'testDurationMinutes'", "= 1", "not both"),
                c("a phase with a rate and a ramp", VALID.replace("testDurationMinutes: 1\n", "")
                        + "phases: [{durationSeconds: 5, rate: 10, fromRate: 1, toRate: 20}]\n", "'phases[0].rate'", "not both"),
                c("an unknown key in a phase", VALID.replace("testDurationMinutes: 1\n", "")
                        + "phases: [{durationSeconds: 5, producerRate: 10}]\n", "'phases[0].producerRate'", "= 10",
                        "unknown key (known: durationSeconds, fromRate, name, rate, stepSeconds, toRate)"),
                c("a phase at rate 0", VALID.replace("testDurationMinutes: 1\n", "")
                        + "phases: [{durationSeconds: 5, rate: 0}]\n", "'phases[0].rate'", "above 0"),
                c("a start rate alone", VALID + "producerStartRate: 10\n", "producerIncrementRate", "all three"),
                c("a burst with a max-rate search", VALID.replace("producerRate: 100", "producerRate: 0")
                        + "startupBurstMessages: 10\n", "'startupBurstMessages'", "= 10", "needs a producer rate"),
                c("an unknown fault action", VALID + "faults: [{atSeconds: 5, action: unplug, target: leader}]\n",
                        "'faults[0].action'", "unplug"),
                c("an isolation without seconds", VALID + "faults: [{atSeconds: 5, action: isolate, target: leader}]\n",
                        "'faults[0].seconds'", "a network fault needs 'seconds'"),
                c("an isolation after the measured phase", VALID
                        + "faults: [{atSeconds: 61, action: isolate, target: leader, seconds: 10}]\n",
                        "'faults[0].atSeconds'", "61", "not inside the measured phase"),
                c("a delay without millis", VALID + "faults: [{atSeconds: 5, action: delay, target: leader, seconds: 5}]\n",
                        "'faults[0].millis'", "a delay needs 'millis'"),
                c("a loss of 0 percent", VALID
                        + "faults: [{atSeconds: 5, action: loss, target: leader, seconds: 5, percent: 0}]\n",
                        "'faults[0].percent'", "= 0"),
                c("a loss above 100 percent", VALID
                        + "faults: [{atSeconds: 5, action: loss, target: leader, seconds: 5, percent: 101}]\n",
                        "'faults[0].percent'", "= 101"),
                c("a kill from the clients", VALID + "faults: [{atSeconds: 5, action: kill, target: leader, clients: true}]\n",
                        "'faults[0].clients'", "only an 'isolate'"),
                c("an isolation with percent", VALID
                        + "faults: [{atSeconds: 5, action: isolate, target: leader, seconds: 5, percent: 5}]\n",
                        "'faults[0].percent'", "only a 'loss' drops packets, not 'isolate'"),
                c("a fault after the measured phase", VALID + "faults: [{atSeconds: 60, action: kill, target: leader}]\n",
                        "'faults[0].atSeconds'", "60", "not inside the measured phase (its 60 s)"),
                c("a pause without seconds", VALID + "faults: [{atSeconds: 5, action: pause, target: follower}]\n",
                        "'faults[0].seconds'", "a pause needs 'seconds'"),
                c("a kill with seconds", VALID + "faults: [{atSeconds: 5, action: kill, target: leader, seconds: 3}]\n",
                        "'faults[0].seconds'", "= 3", "use 'restart'"),
                c("a partition of a named node", VALID + "faults: [{atSeconds: 5, action: kill, target: kafka-2, partition: 1}]\n",
                        "'faults[0].partition'", "only a 'leader' or 'follower' target"),
                c("faults in a rate search", VALID.replace("producerRate: 100", "producerRate: 0")
                        + "faults: [{atSeconds: 5, action: kill, target: leader}]\n", "'faults'", "needs a producer rate"),
                c("a fault seed without faults", VALID + "faultSeed: 3\n", "'faultSeed'", "= 3", "no 'faults'"),
                c("a command fault without its command", VALID + "faults: [{atSeconds: 5, action: command}]\n",
                        "'faults[0].command'", "(missing)", "needs the shell command"),
                c("an undo without its seconds", VALID + "faults: [{atSeconds: 5, action: command, command: 'true', undo: 'true'}]\n",
                        "'faults[0].seconds'", "an 'undo' needs 'seconds'"),
                c("a command on a node fault", VALID + "faults: [{atSeconds: 5, action: kill, target: leader, command: 'true'}]\n",
                        "'faults[0].command'", "only a fault with 'action: command' runs a command"),
                c("a node fault without a target", VALID + "faults: [{atSeconds: 5, action: kill}]\n",
                        "'faults[0].target'", "(missing)"),
                c("both duration forms", VALID + "testDurationSeconds: 30\n", "'testDurationSeconds'", "30",
                        "testDurationMinutes"),
                c("zero test duration", VALID.replace("testDurationMinutes: 1", "testDurationSeconds: 0"),
                        "'testDurationSeconds'", "= 0", "at least 1"),
                c("negative warm-up", VALID + "warmupDurationMinutes: -1\n", "'warmupDurationMinutes'", "-1",
                        "at least 0"),
                c("zero reporting interval", VALID + "reportingIntervalSeconds: 0\n", "'reportingIntervalSeconds'",
                        "= 0", "at least 1"),
                c("interval longer than test", VALID + "reportingIntervalSeconds: 61\n", "'reportingIntervalSeconds'",
                        "61", "longer than the test duration"),
                c("missing duration", VALID.replace("testDurationMinutes: 1\n", ""), "'testDurationMinutes'",
                        "missing"),
                c("missing topics", VALID.replace("topics: 1\n", ""), "'topics'", "missing"),
                c("empty existing topic list", VALID.replace("topics: 1", "existingTopicList: []"), "'existingTopicList'",
                        "[]", "names no topic"),
                c("existing topic named twice", VALID.replace("topics: 1", "existingTopicList: [a, a]"),
                        "'existingTopicList[1]'", "'a'", "named twice"),
                c("topics against the existing list", VALID + "existingTopicList: [a, b]\n", "'topics'", "= 1",
                        "names 2 topic(s)"),
                c("no producers without existing topics", VALID.replace("producersPerTopic: 1", "producersPerTopic: 0"),
                        "'producersPerTopic'", "= 0", "existingTopicList"),
                c("consumer-only with a rate", CONSUMER_ONLY + "producerRate: 100\n", "'producerRate'", "100",
                        "consumer-only"),
                c("consumer-only with a warm-up", CONSUMER_ONLY + "warmupDurationSeconds: 5\n", "'warmupDurationSeconds'",
                        "= 5", "no warm-up"),
                c("consumer-only with a message count", CONSUMER_ONLY + "testMessages: 10\n", "'testMessages'", "10",
                        "drained"),
                c("Confluent's consumerOnly", VALID + "consumerOnly: true\n", "'consumerOnly'", "true",
                        "not implemented", "existingTopicList"),
                c("empty value", VALID.replace("producerRate: 100", "producerRate:"), "'producerRate'",
                        "has no value (give a value or remove the line)"),
                c("count too large", VALID.replace("topics: 1", "topics: 99999999999"), "'topics'", "99999999999",
                        "at most"),
                c("pool too large", VALID.replace("payloadFile: p16.data", "useRandomizedPayloads: true\n"
                        + "randomizedPayloadPoolSize: 100000000"), "'randomizedPayloadPoolSize'", "100000000", "1 GiB"),
                c("unset env placeholder", VALID.replace("producerRate: 100", "producerRate: ${NO_SUCH_VAR_X}"),
                        "NO_SUCH_VAR_X", "not set"),
                c("malformed YAML", VALID + "extra: [1, 2\n", "malformed YAML at line", "column"),
                c("tab indentation", VALID + "\tfoo: 1\n", "malformed YAML at line 11, column 1", "TAB"),
                c("duplicate key", VALID + "topics: 2\n", "duplicate key 'topics' at line 11"),
                c("top level is a list", "- topics: 1\n", "expected 'key: value'", "a list"),
                c("only comments", "# nothing here\n", "empty"),
                c("empty file", "", "empty"));
    }

    private static Arguments c(String label, String yaml, String... expected) {
        return Arguments.of(label, yaml, expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void rejectedWithOneLineNamingFileFieldAndValue(String label, String yaml, String[] expected) throws IOException {
        Files.write(dir.resolve("p16.data"), new byte[16]);
        Path file = dir.resolve("broken-" + label.replace(' ', '-') + ".yaml");
        Files.writeString(file, yaml);
        WorkloadLoader loader = new WorkloadLoader(Map.of(), dir, null);

        ConfigException e = assertThrows(ConfigException.class, () -> loader.read(file));

        String message = e.getMessage();
        assertFalse(message.contains("\n") || message.contains("\r"), "not one line: " + message);
        assertTrue(message.startsWith(file.toString() + ": "), "does not name the file: " + message);
        for (String word : expected) {
            assertTrue(message.contains(word), "'" + word + "' missing from: " + message);
        }
    }

    @Test
    void validBaseLoads() throws IOException {
        // guards the cases above: each fails because of its own edit, not because the base is broken
        Files.write(dir.resolve("p16.data"), new byte[16]);
        Path file = dir.resolve("valid.yaml");
        Files.writeString(file, VALID);
        assertEquals(2, new WorkloadLoader(Map.of(), dir, null).read(file).partitionsPerTopic());
    }

    @Test
    void consumerOnlyBaseLoads() throws IOException {
        Files.write(dir.resolve("p16.data"), new byte[16]);
        Path file = Files.writeString(dir.resolve("consumer-only.yaml"), CONSUMER_ONLY);
        Workload workload = new WorkloadLoader(Map.of(), dir, null).read(file);
        assertTrue(workload.isConsumerOnly());
        assertEquals(1, workload.topics(), "the list decides how many topics");
    }

    @Test
    void missingFileIsOneLine() {
        Path file = dir.resolve("absent.yaml");
        ConfigException e = assertThrows(ConfigException.class, () -> WorkloadLoader.load(file));
        assertTrue(e.getMessage().equals(file + ": no such file"), e.getMessage());
    }

    @Test
    void directoryIsOneLine() {
        ConfigException e = assertThrows(ConfigException.class, () -> WorkloadLoader.load(dir));
        assertTrue(e.getMessage().equals(dir + ": is a directory, not a file"), e.getMessage());
    }
}
