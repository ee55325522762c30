package io.brokerbench.localbroker.redis;

import io.brokerbench.localbroker.BrokerProcess;
import io.brokerbench.localbroker.DebianPackage;
import io.brokerbench.localbroker.FreePorts;
import io.brokerbench.localbroker.LocalBroker;
import io.brokerbench.localbroker.LocalBrokerLauncher;
import io.brokerbench.localbroker.NodeNamespaces;
import io.brokerbench.localbroker.RunningBroker;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts redis-server (Debian package {@code redis-server}) on 127.0.0.1 with no persistence, and at
 * most half the machine's memory; with {@code localBrokerNodes} above 1, a primary and its replicas
 * watched by a sentinel ({@link ReplicatedRedis}); or each server and the sentinel in a network namespace
 * of its own on its own address ({@link NodeNamespaces}), for network faults.
 *
 * <p>Every start requires a freshly generated password ({@code endpoints().get("password")}): a
 * driver file refers to it as {@code ${localBroker.password}}, and a wrong password can be tested
 * against a real server.
 */
public final class RedisLauncher implements LocalBrokerLauncher {

    private static final String TYPE = "redis";
    private static final String LOOPBACK = "127.0.0.1";
    /** A primary and up to four replicas: on one machine, more copies would only share its cores further. */
    private static final int MAX_NODES = 5;

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    private static final int PROBE_TIMEOUT_MS = 1_000;

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public int maxNodes() {
        return MAX_NODES;
    }

    /** The sentinel's endpoints exist only for more than one node; a driver file naming them still validates. */
    @Override
    public Map<String, String> exampleEndpoints() {
        return Map.of("host", LOOPBACK, "port", "6379", "password", "bbexample",
                ReplicatedRedis.SENTINEL_HOST, LOOPBACK, ReplicatedRedis.SENTINEL_PORT, "26379",
                ReplicatedRedis.SENTINEL_MASTER, ReplicatedRedis.MASTER_NAME);
    }

    @Override
    public boolean startsInNamespaces() {
        return true;
    }

    @Override
    public LocalBroker start(Path home, Path runDir, int nodes) throws IOException, InterruptedException {
        return start(runDir, nodes, null);
    }

    @Override
    public LocalBroker startInNamespaces(Path home, Path runDir, int nodes) throws IOException, InterruptedException {
        return NodeNamespaces.startIn(nodes > 1 ? ReplicatedRedis.names(nodes) : List.of(TYPE),
                namespaces -> start(runDir, nodes, namespaces));
    }

    /** @param namespaces null: every node on 127.0.0.1 */
    private static LocalBroker start(Path runDir, int nodes, NodeNamespaces namespaces) throws IOException, InterruptedException {
        Path redisServer = DebianPackage.executable("redis-server", "redis-server");
        String version = parseVersion(DebianPackage.versionLine(redisServer));
        String password = newPassword();
        Map<String, String> settings = resultSettings(nodes);
        if (nodes > 1) {
            return ReplicatedRedis.start(redisServer, version, runDir, nodes, password, settings, namespaces);
        }
        RedisNode node = new RedisNode(TYPE, namespaces == null ? LOOPBACK : namespaces.address(TYPE), FreePorts.next());
        Path config = writeConfig(runDir, node, password, settings);
        List<String> command = List.of(redisServer.toString(), config.toString());
        BrokerProcess process = BrokerProcess.start(TYPE, namespaces == null ? command : namespaces.command(TYPE, command),
                runDir, runDir.resolve("redis.log"), Map.of());
        try {
            process.awaitReady(READY_TIMEOUT, () -> answersPong(node, password));
        } catch (IOException | InterruptedException | RuntimeException e) {
            process.close();
            throw e;
        }
        return new RunningBroker(TYPE, version, Map.of(TYPE, process), runDir,
                Map.of("host", node.host(), "port", Integer.toString(node.port()), "password", password),
                settings, null, namespaces);
    }

    /** Server settings that change what a benchmark measures; recorded with the result. */
    private static Map<String, String> resultSettings(int nodes) {
        Map<String, String> settings = new LinkedHashMap<>();
        // no RDB snapshots and no append-only file: a benchmark measures memory-only streams
        settings.put("save", "\"\"");
        settings.put("appendonly", "no");
        // streams live in memory: past this, writes fail with an OOM error the run reports, rather than
        // the kernel killing the server, or another process, when the machine runs out; every node of a
        // group holds a whole copy, so they share that bound
        settings.put("maxmemory", Long.toString(maxMemoryBytes(Path.of("/proc/meminfo")) / nodes));
        settings.put("maxmemory-policy", "noeviction");
        settings.put("protected-mode", "yes");
        return settings;
    }

    /** Half the machine's memory, from {@code MemTotal} in {@code meminfo}; 0 (no limit) if it cannot be read. */
    static long maxMemoryBytes(Path meminfo) {
        try {
            for (String line : Files.readAllLines(meminfo, StandardCharsets.US_ASCII)) {
                String[] words = line.trim().split("\\s+");
                if (words.length >= 2 && words[0].equals("MemTotal:")) {
                    return Long.parseLong(words[1]) * 1024 / 2;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux, or an odd file: run unbounded, as redis does by default
        }
        return 0;
    }

    /** {@code dir/redis.conf} for the server {@code node} keeping its files in {@code dir}, with {@code settings} last. */
    static Path writeConfig(Path dir, RedisNode node, String password, Map<String, String> settings) throws IOException {
        List<String> lines = new ArrayList<>();
        settings.forEach((key, value) -> lines.add(key + " " + value));
        return writeConfigFile(dir.resolve("redis.conf"), node, password, lines);
    }

    /**
     * {@code file} for a server, or a sentinel, listening only on {@code node}'s address and port that keeps
     * its files beside it, requires {@code password} and is configured further by {@code lines}.
     */
    static Path writeConfigFile(Path file, RedisNode node, String password, List<String> lines) throws IOException {
        StringBuilder text = new StringBuilder("# written by " + RedisLauncher.class.getName() + "\n");
        text.append("bind ").append(node.host()).append('\n');
        text.append("port ").append(node.port()).append('\n');
        text.append("daemonize no\n");
        text.append("dir ").append(file.getParent()).append('\n');
        text.append("requirepass ").append(password).append('\n');
        lines.forEach(line -> text.append(line).append('\n'));
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /**
     * A plain-socket {@code AUTH} + {@code PING}: all readiness needs, without a client library.
     */
    static boolean answersPong(RedisNode node, String password) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(node.host(), node.port()), PROBE_TIMEOUT_MS);
            socket.setSoTimeout(PROBE_TIMEOUT_MS);
            OutputStream out = socket.getOutputStream();
            out.write(("AUTH " + password + "\r\nPING\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String expected = "+OK\r\n+PONG\r\n";
            InputStream in = socket.getInputStream();
            byte[] reply = in.readNBytes(expected.length());
            return expected.equals(new String(reply, StandardCharsets.US_ASCII));
        } catch (IOException notYet) {
            return false;
        }
    }

    /** {@code Redis server v=7.0.15 sha=...} → {@code 7.0.15}. */
    static String parseVersion(String versionLine) {
        for (String word : versionLine.split("\\s+")) {
            if (word.startsWith("v=")) {
                return word.substring(2);
            }
        }
        return versionLine;
    }

    private static String newPassword() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        // a letter first keeps YAML from reading an all-digit password as a number
        return "bb" + HexFormat.of().formatHex(bytes);
    }
}
