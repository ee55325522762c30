package io.brokerbench.localbroker.pulsar;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ZooKeeper's four-letter words, sent over a plain socket: the launcher's classpath has no ZooKeeper
 * client (the broker's jars are only on the broker's), and two words say what it needs to know —
 * {@code ruok} whether the server serves, {@code dump} which bookies are registered right now.
 */
final class ZooKeeperWords {

    private static final int TIMEOUT_MILLIS = 2_000;
    /** A bookie registers itself as an ephemeral node /ledgers/available/<id> (or .../readonly/<id>). */
    private static final Pattern WRITABLE_BOOKIE = Pattern.compile("^\\s*/ledgers/available/([^/\\s]+:\\d+)\\s*$",
            Pattern.MULTILINE);

    private final String host;
    private final int port;

    ZooKeeperWords(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /** Whether the server answers {@code ruok} with {@code imok}; false while it starts or when it is gone. */
    boolean serving() {
        try {
            return ask("ruok").equals("imok");
        } catch (IOException e) {
            return false;
        }
    }

    /** The ids of the bookies registered as writable now (read-only ones register elsewhere), as in the server's dump. */
    List<String> writableBookies() throws IOException {
        Matcher matcher = WRITABLE_BOOKIE.matcher(ask("dump"));
        return matcher.results().map(match -> match.group(1)).sorted().toList();
    }

    private String ask(String word) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            out.write(word.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            // the server answers and closes the connection
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
    }
}
