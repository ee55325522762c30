package io.brokerbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A messageSizeDistribution: the pool shared out by weight, its mean, its seeded order, and bad input. */
class MessageSizesTest {

    @TempDir
    Path dir;

    private static final List<SizeWeight> EIGHTY_TWENTY = List.of(new SizeWeight(100, 0.8), new SizeWeight(10_240, 0.2));

    @Test
    void aPoolOfTenGetsEightSmallAndTwoLargePayloadsAndTheirExactMean() {
        MessageSizes sizes = MessageSizes.of(EIGHTY_TWENTY, 10);
        assertEquals(List.of(8, 2), sizes.counts());
        assertEquals((8 * 100 + 2 * 10_240) / 10.0, sizes.mean(), 1e-9);
        assertEquals(100, sizes.smallest());
        assertEquals(10_240, sizes.largest());
    }

    @Test
    void weightsAreRelativeAndRoundedByLargestRemainderToThePoolsSize() {
        // 1:1:1 over 10: 3.33 each, the one left over goes to the first of the equal remainders
        MessageSizes sizes = MessageSizes.of(List.of(new SizeWeight(10, 1), new SizeWeight(20, 1), new SizeWeight(30, 1)), 10);
        assertEquals(List.of(4, 3, 3), sizes.counts());
        assertEquals(10, sizes.poolSize());
        assertEquals(MessageSizes.of(EIGHTY_TWENTY, 10).counts(),
                MessageSizes.of(List.of(new SizeWeight(100, 4), new SizeWeight(10_240, 1)), 10).counts());
    }

    @Test
    void theSeedDecidesTheOrderAndTheOrderKeepsTheCounts() {
        MessageSizes sizes = MessageSizes.of(EIGHTY_TWENTY, 10);
        List<Integer> a = sizes.shuffledSizes(new Random(3));
        assertEquals(a, sizes.shuffledSizes(new Random(3)));
        Map<Integer, Long> counted = a.stream().collect(Collectors.groupingBy(size -> size, Collectors.counting()));
        assertEquals(Map.of(100, 8L, 10_240, 2L), counted);
        boolean anotherOrder = false;
        for (long seed = 4; seed < 20 && !anotherOrder; seed++) {
            anotherOrder = !a.equals(sizes.shuffledSizes(new Random(seed)));
        }
        assertTrue(anotherOrder, "every seed gave the same order");
    }

    @Test
    void theWorkloadsPoolHasTheDistributionsSizesAndItsMeanIsTheMessageWeight() throws IOException {
        Workload workload = workload("messageSizeDistribution: [{size: 100, weight: 0.8}, {size: 10240, weight: 0.2}]\n"
                + "randomizedPayloadPoolSize: 10\n");
        List<byte[]> a = Payloads.of(workload, 11L);
        assertEquals(10, a.size());
        assertEquals(Map.of(100, 8L, 10_240, 2L),
                a.stream().collect(Collectors.groupingBy(payload -> payload.length, Collectors.counting())));
        assertEquals(a.stream().mapToInt(p -> p.length).average().orElseThrow(), workload.meanMessageSize(), 1e-9);
        assertEquals(100, workload.smallestMessageSize());
        assertEquals(a.stream().map(p -> p.length).toList(), Payloads.of(workload, 11L).stream().map(p -> p.length).toList(),
                "the same seed, the same order");
    }

    @Test
    void aDistributionReplacesMessageSizeAndNeedsRandomizedPayloadsAndPayloadsForEveryWeight() throws IOException {
        String sizes = "messageSizeDistribution: [{size: 100, weight: 0.8}, {size: 10240, weight: 0.2}]\n";
        assertMessage(() -> workload(sizes + "messageSize: 100\nrandomizedPayloadPoolSize: 10\n"), "'messageSize'", "not both");
        assertMessage(() -> read("messageSize: 0\npayloadFile: p.data\n" + sizes), "'messageSizeDistribution'",
                "useRandomizedPayloads");
        assertMessage(() -> workload("messageSizeDistribution: [{size: 100, weight: 0.99}, {size: 10240, weight: 0.01}]\n"
                + "randomizedPayloadPoolSize: 10\n"), "'messageSizeDistribution[1].weight'", "0.01", "raise randomizedPayloadPoolSize");
        assertMessage(() -> workload("messageSizeDistribution: [{size: 100, weight: 0}]\nrandomizedPayloadPoolSize: 10\n"),
                "'messageSizeDistribution'", "add up to 0");
        assertMessage(() -> workload("messageSizeDistribution: [{size: 0, weight: 1}]\nrandomizedPayloadPoolSize: 10\n"),
                "'messageSizeDistribution[0].size'", "at least 1");
        assertMessage(() -> read("useRandomizedPayloads: true\nrandomizedPayloadPoolSize: 10\n"), "'messageSize'", "missing");
    }

    private Workload workload(String payload) throws IOException {
        return read("useRandomizedPayloads: true\nrandomBytesRatio: 1.0\n" + payload);
    }

    private Workload read(String payload) throws IOException {
        Path file = Files.writeString(dir.resolve("w.yaml"), "name: w\ntopics: 1\npartitionsPerTopic: 1\n"
                + "producersPerTopic: 1\nsubscriptionsPerTopic: 1\nconsumerPerSubscription: 1\ntestDurationSeconds: 1\n"
                + payload);
        return new WorkloadLoader(Map.of(), dir, null).read(file);
    }

    private interface Load {
        Workload load() throws IOException;
    }

    private void assertMessage(Load load, String... words) {
        ConfigException e = assertThrows(ConfigException.class, load::load);
        for (String word : words) {
            assertTrue(e.getMessage().contains(word), "'" + word + "' missing from: " + e.getMessage());
        }
    }
}
