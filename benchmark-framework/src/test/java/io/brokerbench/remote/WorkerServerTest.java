package io.brokerbench.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A real WorkerServer on loopback, spoken to with a plain HTTP client. */
class WorkerServerTest {

    private static final String TOKEN = "correct horse battery staple";
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
            HttpResponse<String> response = send("POST", "/v1/initialize-driver", INMEMORY_SETUP, authorization, "1");
            assertEquals(401, response.statusCode(), String.valueOf(authorization));
            assertOneLineError(response);
        }
        assertFalse(ping().get("driverInitialized").asBoolean());
        assertEquals(401, send("GET", "/metrics", null, null, "1", server.statsPort()).statusCode());

        assertEquals(204, send("POST", "/v1/initialize-driver", INMEMORY_SETUP, "Bearer " + TOKEN, "1").statusCode());
        assertTrue(ping().get("driverInitialized").asBoolean());
        assertEquals(200, send("GET", "/metrics", null, "Bearer " + TOKEN, "1", server.statsPort()).statusCode());
    }

    @Test
    void malformedOrIncompleteBodiesAreRefusedWithOneLine() throws Exception {
        String[][] cases = {
            {"/v1/initialize-driver", "{not json"},
            {"/v1/initialize-driver", "{\"name\":\"x\"}"},
            {"/v1/initialize-driver", "{\"name\":\"x\",\"driverClass\":null,\"yaml\":\"\",\"sourceFile\":\"f\"}"},
            {"/v1/initialize-driver", ""},
            {"/v1/initialize-driver", "[]"},
            {"/v1/create-producers", "[null]"},
            {"/v1/create-producers", "[{\"id\":-1,\"topic\":\"t\"}]"},
            {"/v1/create-topics", "[{\"topic\":\"t\",\"partitions\":0}]"},
            {"/v1/start-load", "{\"ratePerProducer\":-5,\"keyDistributor\":\"NO_KEY\",\"payloads\":[\"AAAA\"],"
                    + "\"maxInFlightPerProducer\":10}"},
            {"/v1/start-load", "{\"ratePerProducer\":5,\"keyDistributor\":\"SIDEWAYS\",\"payloads\":[\"AAAA\"],"
                    + "\"maxInFlightPerProducer\":10}"},
            {"/v1/start-load", "{\"ratePerProducer\":5,\"keyDistributor\":\"NO_KEY\",\"payloads\":[],"
                    + "\"maxInFlightPerProducer\":10}"},
            {"/v1/initialize-driver", INMEMORY_SETUP + " trailing"},
        };
        for (String[] c : cases) {
            HttpResponse<String> response = send("POST", c[0], c[1], "Bearer " + TOKEN, "1");
            assertEquals(400, response.statusCode(), c[0] + " " + c[1] + " -> " + response.body());
            assertOneLineError(response);
        }
        assertFalse(ping().get("driverInitialized").asBoolean());
    }

    @Test
    void anUnknownDriverClassLeavesNoHalfInitializedDriver() throws Exception {
        HttpResponse<String> response = send("POST", "/v1/initialize-driver", INMEMORY_SETUP.replace("InMemoryBenchmarkDriver",
                "NoSuchDriver"), "Bearer " + TOKEN, "1");
        assertTrue(response.statusCode() >= 400 && response.statusCode() < 500, response.body());
        assertOneLineError(response);
        assertFalse(ping().get("driverInitialized").asBoolean());
        assertEquals(409, send("GET", "/v1/topic-name-prefix", null, "Bearer " + TOKEN, "1").statusCode());
    }

    @Test
    void oversizedBodiesAreRefused() throws Exception {
        byte[] big = new byte[(int) WireProtocol.MAX_REQUEST_BYTES + 1];
        java.util.Arrays.fill(big, (byte) ' ');
        HttpRequest request = request("POST", "/v1/start-load", "Bearer " + TOKEN, "1", server.port())
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
        HttpResponse<String> response = send("GET", "/v1/ping", null, "Bearer " + TOKEN, "2");
        assertEquals(400, response.statusCode());
        assertTrue(response.body().contains("protocol version mismatch"), response.body());
        HttpResponse<String> info = send("GET", "/v1/info", null, "Bearer " + TOKEN, null);
        assertEquals(200, info.statusCode());
        assertEquals(WireProtocol.VERSION, WireJson.mapper().readTree(info.body()).get("protocol").asInt());
    }

    @Test
    void unknownEndpointsAnswerJson() throws Exception {
        HttpResponse<String> response = send("GET", "/v1/nothing-here", null, "Bearer " + TOKEN, "1");
        assertEquals(404, response.statusCode());
        assertOneLineError(response);
    }

    private JsonNode ping() throws Exception {
        HttpResponse<String> response = send("GET", "/v1/ping", null, "Bearer " + TOKEN, "1");
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
        HttpRequest.Builder builder = request(method, path, authorization, protocol, port).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return client.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest.Builder request(String method, String path, String authorization, String protocol, int port) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(30));
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        if (protocol != null) {
            builder.header(WireProtocol.VERSION_HEADER, protocol);
        }
        return builder;
    }
}
