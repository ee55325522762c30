package io.brokerbench.localbroker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;

/** The network namespaces of this machine now ({@code ip netns list}), for tests that check a broker took its own along. */
public final class NamespaceListing {

    private NamespaceListing() {
    }

    /** Every namespace's name. */
    public static Set<String> current() throws IOException, InterruptedException {
        Process list = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
        String text = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, list.waitFor(), text);
        return text.lines().map(line -> line.split(" ")[0]).collect(Collectors.toCollection(HashSet::new));
    }
}
