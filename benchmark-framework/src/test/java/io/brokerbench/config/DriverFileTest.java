package io.brokerbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerbench.localbroker.LocalBrokers;
import io.brokerbench.localbroker.StandInLauncher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DriverFileTest {

    private static final String KAFKA = """
            name: Kafka
            driverClass: io.example.KafkaDriver
            localBroker: stand-in
            replicationFactor: 1
            commonConfig: |
              bootstrap.servers=${localBroker.bootstrap}
              client.id=${localBroker.bootstrap}-x
            """;

    @TempDir
    Path dir;

    private Path write(String name, String yaml) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, yaml);
        return file;
    }

    @Test
    void readsFrameworkKeysAndLeavesTheRestToTheDriver() throws IOException {
        DriverFile d = DriverFile.load(write("driver-kafka.yaml", KAFKA));
        assertEquals("Kafka", d.name());
        assertEquals("io.example.KafkaDriver", d.driverClass());
        assertEquals(StandInLauncher.TYPE, d.localBroker());
        assertTrue(d.needsLocalBroker());
        assertEquals(Set.of("bootstrap"), d.placeholders());
        assertEquals(KAFKA, d.text());
    }

    @Test
    void placeholdersAreReplaced() throws IOException {
        DriverFile d = DriverFile.load(write("driver-kafka.yaml", KAFKA));
        String resolved = d.resolvePlaceholders(Map.of("bootstrap", "127.0.0.1:39092"));
        assertTrue(resolved.contains("bootstrap.servers=127.0.0.1:39092\n"), resolved);
        assertTrue(resolved.contains("client.id=127.0.0.1:39092-x\n"), resolved);
        assertFalse(resolved.contains("${"), resolved);
    }

    @Test
    void placeholderWithoutValueNamesFileAndPlaceholder() throws IOException {
        Path file = write("driver-kafka.yaml", KAFKA);
        DriverFile d = DriverFile.load(file);
        ConfigException e = assertThrows(ConfigException.class, () -> d.resolvePlaceholders(Map.of("url", "x")));
        assertEquals(file + ": placeholder '${localBroker.bootstrap}' has no value: the stand-in local broker provides [url]",
                e.getMessage());
    }

    @Test
    void fileWithoutLocalBrokerHasNoPlaceholdersToResolve() throws IOException {
        DriverFile d = DriverFile.load(write("d.yaml", "name: X\ndriverClass: a.B\nurl: nats://127.0.0.1:4222\n"));
        assertFalse(d.needsLocalBroker());
        assertEquals(d.text(), d.resolvePlaceholders(Map.of()));
    }

    @Test
    void localBrokerCpusPinTheBrokerAndThePlainFormStaysUnpinned() throws IOException {
        assertNull(DriverFile.load(write("plain.yaml", KAFKA)).localBrokerCpus());
        DriverFile quoted = DriverFile.load(write("quoted.yaml", KAFKA + "localBrokerCpus: \"0\"\n"));
        assertEquals("0", quoted.localBrokerCpus().toString());
        assertEquals(StandInLauncher.TYPE, quoted.localBroker());
        // YAML reads a lone CPU id as a number: the list it stands for all the same
        assertEquals("0", DriverFile.load(write("number.yaml", KAFKA + "localBrokerCpus: 0\n")).localBrokerCpus().toString());
    }

    @Test
    void localBrokerNodesAsksForAClusterAndThePlainFormIsOneNode() throws IOException {
        assertEquals(1, DriverFile.load(write("plain.yaml", KAFKA)).localBrokerNodes());
        assertEquals(3, DriverFile.load(write("three.yaml", KAFKA + "localBrokerNodes: 3\n")).localBrokerNodes());
    }

    @Test
    void localBrokerNetworkPutsTheNodesInNamespacesAndThePlainFormOnLoopback() throws IOException {
        assertFalse(DriverFile.load(write("plain.yaml", KAFKA)).localBrokerNamespaces());
        assertFalse(DriverFile.load(write("loopback.yaml", KAFKA + "localBrokerNetwork: loopback\n")).localBrokerNamespaces());
        assertTrue(DriverFile.load(write("netns.yaml", KAFKA + "localBrokerNetwork: namespaces\n")).localBrokerNamespaces());
    }

    static Stream<Arguments> broken() {
        String known = LocalBrokers.knownTypes();
        return Stream.of(
                Arguments.of("driverClass: a.B\n", "missing required field 'name'"),
                Arguments.of("name: ''\ndriverClass: a.B\n", "field 'name' = '': must not be empty"),
                Arguments.of("name:\ndriverClass: a.B\n", "missing required field 'name'"),
                Arguments.of("name: [a]\ndriverClass: a.B\n", "field 'name' = [\"a\"]: expected text, found a list"),
                Arguments.of("name: X\n", "missing required field 'driverClass'"),
                Arguments.of("name: X\ndriverClass: 42\n", "field 'driverClass' = '42': not a Java class name"),
                Arguments.of("name: X\ndriverClass: true\n", "field 'driverClass' = true: expected text, found a boolean"),
                Arguments.of("name: X\ndriverClass: not a class\n", "field 'driverClass' = 'not a class': not a Java class name"),
                Arguments.of("name: X\ndriverClass: a.B\nlocalBroker: rabbit\n",
                        "field 'localBroker' = 'rabbit': no local broker launcher of this type on the classpath (found: " + known + ")"),
                Arguments.of("name: X\ndriverClass: a.B\nurl: ${localBroker.url}\n",
                        "placeholder '${localBroker.url}' but no 'localBroker' key"),
                Arguments.of("name: X\ndriverClass: a.B\nlocalBroker: stand-in\nurl: ${localBroker.}\n",
                        "placeholder '${localBroker.}' has no endpoint name"),
                Arguments.of("name: X\ndriverClass: a.B\nlocalBrokerCpus: '1'\n",
                        "field 'localBrokerCpus' = '1': pins a local broker, but no 'localBroker' key says which broker to start"),
                Arguments.of("name: X\ndriverClass: a.B\nlocalBroker: stand-in\nlocalBrokerCpus: 4000\n",
                        "field 'localBrokerCpus' = '4000': CPU 4000 is not online on this machine (online: "),
                Arguments.of("name: X\ndriverClass: a.B\nlocalBroker: stand-in\nlocalBrokerCpus: one\n",
                        "field 'localBrokerCpus' = 'one': 'one' is not a CPU id or a range of them"),
                Arguments.of("name: X\ndriverClass: a.B\nlocalBroker: stand-in\nlocalBrokerCpus: ''\n",
                        "field 'localBrokerCpus' = '': empty CPU list"),
                Arguments.of("name: X\ndriverClass: a.B\nlocalBroker: stand-in\nlocalBrokerCpus: [0, 1]\n",
                        "field 'localBrokerCpus' = [0,1]: expected text, found a list"),
                Arguments.of("name: X\ndriverClass: a.B\nlocalBrokerNodes: 3\n",
                        "field 'localBrokerNodes' = '3': sizes a local broker, but no 'localBroker' key says which broker to start"),
                Arguments.of("name: X\ndriverClass: a.B\nlocalBroker: stand-in\nlocalBrokerNodes: 4\n",
                        "field 'localBrokerNodes' = '4': a local stand-in broker has 1 to 3 nodes"),
                Arguments.of("name: X\ndriverClass: a.B\nlocalBroker: stand-in\nlocalBrokerNodes: 0\n",
                        "field 'localBrokerNodes' = '0': a local stand-in broker has 1 to 3 nodes"),
                Arguments.of("name: X\ndriverClass: a.B\nlocalBroker: stand-in\nlocalBrokerNodes: three\n",
                        "field 'localBrokerNodes' = 'three'"),
                Arguments.of("name: X\ndriverClass: a.B\nlocalBrokerNetwork: namespaces\n",
                        "field 'localBrokerNetwork' = 'namespaces': places a local broker's nodes, but no 'localBroker' key"),
                Arguments.of("name: X\ndriverClass: a.B\nlocalBroker: stand-in\nlocalBrokerNetwork: netns\n",
                        "field 'localBrokerNetwork' = 'netns': must be 'loopback' (the default) or 'namespaces'"),
                Arguments.of("name: X\ndriverClass: a.B\nname: Y\n", "duplicate key 'name' at line 3"),
                Arguments.of("name: X\n  driverClass: a.B\n", "malformed YAML at line 2"),
                Arguments.of("", "file is empty"));
    }

    @ParameterizedTest
    @MethodSource("broken")
    void brokenDriverFilesAreOneLine(String yaml, String expected) throws IOException {
        Path file = write("driver-x.yaml", yaml);
        ConfigException e = assertThrows(ConfigException.class, () -> DriverFile.load(file));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void driverClassThatDoesNotExist() throws IOException {
        Path file = write("driver-x.yaml", "name: X\ndriverClass: foo.Bar\n");
        ConfigException e = assertThrows(ConfigException.class,
                () -> DriverClassResolver.resolve(DriverFile.load(file)));
        assertEquals(file + ": field 'driverClass' = 'foo.Bar': no such class on the classpath", e.getMessage());
    }

    @Test
    void driverClassThatIsNotADriver() throws IOException {
        Path file = write("driver-x.yaml", "name: X\ndriverClass: java.lang.String\n");
        ConfigException e = assertThrows(ConfigException.class,
                () -> DriverClassResolver.instantiate(DriverFile.load(file)));
        assertEquals(file + ": field 'driverClass' = 'java.lang.String': not a "
                + "io.openmessaging.benchmark.driver.BenchmarkDriver", e.getMessage());
    }

    @Test
    void abstractDriverClassIsRejected() throws IOException {
        Path file = write("driver-x.yaml", "name: X\ndriverClass: io.openmessaging.benchmark.driver.BenchmarkDriver\n");
        ConfigException e = assertThrows(ConfigException.class,
                () -> DriverClassResolver.resolve(DriverFile.load(file)));
        assertTrue(e.getMessage().endsWith("is abstract, so it cannot be instantiated"), e.getMessage());
    }
}
