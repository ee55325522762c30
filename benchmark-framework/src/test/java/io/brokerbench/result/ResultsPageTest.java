package io.brokerbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.stats.Metric;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/results.md explains every field of docs/result-schema.json (which ResultSchemaTest keeps
 * equal to the typed result), and explains no field the schema lacks: a field added to the result
 * fails here until the page says what it means. A latency statistic ({@code 99pct}) is explained
 * once for every latency that has it, and the top-level latency families once per metric.
 */
class ResultsPageTest {

    private static final Path SCHEMA = Path.of("../docs/result-schema.json");
    private static final Path PAGE = Path.of("../docs/results.md");
    private static final Set<String> STATISTICS = Set.of("Avg", "50pct", "75pct", "95pct", "99pct", "999pct", "9999pct",
            "99999pct", "Max");
    private static final List<String> METRICS = Arrays.stream(Metric.values()).map(Metric::resultName).toList();
    /** A top-level OMB field of a latency family: {@code endToEndLatency99pct}, {@code aggregatedPublishLatencyMax}, … */
    private static final Pattern FAMILY = Pattern.compile("(aggregated)?([A-Za-z]+?)(" + String.join("|", STATISTICS)
            + "|Quantiles)");
    /** The field named in a table row's first cell. */
    private static final Pattern ROW = Pattern.compile("(?m)^\\| `([^`]+)` \\|");

    private static Set<String> fields;
    private static String page;

    @BeforeAll
    static void read() throws IOException {
        JsonNode schema = new ObjectMapper().readTree(SCHEMA.toFile());
        fields = new TreeSet<>();
        walk(schema, "", schema.path("$defs"));
        page = Files.readString(PAGE);
    }

    /** Every property's dotted path; an array's items and a map's values add no segment of their own. */
    private static void walk(JsonNode node, String prefix, JsonNode defs) {
        if (node.has("$ref")) {
            String ref = node.get("$ref").asText();
            walk(defs.path(ref.substring(ref.lastIndexOf('/') + 1)), prefix, defs);
            return;
        }
        for (String combinator : List.of("anyOf", "oneOf", "allOf")) {
            node.path(combinator).forEach(alternative -> walk(alternative, prefix, defs));
        }
        node.path("properties").fields().forEachRemaining(entry -> {
            fields.add(prefix + entry.getKey());
            walk(entry.getValue(), prefix + entry.getKey() + ".", defs);
        });
        if (node.path("items").isObject()) {
            walk(node.get("items"), prefix, defs);
        }
        if (node.path("additionalProperties").isObject()) {
            walk(node.get("additionalProperties"), prefix, defs);
        }
    }

    private static boolean explained(String name) {
        return page.contains("`" + name + "`");
    }

    /** What the page must name for {@code field} to be explained. */
    private static List<String> needed(String field) {
        int dot = field.lastIndexOf('.');
        String last = field.substring(dot + 1);
        if (dot > 0 && STATISTICS.contains(last)) {
            return List.of(field.substring(0, dot), last);
        }
        Matcher family = FAMILY.matcher(field);
        if (dot < 0 && family.matches()) {
            String metric = family.group(2).substring(0, 1).toLowerCase(Locale.ROOT) + family.group(2).substring(1);
            if (METRICS.contains(metric)) {
                boolean aggregated = family.group(1) != null;
                String form = family.group(3).equals("Quantiles") ? "aggregated<Metric>Quantiles"
                        : aggregated ? "aggregated<Metric><statistic>" : "<metric><statistic>";
                return family.group(3).equals("Quantiles") ? List.of(metric, form) : List.of(metric, family.group(3), form);
            }
        }
        return List.of(field);
    }

    @Test
    void everyFieldOfTheSchemaIsExplained() {
        assertTrue(fields.size() > 100, "the schema walk found only " + fields);
        List<String> missing = new ArrayList<>();
        for (String field : fields) {
            if (!needed(field).stream().allMatch(ResultsPageTest::explained)) {
                missing.add(field);
            }
        }
        assertEquals(List.of(), missing, "fields of " + SCHEMA + " that " + PAGE + " does not explain");
    }

    @Test
    void everyFieldThePageExplainsIsInTheSchema() {
        Set<String> known = fields.stream().flatMap(field -> needed(field).stream()).collect(Collectors.toSet());
        known.addAll(STATISTICS);
        known.addAll(METRICS);
        List<String> unknown = new ArrayList<>();
        Matcher row = ROW.matcher(page);
        while (row.find()) {
            if (!known.contains(row.group(1))) {
                unknown.add(row.group(1));
            }
        }
        assertEquals(List.of(), unknown, "rows of " + PAGE + " naming no field of " + SCHEMA);
    }
}
