package io.brokerbench.remote.server;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.remote.wire.WireProtocol;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Clients that hold connections open with request bodies that trickle in, or never start: the
 * worker cuts them off, and the coordinator's pings keep being answered meanwhile. The misbehaving
 * clients connect from 127.0.0.2, which the server sees as another client than the pings' 127.0.0.1.
 */
@Timeout(120)
class SlowClientTest {

    private static final Duration PING_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    private final HttpClient pinger = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final List<Trickler> tricklers = new ArrayList<>();
    private WorkerServer server;

    @AfterEach
    void stop() {
        tricklers.forEach(Trickler::close);
        if (server != null) {
            server.close();
        }
    }

    @Test
    void oneClientsConnectionsBeyondTheLimitAreClosedAndPingsKeepAnswering() throws Exception {
        // bodies that stall after their first byte: each holds a server thread, and without the limit
        // 300 of them hold all 250, so that pings go unanswered
        start(new ServerLimits(4, Duration.ofSeconds(60), Duration.ofSeconds(60)));
        for (int i = 0; i < 300; i++) {
            tricklers.add(Trickler.slowBody("127.0.0.2", server.port(), "slow-" + i, "{"));
        }
        await("connections beyond the limit of 4 closed").atMost(DEADLINE).until(() -> pollOpen() <= 4);
        for (int i = 0; i < 3; i++) {
            assertEquals(200, ping().statusCode());
        }
        tricklers.forEach(Trickler::poll);
        assertEquals(4, tricklers.stream().filter(Trickler::open).count(), "the limit lets 4 stay");

        // the client's closed connections are counted down: it gets back in
        tricklers.forEach(Trickler::close);
        await("a client that closed its connections gets back in").atMost(DEADLINE)
                .until(() -> pingFrom("127.0.0.2").startsWith("HTTP/1.1 200"));
    }

    @Test
    void bodiesNotCompleteWithinTheDeadlineAreCutOff() throws Exception {
        start(new ServerLimits(1000, Duration.ofSeconds(5), Duration.ofSeconds(60)));
        for (int i = 0; i < 50; i++) {
            tricklers.add(Trickler.slowBody("127.0.0.1", server.port(), "slow-" + i, "{"));
        }
        // one byte a second on each connection, and the pings answered meanwhile
        await("connections trickling 1 byte/s cut off").atMost(DEADLINE).pollInterval(Duration.ofSeconds(1)).until(() -> {
            if (pollOpen() == 0) {
                return true;
            }
            assertEquals(200, ping().statusCode());
            tricklers.forEach(Trickler::trickle);
            return false;
        });
        assertTrue(tricklers.stream().allMatch(t -> t.answer().startsWith("HTTP/1.1 408")), tricklers.get(0).answer());
    }

    @Test
    void aSmallBodyWhoseLastBytesComeLateOnABusyMachineIsAccepted() throws Exception {
        // Jetty's minimum data rate refused this: 2 bytes in 300 ms is far below any byte rate
        start(ServerLimits.defaults());
        Trickler late = new Trickler("127.0.0.1", server.port(), "POST /v1/initialize-driver HTTP/1.1\r\nHost: worker\r\n"
                + WireProtocol.VERSION_HEADER + ": " + WireProtocol.VERSION + "\r\n" + WireProtocol.RUN_HEADER
                + ": late\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{");
        tricklers.add(late);
        Thread.sleep(300);
        late.finish("}");
        await("an answer").atMost(Duration.ofSeconds(20)).until(() -> {
            late.poll();
            return !late.answer().isEmpty();
        });
        // the body is no driver setup: refused as such (400), not for its pace
        assertTrue(late.answer().startsWith("HTTP/1.1 400"), late.answer());
    }

    @Test
    void aBodyThatNeverStartsIsCutOffByTheIdleTimeout() throws Exception {
        start(new ServerLimits(1000, Duration.ofSeconds(60), Duration.ofSeconds(2)));
        for (int i = 0; i < 5; i++) {
            tricklers.add(Trickler.slowBody("127.0.0.1", server.port(), "silent-" + i, ""));
        }
        await("silent connections closed").atMost(Duration.ofSeconds(15)).until(() -> pollOpen() == 0);
    }

    /** Reads what the server sent each client; how many connections it left open. */
    private long pollOpen() {
        tricklers.forEach(Trickler::poll);
        return tricklers.stream().filter(Trickler::open).count();
    }

    private void start(ServerLimits limits) {
        server = new WorkerServer("127.0.0.1", 0, -1, null, Duration.ofMinutes(5), limits);
    }

    private HttpResponse<String> ping() throws IOException, InterruptedException {
        return pinger.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/v1/ping"))
                .timeout(PING_TIMEOUT).header(WireProtocol.VERSION_HEADER, String.valueOf(WireProtocol.VERSION)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** One ping over a fresh connection from {@code address}: the server's answer, or "" if it closed. */
    private String pingFrom(String address) throws IOException, InterruptedException {
        try (Trickler client = new Trickler(address, server.port(), "GET /v1/ping HTTP/1.1\r\nHost: worker\r\n"
                + WireProtocol.VERSION_HEADER + ": " + WireProtocol.VERSION + "\r\n\r\n")) {
            await("an answer or a closed connection").atMost(PING_TIMEOUT).until(() -> {
                client.poll();
                return !client.open() || client.answer().contains("\r\n\r\n");
            });
            return client.answer();
        }
    }

    /** A client connection from a chosen loopback address, driven without blocking. */
    private static final class Trickler implements AutoCloseable {
        private final SocketChannel channel;
        private final StringBuilder answer = new StringBuilder();
        private boolean open = true;

        /** Connects and sends {@code request}. */
        Trickler(String from, int port, String request) throws IOException {
            channel = SocketChannel.open();
            channel.bind(new InetSocketAddress(from, 0));
            channel.connect(new InetSocketAddress("127.0.0.1", port));
            channel.write(ByteBuffer.wrap(request.getBytes(StandardCharsets.US_ASCII)));
            channel.configureBlocking(false);
        }

        /** A request to initialize-driver announcing a 1 MB body, of which only {@code start} is sent. */
        static Trickler slowBody(String from, int port, String run, String start) throws IOException {
            return new Trickler(from, port, "POST /v1/initialize-driver HTTP/1.1\r\nHost: worker\r\n"
                    + WireProtocol.VERSION_HEADER + ": " + WireProtocol.VERSION + "\r\n"
                    + WireProtocol.RUN_HEADER + ": " + run + "\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 1000000\r\n\r\n" + start);
        }

        boolean open() {
            return open;
        }

        /** Sends the rest of the request at once. */
        void finish(String rest) throws IOException {
            channel.write(ByteBuffer.wrap(rest.getBytes(StandardCharsets.US_ASCII)));
        }

        String answer() {
            return answer.toString();
        }

        void trickle() {
            if (!open) {
                return;
            }
            try {
                channel.write(ByteBuffer.wrap(new byte[] {' '}));
            } catch (IOException e) {
                open = false; // reset by the server
            }
        }

        /** Reads whatever the server sent; end of stream means it closed the connection. */
        void poll() {
            if (!open) {
                return;
            }
            ByteBuffer buffer = ByteBuffer.allocate(4096);
            try {
                int read;
                while ((read = channel.read(buffer)) > 0) {
                    answer.append(new String(buffer.array(), 0, read, StandardCharsets.US_ASCII));
                    buffer.clear();
                }
                if (read < 0) {
                    open = false;
                }
            } catch (IOException e) {
                open = false;
            }
        }

        @Override
        public void close() {
            open = false;
            try {
                channel.close();
            } catch (IOException ignored) {
                // the test is done with it
            }
        }
    }
}
