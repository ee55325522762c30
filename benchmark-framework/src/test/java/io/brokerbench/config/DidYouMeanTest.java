package io.brokerbench.config;

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
    }

    @Test
    void staysQuietWhenNothingIsClose() {
        assertEquals("", DidYouMean.suggestion("compression", KEYS));
    }

    @Test
    void distance() {
        assertEquals(0, DidYouMean.distance("abc", "abc"));
        assertEquals(1, DidYouMean.distance("abc", "abd"));
        assertEquals(3, DidYouMean.distance("", "abc"));
        assertEquals(2, DidYouMean.distance("ab", "ba"));
    }
}
