package io.brokerbench.remote.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.remote.wire.Endpoint;
import io.brokerbench.remote.wire.WireProtocol;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The worker API's one table against what the worker serves and what docs/distributed.md says. */
class EndpointTableTest {

    private static final Path DOC = Path.of(System.getProperty("benchmark.home", "..")).resolve("docs/distributed.md");

    @Test
    void theTableListsEveryEndpointOnce() throws Exception {
        Set<Endpoint<?, ?>> declared = new HashSet<>();
        for (Field field : Endpoint.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == Endpoint.class) {
                declared.add((Endpoint<?, ?>) field.get(null));
            }
        }
        assertEquals(declared, Set.copyOf(Endpoint.ALL));
        assertEquals(Endpoint.ALL.size(), Endpoint.ALL.stream().map(Endpoint::fullPath).distinct().count());
    }

    @Test
    void theWorkerServesEveryEndpointOfTheTableWithItsMethod() throws Exception {
        try (WorkerServer server = new WorkerServer("127.0.0.1", 0, -1, null, Duration.ofMinutes(1))) {
            HttpClient client = HttpClient.newHttpClient();
            for (Endpoint<?, ?> endpoint : Endpoint.ALL) {
                HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                                + endpoint.fullPath()))
                        .header(WireProtocol.VERSION_HEADER, String.valueOf(WireProtocol.VERSION))
                        .header(WireProtocol.RUN_HEADER, "table-check")
                        .method(endpoint.method(), HttpRequest.BodyPublishers.noBody())
                        .build();
                int status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
                // refused for its body or its run is fine; unknown path or method is not
                assertNotEquals(404, status, endpoint.toString());
                assertNotEquals(405, status, endpoint.toString());
            }
        }
    }

    @Test
    void theDocsListExactlyTheTableAndTheProtocolVersion() throws Exception {
        String doc = Files.readString(DOC);
        assertTrue(doc.contains("## The worker API (protocol " + WireProtocol.VERSION + ")"),
                "docs/distributed.md: heading with protocol " + WireProtocol.VERSION + " expected");
        assertTrue(doc.contains(WireProtocol.VERSION_HEADER + ": " + WireProtocol.VERSION),
                "docs/distributed.md: " + WireProtocol.VERSION_HEADER + ": " + WireProtocol.VERSION + " expected");
        Set<String> documented = new TreeSet<>();
        Matcher m = Pattern.compile("`(GET|POST|PUT|DELETE) (" + WireProtocol.PREFIX + "/[a-z-]+)`").matcher(doc);
        while (m.find()) {
            documented.add(m.group(1) + " " + m.group(2));
        }
        List<String> table = Endpoint.ALL.stream().map(Endpoint::toString).sorted().toList();
        assertEquals(table, List.copyOf(documented), "docs/distributed.md's endpoints against Endpoint.ALL");
    }
}
