package io.brokerbench.localbroker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Real namespaces, links and nftables rules (needs root, as the project's machines run): a listener in
 * node b's namespace, reached from this namespace (where clients run) and from node a's. Isolation cuts
 * a from b but not the clients unless asked, loss of 100 % cuts everything b sends, healing undoes each,
 * and what was made is gone after close and after the JVM that made it is killed with SIGKILL.
 */
@Timeout(180)
class NodeNamespacesTest {

    private static final int PORT = 7600;
    /** Generous for a connection on one machine: a connection that fails here was cut, not slow. */
    private static final int CONNECT_SECONDS = 5;

    @Test
    void isolationCutsTheNodeFromItsPeersAndOnlyWhenAskedFromTheClientsLossDropsWhatItSendsHealingUndoesEach()
            throws Exception {
        List<String> made;
        try (NodeNamespaces namespaces = NodeNamespaces.create(List.of("a", "b", "c"))) {
            made = List.of(namespaces.namespace("a"), namespaces.namespace("b"), namespaces.namespace("c"));
            assertTrue(namespaceNames().containsAll(made), namespaceNames().toString());
            assertTrue(namespaces.address("b").startsWith("10.250."), namespaces.address("b"));
            Process listener = listen(namespaces, "b");
            try {
                await("listener in b").atMost(Duration.ofSeconds(30)).until(() -> fromClients(namespaces.address("b")));
                assertTrue(fromNode(namespaces, "a", namespaces.address("b")), "a reaches b");

                NodeNamespaces.Healing isolation = namespaces.isolate("b", false);
                assertFalse(fromNode(namespaces, "a", namespaces.address("b")), "b cut from a");
                assertTrue(fromClients(namespaces.address("b")), "but not from the clients");
                isolation.heal();
                assertTrue(fromNode(namespaces, "a", namespaces.address("b")), "a reaches b once healed");

                NodeNamespaces.Healing total = namespaces.isolate("b", true);
                assertFalse(fromClients(namespaces.address("b")), "b cut from the clients too");
                total.heal();
                assertTrue(fromClients(namespaces.address("b")), "the clients reach b once healed");

                NodeNamespaces.Healing loss = namespaces.loss("b", 100);
                assertFalse(fromClients(namespaces.address("b")), "b's answers all dropped");
                loss.heal();
                assertTrue(fromClients(namespaces.address("b")), "the clients reach b once the loss is healed");
            } finally {
                listener.destroyForcibly().waitFor();
            }
        }
        List<String> left = namespaceNames();
        made.forEach(namespace -> assertFalse(left.contains(namespace), namespace + " removed on close: " + left));
    }

    @Test
    void whatAKilledJvmMadeIsRemovedByItsJanitor() throws Exception {
        Process jvm = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-cp", System.getProperty("java.class.path"), NamespacedJvm.class.getName()))
                .redirectErrorStream(true).start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
            String line = lines.readLine();
            while (line != null && !line.startsWith("ready ")) {
                line = lines.readLine();
            }
            assertTrue(line != null, "the JVM made its namespaces");
            String[] names = line.split(" ");
            String bridge = names[1];
            List<String> namespaces = List.of(names[2], names[3]);
            assertTrue(namespaceNames().containsAll(namespaces), namespaceNames().toString());
            assertEquals(0, run("ip", "link", "show", bridge), "the bridge exists");

            jvm.destroyForcibly().waitFor();

            await("namespaces " + namespaces + " removed after their JVM was killed").atMost(Duration.ofSeconds(30))
                    .until(() -> namespaceNames().stream().noneMatch(namespaces::contains));
            await("bridge " + bridge + " removed").atMost(Duration.ofSeconds(30))
                    .until(() -> run("ip", "link", "show", bridge) != 0);
        } finally {
            jvm.destroyForcibly();
        }
    }

    private static Process listen(NodeNamespaces namespaces, String node) throws IOException {
        String script = "import socket\n"
                + "s = socket.socket()\n"
                + "s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)\n"
                + "s.bind(('" + namespaces.address(node) + "', " + PORT + "))\n"
                + "s.listen(16)\n"
                + "while True:\n"
                + "    c, _ = s.accept()\n"
                + "    c.close()\n";
        return new ProcessBuilder(namespaces.command(node, List.of("/usr/bin/python3", "-c", script)))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static boolean fromClients(String address) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, PORT), CONNECT_SECONDS * 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean fromNode(NodeNamespaces namespaces, String node, String address) throws Exception {
        List<String> command = new ArrayList<>(namespaces.command(node, List.of("timeout", Integer.toString(CONNECT_SECONDS),
                "bash", "-c", "exec 3<>/dev/tcp/" + address + "/" + PORT)));
        return run(command.toArray(String[]::new)) == 0;
    }

    private static List<String> namespaceNames() throws Exception {
        Process ip = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
        String text = new String(ip.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        ip.waitFor();
        return text.lines().map(line -> line.split(" ")[0]).toList();
    }

    private static int run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("did not finish: " + String.join(" ", command));
        }
        return process.exitValue();
    }
}
