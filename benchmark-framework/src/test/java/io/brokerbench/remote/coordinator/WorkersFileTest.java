package io.brokerbench.remote.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.cli.Main;
import io.brokerbench.config.ConfigException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkersFileTest {

    @Test
    void readsOmbsFormat(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("workers.yaml"), "workers:\n  - http://10.0.0.1:8080\n  - http://h2:9000/\n");
        assertEquals(List.of(URI.create("http://10.0.0.1:8080"), URI.create("http://h2:9000")), WorkersFile.load(file));
    }

    @Test
    void badContentIsOneLineNamingFileFieldAndValue(@TempDir Path dir) throws Exception {
        String[][] cases = {
            {"workers: http://h:8080\n", "'workers'"},
            {"workers: []\n", "empty"},
            {"worker:\n  - http://h:8080\n", "unknown key (did you mean 'workers'?)"},
            {"workers:\n", "missing required field 'workers'"},
            {"workers:\n  - ftp://h:8080\n", "workers[0]"},
            {"workers:\n  - http://h:8080\n  - http://h\n", "no port"},
            {"workers:\n  - http://h:8080\n  - http://h:8080\n", "listed twice"},
            {"workers:\n  - 8080\n", "workers[0]"},
            {"workers:\n  - http://h:8080/path\n", "nothing may follow"},
        };
        for (String[] c : cases) {
            Path file = Files.writeString(dir.resolve("w.yaml"), c[0]);
            ConfigException e = assertThrows(ConfigException.class, () -> WorkersFile.load(file), c[0]);
            assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void theCliExitsWithTwoOnABadWorkersFileOrUrl(@TempDir Path dir) throws Exception {
        Path workload = Files.writeString(dir.resolve("wl.yaml"), "name: w\ntopics: 1\npartitionsPerTopic: 1\n"
                + "messageSize: 100\nsubscriptionsPerTopic: 1\nconsumerPerSubscription: 1\nproducersPerTopic: 1\n"
                + "producerRate: 10\ntestDurationSeconds: 1\nuseRandomizedPayloads: true\nrandomizedPayloadPoolSize: 2\n");
        Path driver = Files.writeString(dir.resolve("d.yaml"),
                "name: InMemory\ndriverClass: io.brokerbench.driver.inmemory.InMemoryBenchmarkDriver\n");
        Path workers = Files.writeString(dir.resolve("workers.yaml"), "workers: nope\n");
        assertEquals("error: " + workers + ": field 'workers' = 'nope': expected a list, found text",
                cli("--drivers", driver.toString(), "-wf", workers.toString(), workload.toString()));
        assertEquals("error: option '--workers' = 'localhost': expected http://HOST:PORT",
                cli("--drivers", driver.toString(), "-w", "localhost", workload.toString()));
        assertTrue(cli("--drivers", driver.toString(), "-w", "http://h:1", "--worker-roles", "diagonal",
                workload.toString()).contains("'--worker-roles' = 'diagonal'"));
    }

    @Test
    void aWorkerRefusesANonLoopbackAddressWithoutToken() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = io.brokerbench.cli.WorkerMainAccess.run(new String[] {"--bind", "192.0.2.1", "-p", "1", "-sp", "2"},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
        assertEquals(2, exit);
        assertTrue(err.toString().contains("refusing"), err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
    }

    /** Runs the CLI, expecting exit code 2 and one line on stderr, which it returns. */
    private static String cli(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(args, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
        assertEquals(2, exit, err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        return err.toString().strip();
    }
}
