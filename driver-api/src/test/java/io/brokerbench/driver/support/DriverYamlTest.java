package io.brokerbench.driver.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverYamlTest {

    /** What the tests read: a small driver file with one nested section. */
    private record Settings(String host, int port, long limit, boolean fast, TimeUnit unit, String mode, Inner inner) {
    }

    private record Inner(int depth) {
    }

    private static final Function<DriverYaml, Settings> SETTINGS = yaml -> new Settings(
            yaml.string("host", "localhost"),
            yaml.integer("port", 80, 1, 65_535),
            yaml.longInteger("limit", -1, -1, Long.MAX_VALUE),
            yaml.bool("fast", false),
            yaml.enumValue("unit", TimeUnit.SECONDS),
            yaml.choice("mode", "pull", List.of("pull", "push"), m -> m),
            yaml.section("inner", inner -> new Inner(inner.integer("depth", 2, 0, 10))));

    @TempDir
    Path dir;

    @Test
    void readsTypedValuesAndAcceptsTheFrameworkKeys() throws IOException {
        Settings settings = read("""
                name: Example
                driverClass: org.example.Driver
                localBroker: example
                host: 10.0.0.1
                port: "8080"
                limit: 5000000000
                fast: true
                unit: milliseconds
                mode: PUSH
                inner:
                  depth: 7
                """);

        assertEquals(new Settings("10.0.0.1", 8080, 5_000_000_000L, true, TimeUnit.MILLISECONDS, "push", new Inner(7)),
                settings);
    }

    @Test
    void absentOrEmptyKeysTakeTheirDefaults() throws IOException {
        assertEquals(new Settings("localhost", 80, -1, false, TimeUnit.SECONDS, "pull", new Inner(2)),
                read("host:\ninner: {}\n"));
    }

    @Test
    void anUnknownKeyIsNamedWithItsValueAndTheKnownKeys() {
        assertRejected("host: h\nprot: 8080\n",
                "field 'prot' = 8080: unknown key (known: fast, host, inner, limit, mode, port, unit)");
    }

    @Test
    void anUnknownKeyInANestedSectionIsNamedByItsDottedPath() {
        assertRejected("inner:\n  dpth: deep\n", "field 'inner.dpth' = 'deep': unknown key (known: depth)");
    }

    @Test
    void aWrongTypeIsNamedWithKeyAndValue() {
        assertRejected("port: eighty\n", "field 'port' = 'eighty': must be an integer");
        assertRejected("port: 80.5\n", "field 'port' = 80.5: must be an integer");
        assertRejected("fast: yes please\n", "field 'fast' = 'yes please': must be true or false");
        assertRejected("host: [a, b]\n", "field 'host' = [\"a\",\"b\"]: must be a text value");
        assertRejected("host: true\n", "field 'host' = true: must be a text value");
        assertRejected("inner: 3\n", "field 'inner' = 3: must be a mapping of keys to values");
        assertRejected("inner:\n  depth: x\n", "field 'inner.depth' = 'x': must be an integer");
    }

    @Test
    void anOutOfRangeValueNamesTheRange() {
        assertRejected("port: 0\n", "field 'port' = 0: must be between 1 and 65535");
        assertRejected("port: 70000\n", "field 'port' = 70000: must be between 1 and 65535");
        // with no upper bound but the type's, only the lower one is worth saying
        assertRejected("limit: -2\n", "field 'limit' = -2: must be at least -1");
    }

    @Test
    void anUnknownChoiceListsTheValidOnes() {
        assertRejected("mode: poll\n", "field 'mode' = 'poll': must be one of pull, push");
        assertRejected("unit: fortnights\n", "field 'unit' = 'fortnights': must be one of NANOSECONDS, MICROSECONDS, "
                + "MILLISECONDS, SECONDS, MINUTES, HOURS, DAYS");
    }

    @Test
    void errorsForCrossChecksUseTheSameFormat() {
        IllegalArgumentException e = failure("inner:\n  depth: 3\n",
                yaml -> yaml.section("inner", inner -> {
                    int depth = inner.integer("depth", 0, 0, 10);
                    throw inner.error("depth", depth, "must be even");
                }));
        assertEquals(file() + ": field 'inner.depth' = 3: must be even", e.getMessage());
        assertEquals(file() + ": field 'x' = 'two\\nlines': bad",
                failure("{}\n", yaml -> {
                    throw yaml.error("x", "two\nlines", "bad");
                }).getMessage());
    }

    @Test
    void propertiesAreReadFromATextBlockWithValuesStripped() throws IOException {
        Files.writeString(file(), "client: |\n  acks=all  \n  linger.ms = 5\n");
        Properties client = DriverYaml.read(file(), yaml -> yaml.properties("client"));
        assertEquals(Map.of("acks", "all", "linger.ms", "5"), client);
        assertTrue(DriverYaml.read(file(), yaml -> {
            yaml.properties("client");
            return yaml.properties("absent");
        }).isEmpty());
    }

    @Test
    void propertiesMustBeValidJavaPropertiesText() {
        Function<DriverYaml, Properties> client = yaml -> yaml.properties("client");
        assertEquals(file() + ": field 'client' = {\"acks\":\"all\"}: expected a text block of Java properties "
                + "(key=value lines, use '|')", failure("client:\n  acks: all\n", client).getMessage());
        assertEquals(file() + ": field 'client' = 'a=\\u12': not valid Java properties: Malformed \\uxxxx encoding.",
                failure("client: 'a=\\u12'\n", client).getMessage());
    }

    @Test
    void requiredStringRejectsAbsentAndBlankValues() {
        Function<DriverYaml, String> url = yaml -> yaml.requiredString("url");
        assertEquals(file() + ": field 'url' = null: is required", failure("other: 1\n", yaml -> {
            yaml.string("other", null);
            return url.apply(yaml);
        }).getMessage());
        assertEquals(file() + ": field 'url' = ' ': is required", failure("url: ' '\n", url).getMessage());
    }

    @Test
    void malformedEmptyOrNonMappingFilesAreOneLineErrors() {
        IllegalArgumentException malformed = failure("host: [unclosed\nport: 1\n");
        assertTrue(malformed.getMessage().startsWith(file() + ": not valid YAML: "), malformed.getMessage());
        assertFalse(malformed.getMessage().contains("\n"), malformed.getMessage());

        assertRejected("", "the driver file is empty");
        assertRejected("- a\n- b\n", "the driver file must be a mapping of keys to values");
    }

    @Test
    void aMissingFileIsAnIoError() {
        assertThrows(IOException.class, () -> DriverYaml.read(dir.resolve("absent.yaml"), SETTINGS));
    }

    @Test
    void theFileIsAvailableForTheDriversOwnMessages() throws IOException {
        Files.writeString(file(), "{}\n");
        assertEquals(file(), DriverYaml.read(file(), DriverYaml::file));
        assertNull(DriverYaml.read(file(), yaml -> yaml.string("absent", null)));
    }

    private Settings read(String yaml) throws IOException {
        Files.writeString(file(), yaml);
        return DriverYaml.read(file(), SETTINGS);
    }

    /** Asserts the whole message, {@code expected} being what follows the file name. */
    private void assertRejected(String yaml, String expected) {
        assertEquals(file() + ": " + expected, failure(yaml).getMessage());
    }

    private IllegalArgumentException failure(String yaml) {
        return failure(yaml, SETTINGS);
    }

    private IllegalArgumentException failure(String yaml, Function<DriverYaml, ?> reader) {
        return assertThrows(IllegalArgumentException.class, () -> {
            Files.writeString(file(), yaml);
            DriverYaml.read(file(), reader);
        });
    }

    private Path file() {
        return dir.resolve("driver.yaml");
    }
}
