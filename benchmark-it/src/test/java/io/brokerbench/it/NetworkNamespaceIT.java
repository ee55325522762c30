package io.brokerbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.localbroker.FreePorts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Workers on their own IP addresses, each in a network namespace this test creates and joins to the
 * test's namespace with a veth pair (10.251.N.1 here, 10.251.N.2 there); the namespaces are deleted
 * afterwards. The in-memory driver needs no broker: the point is the worker protocol across
 * addresses, token and all.
 */
class NetworkNamespaceIT {

    private final String tag = "bb" + ProcessHandle.current().pid() % 100_000;
    private final List<String> namespaces = new ArrayList<>();
    private final List<String> hostLinks = new ArrayList<>();

    @Test
    void coordinatorDrivesWorkersOnOtherAddresses(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
                "network namespaces need root: skipped");
        List<WorkerProcess> workers = new ArrayList<>();
        try {
            for (int n = 1; n <= 2; n++) {
                String address = createNamespace(n);
                workers.add(WorkerProcess.start(List.of("ip", "netns", "exec", namespaces.get(n - 1)), address,
                        FreePorts.next(), FreePorts.next()));
            }
            Coordinator coordinator = new Coordinator(dir.resolve("result.json"));
            int exit = coordinator.start(workers.stream().map(w -> w.url().toString()).toList(),
                    "--worker-roles", "mixed", "--drivers", Workloads.inMemoryDriver(dir).toString(),
                    Workloads.write(dir, 1, 1, 1, 3).toString()).get(3, TimeUnit.MINUTES);

            assertEquals(0, exit, coordinator.console());
            JsonNode result = coordinator.result();
            assertTrue(result.get("complete").asBoolean());
            assertEquals("http://10.251.1.2:" + workers.get(0).url().getPort(), result.get("workers").get(0).get("id").asText());
            JsonNode messages = result.get("messages");
            assertTrue(messages.get("sent").asLong() > 0);
            assertEquals(messages.get("sent").asLong(), messages.get("received").asLong());
            assertEquals(0, messages.get("lost").asLong());
            assertEquals(0, messages.get("duplicated").asLong());
            assertEquals(messages.get("sent").asLong(), (long) workers.get(0).metric("brokerbench_messages_sent_total"));
        } finally {
            for (WorkerProcess worker : workers) {
                worker.close();
            }
        }
    }

    /** Namespace number n with the worker's end at 10.251.n.2; returns that address. */
    private String createNamespace(int n) throws IOException, InterruptedException {
        String namespace = tag + "-" + n;
        String hostLink = tag + "h" + n;
        String nsLink = tag + "n" + n;
        String failure = run("ip", "netns", "add", namespace);
        Assumptions.assumeTrue(failure == null, "this machine forbids network namespaces (ip netns add: " + failure + ")");
        namespaces.add(namespace);
        check(run("ip", "link", "add", hostLink, "type", "veth", "peer", "name", nsLink));
        hostLinks.add(hostLink);
        check(run("ip", "link", "set", nsLink, "netns", namespace));
        check(run("ip", "addr", "add", "10.251." + n + ".1/24", "dev", hostLink));
        check(run("ip", "link", "set", hostLink, "up"));
        check(run("ip", "netns", "exec", namespace, "ip", "addr", "add", "10.251." + n + ".2/24", "dev", nsLink));
        check(run("ip", "netns", "exec", namespace, "ip", "link", "set", nsLink, "up"));
        check(run("ip", "netns", "exec", namespace, "ip", "link", "set", "lo", "up"));
        return "10.251." + n + ".2";
    }

    @AfterEach
    void deleteNamespaces() throws IOException, InterruptedException {
        for (String link : hostLinks) {
            run("ip", "link", "del", link); // usually gone with its namespace end already
        }
        for (String namespace : namespaces) {
            check(run("ip", "netns", "del", namespace));
        }
    }

    private static void check(String failure) {
        if (failure != null) {
            throw new AssertionError(failure);
        }
    }

    /** Runs a command; null on success, else its output. */
    private static String run(String... command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return e.getMessage();
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return String.join(" ", command) + ": timed out";
        }
        return process.exitValue() == 0 ? null : String.join(" ", command) + ": " + output;
    }
}
