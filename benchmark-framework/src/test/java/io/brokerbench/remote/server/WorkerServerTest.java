package io.brokerbench.remote.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.remote.wire.WireJson;
import io.brokerbench.remote.wire.WireProtocol;
import io.brokerbench.testing.LeakCheckingDriver;
import io.brokerbench.testing.LeakCheckingDriver.Step;
import io.brokerbench.worker.DriverSetup;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A real WorkerServer on loopback, spoken to with a plain HTTP client. */
class WorkerServerTest {

    private static final String TOKEN = "correct horse battery staple";
    private static final String V = String.valueOf(WireProtocol.VERSION);
    private static final String RUN = "run-a";
    private static final String INMEMORY_SETUP = "{\"name\":\"InMemory\",\"driverClass\":"
            + "\"io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver\",\"yaml\":\"name: InMemory\\n\","
            + "\"sourceFile\":\"inmemory.yaml\"}";

    private final HttpClient client = HttpClient.newHttpClient();
    private WorkerServer server;

    @BeforeEach
    void start() {
        server = new WorkerServer("127.0.0.1", 0, 0, TOKEN, Duration.ofMinutes(5));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void requestsWithoutTheRightTokenAreRefusedAndChangeNothing() throws Exception {
        for (String authorization : new String[] {null, "Bearer wrong", "Bearer " + TOKEN + "x", TOKEN}) {
            HttpResponse<String> response = send("POST", "/v1/initialize-driver", INMEMORY_SETUP, authorization, V);
            assertEquals(401, response.statusCode(), String.valueOf(authorization));
            assertOneLineError(response);
        }
        assertFalse(ping().get("driverInitialized").asBoolean());
        assertEquals(401, send("GET", "/metrics", null, null, V, server.statsPort()).statusCode());

        assertEquals(204, send("POST", "/v1/initialize-driver", INMEMORY_SETUP, "Bearer " + TOKEN, V).statusCode());
        assertTrue(ping().get("driverInitialized").asBoolean());
        assertEquals(200, send("GET", "/metrics", null, "Bearer " + TOKEN, V, server.statsPort()).statusCode());
    }

    @Test
    void malformedOrIncompleteBodiesAreRefusedWithOneLine() throws Exception {
        String[][] cases = {
            {"/v1/initialize-driver", "{not json"},
            {"/v1/initialize-driver", "{\"name\":\"x\"}"},
            {"/v1/initialize-driver", "{\"name\":\"x\",\"driverClass\":null,\"yaml\":\"\",\"sourceFile\":\"f\"}"},
            {"/v1/initialize-driver", ""},
            {"/v1/initialize-driver", "[]"},
            {"/v1/initialize-driver", INMEMORY_SETUP + " trailing"},
            // a driver file that is not YAML: the client's fault, refused before the worker is touched
            {"/v1/initialize-driver", INMEMORY_SETUP.replace("name: InMemory\\n", "name: [InMemory")},
        };
        assertAllRefused(400, cases);
        assertFalse(ping().get("driverInitialized").asBoolean());
        // the other endpoints check their bodies once the run holds the worker
        assertEquals(204, send("POST", "/v1/initialize-driver", INMEMORY_SETUP, "Bearer " + TOKEN, V).statusCode());
        assertAllRefused(400, new String[][] {
            {"/v1/create-producers", "[null]"},
            {"/v1/create-producers", "[{\"id\":-1,\"topic\":\"t\"}]"},
            {"/v1/create-topics", "[{\"topic\":\"t\",\"partitions\":0}]"},
            {"/v1/start-load", "{\"ratePerProducer\":-5,\"keyDistributor\":\"NO_KEY\",\"payloads\":[\"AAAA\"],"
                    + "\"maxInFlightPerProducer\":10}"},
            {"/v1/start-load", "{\"ratePerProducer\":5,\"keyDistributor\":\"SIDEWAYS\",\"payloads\":[\"AAAA\"],"
                    + "\"maxInFlightPerProducer\":10}"},
            {"/v1/start-load", "{\"ratePerProducer\":5,\"keyDistributor\":\"NO_KEY\",\"payloads\":[],"
                    + "\"maxInFlightPerProducer\":10}"},
        });
        assertFalse(ping().get("loadRunning").asBoolean());
    }

    @Test
    void numbersOfTheWrongKindAreRefusedRatherThanConverted() throws Exception {
        assertEquals(204, send("POST", "/v1/initialize-driver", INMEMORY_SETUP, "Bearer " + TOKEN, V).statusCode());
        String load = "{\"ratePerProducer\":5,\"keyDistributor\":\"NO_KEY\",\"payloads\":[\"AAAA\"],"
                + "\"maxInFlightPerProducer\":10}";
        assertAllRefused(400, new String[][] {
            {"/v1/create-topics", "[{\"topic\":\"t\",\"partitions\":1.5}]"},
            {"/v1/create-topics", "[{\"topic\":\"t\",\"partitions\":\"2\"}]"},
            {"/v1/create-producers", "[{\"id\":1.0,\"topic\":\"t\"}]"},
            {"/v1/start-load", load.replace("\"maxInFlightPerProducer\":10", "\"maxInFlightPerProducer\":\"10\"")},
            {"/v1/start-load", load.replace("\"ratePerProducer\":5", "\"ratePerProducer\":\"5\"")},
            {"/v1/start-load", load.replace("\"NO_KEY\"", "0")},
        });
        // nothing was created from a converted number: topic t is still free; an integer is a fine double
        assertEquals(204, send("POST", "/v1/create-topics", "[{\"topic\":\"t\",\"partitions\":2}]", "Bearer " + TOKEN,
                V).statusCode());
        assertEquals(204, send("POST", "/v1/start-load", load, "Bearer " + TOKEN, V).statusCode());
        assertAllRefused(400, new String[][] {
            {"/v1/change-rate", "{\"ratePerProducer\":-1}"},
            {"/v1/change-rate", "{\"ratePerProducer\":\"5\"}"},
            {"/v1/change-rate", "{\"ratePerProducer\":5}"},
            {"/v1/change-rate", "{\"ratePerProducer\":5,\"burstPerProducer\":-1}"},
            {"/v1/restart-rate", "{\"ratePerProducer\":-1}"},
            {"/v1/restart-rate", "{\"ratePerProducer\":\"5\"}"},
            {"/v1/restart-rate", "{}"},
        });
        assertEquals(204, send("POST", "/v1/change-rate", "{\"ratePerProducer\":0,\"burstPerProducer\":10}",
                "Bearer " + TOKEN, V).statusCode());
        assertEquals(204, send("POST", "/v1/restart-rate", "{\"ratePerProducer\":50}", "Bearer " + TOKEN, V).statusCode());
    }

    @Test
    void anUnknownDriverClassLeavesNoHalfInitializedDriver() throws Exception {
        HttpResponse<String> response = send("POST", "/v1/initialize-driver", INMEMORY_SETUP.replace("InMemoryBenchmarkDriver",
                "NoSuchDriver"), "Bearer " + TOKEN, V);
        assertTrue(response.statusCode() >= 400 && response.statusCode() < 500, response.body());
        assertOneLineError(response);
        assertFalse(ping().get("driverInitialized").asBoolean());
        assertEquals(409, send("GET", "/v1/topic-name-prefix", null, "Bearer " + TOKEN, V).statusCode());
    }

    @Test
    void oversizedBodiesAreRefused() throws Exception {
        assertEquals(204, send("POST", "/v1/initialize-driver", INMEMORY_SETUP, "Bearer " + TOKEN, V).statusCode());
        byte[] big = new byte[(int) WireProtocol.MAX_REQUEST_BYTES + 1];
        java.util.Arrays.fill(big, (byte) ' ');
        HttpRequest request = request("POST", "/v1/start-load", "Bearer " + TOKEN, V, server.port())
                .method("POST", HttpRequest.BodyPublishers.ofByteArray(big)).build();
        int status;
        try {
            status = client.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
        } catch (java.io.IOException e) {
            status = -1; // the server may close the connection as soon as it has refused
        }
        assertTrue(status == 413 || status == -1, "status " + status);
        assertFalse(ping().get("loadRunning").asBoolean());
    }

    @Test
    void aDifferentProtocolVersionIsRefusedButTheHandshakeAnswers() throws Exception {
        HttpResponse<String> response = send("GET", "/v1/ping", null, "Bearer " + TOKEN,
                String.valueOf(WireProtocol.VERSION + 1));
        assertEquals(400, response.statusCode());
        assertTrue(response.body().contains("protocol version mismatch"), response.body());
        HttpResponse<String> info = send("GET", "/v1/info", null, "Bearer " + TOKEN, null);
        assertEquals(200, info.statusCode());
        assertEquals(WireProtocol.VERSION, WireJson.mapper().readTree(info.body()).get("protocol").asInt());
    }

    @Test
    void unknownEndpointsAnswerJson() throws Exception {
        HttpResponse<String> response = send("GET", "/v1/nothing-here", null, "Bearer " + TOKEN, V);
        assertEquals(404, response.statusCode());
        assertOneLineError(response);
    }

    @Test
    void aKnownEndpointAskedWithAnotherMethodAnswers405WithAllow() throws Exception {
        for (String[] c : new String[][] {{"POST", "/v1/ping", "GET"}, {"GET", "/v1/initialize-driver", "POST"},
                {"DELETE", "/v1/close", "POST"}}) {
            HttpResponse<String> response = send(c[0], c[1], null, "Bearer " + TOKEN, V);
            assertEquals(405, response.statusCode(), c[0] + " " + c[1] + " -> " + response.body());
            assertEquals(c[2], response.headers().firstValue("Allow").orElse(null), c[0] + " " + c[1]);
            assertOneLineError(response);
        }
        assertEquals(405, send("POST", "/metrics", null, "Bearer " + TOKEN, V, server.statsPort()).statusCode());
        assertEquals(404, send("POST", "/v1/nothing-here", null, "Bearer " + TOKEN, V).statusCode());
    }

    @Test
    void aSourceFileThatNamesNoFileIsRefusedAndNothingIsDeleted() throws Exception {
        // the worker's scratch directories live in the temporary directory: it must survive them all
        Path canary = Files.createTempFile("brokerbench-canary-", ".txt");
        try {
            for (String sourceFile : new String[] {"", ".", "..", "/", "drivers/", "drivers/..", "C:\\drivers\\",
                    "a\u0000b", "x".repeat(256)}) {
                HttpResponse<String> response = send("POST", "/v1/initialize-driver", setup(sourceFile),
                        "Bearer " + TOKEN, V);
                assertEquals(400, response.statusCode(), "'" + sourceFile + "' -> " + response.body());
                assertOneLineError(response);
                assertTrue(response.body().contains("field 'sourceFile' = '"), response.body());
                assertTrue(response.body().contains("': must name a file"), response.body());
                assertTrue(Files.exists(canary), "'" + sourceFile + "' deleted the temporary directory");
            }
            assertFalse(ping().get("driverInitialized").asBoolean());
            // the coordinator sends the user's path, relative or absolute: its last element is the name
            for (String sourceFile : new String[] {"driver-kafka/kafka.yaml", "/etc/brokerbench/kafka.yaml",
                    "C:\\brokerbench\\kafka.yaml", "kafka.yaml"}) {
                HttpResponse<String> response = send("POST", "/v1/initialize-driver", setup(sourceFile),
                        "Bearer " + TOKEN, V);
                assertEquals(204, response.statusCode(), sourceFile + " -> " + response.body());
            }
            assertEquals(204, send("POST", "/v1/close", null, "Bearer " + TOKEN, V).statusCode());
            assertTrue(Files.exists(canary));
        } finally {
            Files.deleteIfExists(canary);
        }
    }

    @Test
    void callsOfAnotherRunAreRefusedWhileOneRunHoldsTheWorker() throws Exception {
        String auth = "Bearer " + TOKEN;
        assertEquals(204, send("POST", "/v1/initialize-driver", INMEMORY_SETUP, auth, V).statusCode());
        for (String[] c : new String[][] {{"POST", "/v1/initialize-driver", INMEMORY_SETUP}, {"POST", "/v1/snapshot", null},
                {"POST", "/v1/stop-load", null}, {"GET", "/v1/topic-name-prefix", null}, {"POST", "/v1/close", null}}) {
            HttpResponse<String> response = send(c[0], c[1], c[2], auth, V, "run-b");
            assertEquals(409, response.statusCode(), c[1] + " -> " + response.body());
            assertEquals("ANOTHER_RUN", response.headers().firstValue(WireProtocol.NOT_OWNER_HEADER).orElse(null));
            assertOneLineError(response);
            assertTrue(response.body().contains("worker busy: serving run run-a since "), response.body());
        }
        assertEquals("ANOTHER_RUN", ping("run-b").get("serving").asText());
        assertEquals("THIS_RUN", ping(RUN).get("serving").asText());
        assertTrue(ping(RUN).get("driverInitialized").asBoolean(), "the run holding the worker was not disturbed");
        assertEquals(200, send("POST", "/v1/snapshot", null, auth, V).statusCode());

        assertEquals(204, send("POST", "/v1/close", null, auth, V).statusCode());
        assertEquals("NO_RUN", ping("run-b").get("serving").asText());
        HttpResponse<String> late = send("POST", "/v1/snapshot", null, auth, V);
        assertEquals(409, late.statusCode(), late.body());
        assertEquals("NO_RUN", late.headers().firstValue(WireProtocol.NOT_OWNER_HEADER).orElse(null));
        assertTrue(late.body().contains("worker was reset at "), late.body());
        assertEquals(204, send("POST", "/v1/initialize-driver", INMEMORY_SETUP, auth, V, "run-b").statusCode());
    }

    @Test
    void callsThatNameNoRunAreRefused() throws Exception {
        for (String run : new String[] {null, "", "a b", "x".repeat(65)}) {
            HttpResponse<String> response = send("POST", "/v1/initialize-driver", INMEMORY_SETUP, "Bearer " + TOKEN, V,
                    run);
            assertEquals(400, response.statusCode(), run + " -> " + response.body());
            assertOneLineError(response);
        }
        assertFalse(ping().get("driverInitialized").asBoolean());
        assertEquals(200, send("GET", "/v1/ping", null, "Bearer " + TOKEN, V, null).statusCode(), "ping is open");
    }

    @Test
    void concurrentSetupsLeaveOneDriverAndCloseLeavesNone() throws Exception {
        String ledger = LeakCheckingDriver.newLedger();
        String setup = setup(LeakCheckingDriver.yaml(ledger, Step.NONE), "leak.yaml");
        // this test is about setups racing, not about the per-client connection limit
        try (WorkerServer roomy = new WorkerServer("127.0.0.1", 0, -1, TOKEN, Duration.ofMinutes(5),
                new ServerLimits(500, ServerLimits.defaults().bodyDeadline(), Duration.ofSeconds(30)))) {
            List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                calls.add(client.sendAsync(request("POST", "/v1/initialize-driver", "Bearer " + TOKEN, V, roomy.port())
                        .POST(HttpRequest.BodyPublishers.ofString(setup)).build(), HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> call : calls) {
                HttpResponse<String> response = call.get(2, TimeUnit.MINUTES);
                assertEquals(204, response.statusCode(), response.body());
            }
            LeakCheckingDriver.Ledger drivers = LeakCheckingDriver.ledger(ledger);
            assertEquals(100, drivers.opened());
            assertEquals(99, drivers.closed(), "each setup closes the one it replaces");

            HttpResponse<String> close = client.send(request("POST", "/v1/close", "Bearer " + TOKEN, V, roomy.port())
                    .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(204, close.statusCode(), close.body());
            assertEquals(100, drivers.closed());
            for (Path file : drivers.files()) {
                assertFalse(Files.exists(file.getParent()), "scratch directory left: " + file.getParent());
            }
        }
    }

    @Test
    void aDriverWhoseInitializationFailsIsClosedAtOnce() throws Exception {
        String ledger = LeakCheckingDriver.newLedger();
        HttpResponse<String> response = send("POST", "/v1/initialize-driver",
                setup(LeakCheckingDriver.yaml(ledger, Step.INITIALIZE), "leak.yaml"), "Bearer " + TOKEN, V);
        assertEquals(500, response.statusCode(), response.body());
        assertTrue(response.body().contains("cannot reach the broker"), response.body());
        LeakCheckingDriver.Ledger drivers = LeakCheckingDriver.ledger(ledger);
        assertEquals(1, drivers.opened());
        assertEquals(1, drivers.closed(), "closed without waiting for the coordinator's close");
        assertFalse(Files.exists(drivers.files().get(0).getParent()));
    }

    private static String setup(String sourceFile) throws Exception {
        return setup("name: InMemory\n", sourceFile).replace(LeakCheckingDriver.class.getName(),
                "io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver");
    }

    private static String setup(String yaml, String sourceFile) throws Exception {
        return WireJson.mapper().writeValueAsString(new DriverSetup("x", LeakCheckingDriver.class.getName(), yaml,
                sourceFile));
    }

    private void assertAllRefused(int status, String[][] cases) throws Exception {
        for (String[] c : cases) {
            HttpResponse<String> response = send("POST", c[0], c[1], "Bearer " + TOKEN, V);
            assertEquals(status, response.statusCode(), c[0] + " " + c[1] + " -> " + response.body());
            assertOneLineError(response);
        }
    }

    private JsonNode ping(String run) throws Exception {
        HttpResponse<String> response = send("GET", "/v1/ping", null, "Bearer " + TOKEN, V, run);
        assertEquals(200, response.statusCode(), response.body());
        return WireJson.mapper().readTree(response.body());
    }

    private JsonNode ping() throws Exception {
        HttpResponse<String> response = send("GET", "/v1/ping", null, "Bearer " + TOKEN, V);
        assertEquals(200, response.statusCode(), response.body());
        return WireJson.mapper().readTree(response.body());
    }

    private static void assertOneLineError(HttpResponse<String> response) throws Exception {
        JsonNode body = WireJson.mapper().readTree(response.body());
        String error = body.get("error").asText();
        assertFalse(error.isBlank());
        assertFalse(error.contains("\n"), error);
        assertFalse(error.contains("\tat "), error);
        assertEquals(1, body.size(), response.body());
    }

    private HttpResponse<String> send(String method, String path, String body, String authorization, String protocol)
            throws Exception {
        return send(method, path, body, authorization, protocol, server.port());
    }

    private HttpResponse<String> send(String method, String path, String body, String authorization, String protocol,
            int port) throws Exception {
        return send(method, path, body, authorization, protocol, port, RUN);
    }

    private HttpResponse<String> send(String method, String path, String body, String authorization, String protocol,
            String run) throws Exception {
        return send(method, path, body, authorization, protocol, server.port(), run);
    }

    private HttpResponse<String> send(String method, String path, String body, String authorization, String protocol,
            int port, String run) throws Exception {
        HttpRequest.Builder builder = request(method, path, authorization, protocol, port, run).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return client.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest.Builder request(String method, String path, String authorization, String protocol, int port) {
        return request(method, path, authorization, protocol, port, RUN);
    }

    private static HttpRequest.Builder request(String method, String path, String authorization, String protocol, int port,
            String run) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30));
        if (run != null) {
            builder.header(WireProtocol.RUN_HEADER, run);
        }
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        if (protocol != null) {
            builder.header(WireProtocol.VERSION_HEADER, protocol);
        }
        return builder;
    }
}
