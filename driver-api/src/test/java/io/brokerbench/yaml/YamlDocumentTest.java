package io.brokerbench.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YamlDocumentTest {

    /** What most tests bind: a small file with one nested section and one value type. */
    record Settings(
            @JsonProperty(defaultValue = "localhost") String host,
            @JsonProperty(defaultValue = "80") @Range(min = 1, max = 65_535) int port,
            @Range(min = -1) long limit,
            @Range(min = 0, max = 1) double ratio,
            boolean fast,
            @JsonProperty(defaultValue = "seconds") TimeUnit unit,
            Integer optional,
            Inner inner,
            Words words,
            @JacksonInject(YamlDocument.FILE) @JsonIgnore Path file) {
    }

    record Inner(@JsonProperty(defaultValue = "2") @Range(min = 0, max = 10) int depth, int width) {
        Inner {
            if (width > depth) {
                throw new FieldException("width", width, "must not exceed depth " + depth);
            }
        }
    }

    /** A value type read from text (a class, not a record, which would be a section), whose parse problems name its field. */
    @JsonClassDescription("space-separated words")
    static final class Words {
        private final List<String> list;

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        Words(String text) {
            if (text.isBlank()) {
                throw FieldException.wholeValue("needs at least one word");
            }
            list = List.of(text.strip().split("\\s+"));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Words other && other.list.equals(list);
        }

        @Override
        public int hashCode() {
            return list.hashCode();
        }
    }

    record Required(@JsonProperty(required = true) String url, Inner inner) {
    }

    record Whole(int count, String note) {
        Whole {
            if (count == 0 && note == null) {
                throw FieldException.wholeValue("give a count or a note");
            }
        }
    }

    @TempDir
    Path dir;

    @Test
    void readsTypedValuesNestedSectionsAndValueTypes() {
        Settings settings = bind("""
                host: 10.0.0.1
                port: 8080
                limit: 5000000000
                ratio: 0.5
                fast: true
                unit: MILLISECONDS
                optional: 3
                inner:
                  depth: 7
                  width: 1
                words: a b  c
                """);

        assertEquals(new Settings("10.0.0.1", 8080, 5_000_000_000L, 0.5, true, TimeUnit.MILLISECONDS, 3,
                new Inner(7, 1), new Words("a b c"), file()), settings);
    }

    @Test
    void anAliasIsTheValueItsAnchorNamed() {
        Settings settings = bind("""
                host: &where 10.0.0.1
                port: &port 8080
                limit: *port
                words: *where
                inner: &inner {depth: 7, width: 1}
                """);

        assertEquals("10.0.0.1", settings.host());
        assertEquals(8080, settings.limit(), "a scalar alias");
        assertEquals(new Words("10.0.0.1"), settings.words());
        assertEquals(7, settings.inner().depth());
    }

    @Test
    void absentKeysTakeTheirDefaultsAndAbsentSectionsAllOfTheirs() {
        assertEquals(new Settings("localhost", 80, 0, 0, false, TimeUnit.SECONDS, null, new Inner(2, 0), null, file()),
                bind("{}\n"));
    }

    @Test
    void keyWithoutValueIsAbsentForTextAndSectionsButAnErrorForNumbersAndBooleans() {
        Settings settings = bind("host:\nunit:\ninner:\nwords:\n");
        assertEquals("localhost", settings.host());
        assertEquals(TimeUnit.SECONDS, settings.unit());
        assertEquals(new Inner(2, 0), settings.inner());
        assertRejected("port:\n", "field 'port' has no value (give a value or remove the line)");
        assertRejected("fast: ~\n", "field 'fast' has no value (give a value or remove the line)");
        assertRejected("optional:\n", "field 'optional' has no value (give a value or remove the line)");
        assertEquals("", bind("host: ''\n").host(), "quoted empty text is a value");
    }

    @Test
    void enumConstantsMatchIgnoringCase() {
        assertEquals(TimeUnit.MINUTES, bind("unit: minutes\n").unit());
    }

    @Test
    void anUnknownKeyIsNamedWithItsValueAndTheNearestKnownOne() {
        assertRejected("prot: 8080\n", "field 'prot' = 8080: unknown key (did you mean 'port'?)");
        assertRejected("Host: h\n", "field 'Host' = 'h': unknown key (did you mean 'host'?)");
    }

    @Test
    void anUnknownKeyNearNothingListsTheKnownKeys() {
        assertRejected("compression: lz4\n", "field 'compression' = 'lz4': unknown key "
                + "(known: fast, host, inner, limit, optional, port, ratio, unit, words)");
    }

    @Test
    void anUnknownKeyInANestedSectionIsNamedByItsDottedPath() {
        assertRejected("inner:\n  dpth: deep\n", "field 'inner.dpth' = 'deep': unknown key (did you mean 'depth'?)");
    }

    @Test
    void injectedComponentsAreNotKeys() {
        assertRejected("file: other.yaml\n", "field 'file' = 'other.yaml': unknown key "
                + "(known: fast, host, inner, limit, optional, port, ratio, unit, words)");
    }

    @Test
    void aWrongTypeNamesWhatWasExpectedAndWhatWasFound() {
        assertRejected("port: eighty\n", "field 'port' = 'eighty': expected a whole number, found text");
        assertRejected("port: \"8080\"\n",
                "field 'port' = '8080': expected a whole number, found text (write numbers without quotes)");
        assertRejected("port: 80.5\n", "field 'port' = 80.5: expected a whole number, found a decimal number");
        assertRejected("port: [80]\n", "field 'port' = [80]: expected a whole number, found a list");
        assertRejected("ratio: '0.5'\n",
                "field 'ratio' = '0.5': expected a number, found text (write numbers without quotes)");
        assertRejected("fast: yes please\n", "field 'fast' = 'yes please': expected true or false, found text");
        assertRejected("fast: 1\n", "field 'fast' = 1: expected true or false, found a whole number");
        assertRejected("host: [a, b]\n", "field 'host' = [\"a\",\"b\"]: expected text, found a list");
        assertRejected("host: true\n", "field 'host' = true: expected text, found a boolean");
        assertRejected("inner: 3\n", "field 'inner' = 3: expected a mapping, found a whole number");
        assertRejected("inner:\n  depth: x\n", "field 'inner.depth' = 'x': expected a whole number, found text");
        assertRejected("words: {a: 1}\n", "field 'words' = {\"a\":1}: expected space-separated words, found a mapping");
    }

    @Test
    void numbersAreTextWhereTextIsExpected() {
        assertEquals("42", bind("host: 42\n").host());
    }

    @Test
    void anUnknownEnumConstantListsTheValidOnesAndTheNearest() {
        assertRejected("unit: fortnights\n", "field 'unit' = 'fortnights': must be one of NANOSECONDS, "
                + "MICROSECONDS, MILLISECONDS, SECONDS, MINUTES, HOURS, DAYS");
        assertRejected("unit: minuts\n", "field 'unit' = 'minuts': must be one of NANOSECONDS, MICROSECONDS, "
                + "MILLISECONDS, SECONDS, MINUTES, HOURS, DAYS (did you mean 'MINUTES'?)");
        assertRejected("unit: 3\n", "field 'unit' = 3: must be one of NANOSECONDS, MICROSECONDS, "
                + "MILLISECONDS, SECONDS, MINUTES, HOURS, DAYS");
    }

    @Test
    void anOutOfRangeValueNamesTheRange() {
        assertRejected("port: 0\n", "field 'port' = 0: must be between 1 and 65535");
        assertRejected("port: 70000\n", "field 'port' = 70000: must be between 1 and 65535");
        // with no upper bound but the type's, only the lower one is worth saying
        assertRejected("limit: -2\n", "field 'limit' = -2: must be at least -1");
        assertRejected("optional: 99999999999\n", "field 'optional' = 99999999999: must be at most 2147483647");
        assertRejected("ratio: 1.5\n", "field 'ratio' = 1.5: must be between 0 and 1");
        assertRejected("inner:\n  depth: 11\n", "field 'inner.depth' = 11: must be between 0 and 10");
    }

    @Test
    void checksOfTheRecordAndOfValueTypesNameTheFieldByItsPath() {
        assertRejected("inner:\n  depth: 3\n  width: 4\n", "field 'inner.width' = 4: must not exceed depth 3");
        assertRejected("words: ' '\n", "field 'words' = ' ': needs at least one word");
    }

    @Test
    void aTopLevelRecordsOwnProblemIsTheFilesProblem() {
        assertEquals(file() + ": give a count or a note",
                assertThrows(YamlException.class, () -> document("{}\n").bind(Whole.class)).getMessage());
    }

    @Test
    void aRequiredKeyIsNamedByItsPathWhenMissing() {
        assertEquals(file() + ": missing required field 'url'",
                assertThrows(YamlException.class, () -> document("inner: {}\n").bind(Required.class)).getMessage());
        assertEquals(file() + ": missing required field 'url'",
                assertThrows(YamlException.class, () -> document("url:\n").bind(Required.class)).getMessage());
    }

    @Test
    void aFileCanBeBoundInParts() {
        YamlDocument document = document("url: http://h\nhost: h\ninner:\n  depth: 4\n");
        Required first = document.take(Required.class);
        assertEquals(new Required("http://h", new Inner(4, 0)), first);
        assertEquals("h", document.bind(Settings.class).host(), "the taken keys are not unknown to the rest");
    }

    @Test
    void keysCanBeSetAsideAndDefaultsDependOnTheFile() {
        YamlDocument document = document("host: h\nrampUp: 5\nramp: [1, 2]\n");
        assertEquals(Map.of("rampUp", "5", "ramp", "[1,2]"), document.remove(List.of("ramp", "rampUp", "absent")));
        document.setDefault("host", "ignored");
        assertEquals("h", document.bind(Settings.class).host());
        YamlDocument empty = document("host:\n");
        empty.setDefault("host", "from-file-name");
        assertEquals("from-file-name", empty.bind(Settings.class).host());
    }

    @Test
    void injectedValuesReachTheirComponents() throws IOException {
        record WithContext(int n, @JacksonInject("context") @JsonIgnore String context) {
        }
        assertEquals(new WithContext(1, "ctx"), document("n: 1\n").bind(WithContext.class, Map.of("context", "ctx")));
    }

    @Test
    void malformedEmptyOrNonMappingFilesAreOneLineErrors() throws IOException {
        YamlException malformed = assertThrows(YamlException.class, () -> document("host: [unclosed\nport: 1\n"));
        assertTrue(malformed.getMessage().startsWith(file() + ": malformed YAML at line "), malformed.getMessage());
        assertFalse(malformed.getMessage().contains("\n"), malformed.getMessage());
        assertFileRejected("host: a\nhost: b\n", "duplicate key 'host' at line 2, column 5");
        assertFileRejected("", "file is empty");
        assertFileRejected("# nothing\n", "file is empty (only comments)");
        assertFileRejected("- a\n- b\n", "expected 'key: value' lines at the top level, found a list [\"a\",\"b\"]");
        assertEquals(dir.resolve("absent.yaml") + ": no such file",
                assertThrows(YamlException.class, () -> YamlDocument.read(dir.resolve("absent.yaml"))).getMessage());
        assertEquals(dir + ": is a directory, not a file",
                assertThrows(YamlException.class, () -> YamlDocument.read(dir)).getMessage());
        Files.write(file(), new byte[] {'a', ':', ' ', (byte) 0xff});
        assertEquals(file() + ": is not UTF-8 text",
                assertThrows(YamlException.class, () -> YamlDocument.read(file())).getMessage());
    }

    @Test
    void theFieldMessageFormatIsTheSameOutsideABinding() {
        assertEquals("f.yaml: field 'x' = 'two\\nlines': bad", YamlException.fieldMessage("f.yaml", "x", "two\nlines", "bad"));
        assertEquals("f.yaml: field 'x' = 3: bad", YamlException.fieldMessage("f.yaml", "x", 3, "bad"));
        assertNull(bind("{}\n").optional());
    }

    private Settings bind(String yaml) {
        return document(yaml).bind(Settings.class);
    }

    private YamlDocument document(String yaml) {
        try {
            Files.writeString(file(), yaml);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return YamlDocument.read(file());
    }

    /** Asserts the whole message, {@code expected} being what follows the file name. */
    private void assertRejected(String yaml, String expected) {
        YamlException e = assertThrows(YamlException.class, () -> bind(yaml));
        assertEquals(file() + ": " + expected, e.getMessage());
    }

    private void assertFileRejected(String yaml, String expected) {
        YamlException e = assertThrows(YamlException.class, () -> document(yaml));
        assertEquals(file() + ": " + expected, e.getMessage());
    }

    private Path file() {
        return dir.resolve("settings.yaml");
    }
}
