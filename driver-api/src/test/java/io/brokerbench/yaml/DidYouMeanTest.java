package io.brokerbench.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class DidYouMeanTest {

    private static final List<String> KEYS = List.of("producerRate", "producersPerTopic", "topics", "messageSize");

    @Test
    void suggestsTheNearestKey() {
        assertEquals(" (did you mean 'producerRate'?)", DidYouMean.suggestion("producerrate", KEYS));
        assertEquals(" (did you mean 'producersPerTopic'?)", DidYouMean.suggestion("producerPerTopic", KEYS));
        assertEquals(" (did you mean 'messageSize'?)", DidYouMean.suggestion("messageSise", KEYS));
        assertEquals(" (did you mean 'topics'?)", DidYouMean.suggestion("tpoics", KEYS), "a swap is two edits");
    }

    @Test
    void staysQuietWhenNothingIsClose() {
        assertEquals("", DidYouMean.suggestion("compression", KEYS));
        assertEquals("", DidYouMean.suggestion("rate", KEYS));
    }
}
