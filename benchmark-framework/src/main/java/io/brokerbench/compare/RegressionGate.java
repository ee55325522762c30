package io.brokerbench.compare;

import io.brokerbench.config.ConfigException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --fail-if-worse 'endToEndLatency.p99:5%,publishRate:3%'}: the figures a change must not
 * make worse by more than the given share. A figure breaks the gate when its verdict is
 * {@code worse} (the interval of the difference excludes zero) and the difference itself goes
 * further than the threshold in the worse direction; a difference within the runs' spread never
 * does, however large it looks.
 */
public record RegressionGate(Map<String, Double> thresholds) {

    private static final Pattern TERM = Pattern.compile("\\s*([A-Za-z][A-Za-z0-9.]*)\\s*:\\s*(\\d+(?:\\.\\d+)?)\\s*%\\s*");

    /** Reads a gate; a term that is not {@code figure:N%} is a one-line error naming it. */
    public static RegressionGate parse(String spec) {
        Map<String, Double> thresholds = new LinkedHashMap<>();
        for (String term : spec.split(",")) {
            Matcher m = TERM.matcher(term);
            if (!m.matches()) {
                throw new ConfigException("option '--fail-if-worse' = '" + spec + "': '" + term.strip()
                        + "' is not FIGURE:N% (e.g. endToEndLatency.p99:5%)");
            }
            thresholds.put(m.group(1), Double.parseDouble(m.group(2)) / 100);
        }
        return new RegressionGate(thresholds);
    }

    /**
     * The figures that break the gate, each as one line.
     *
     * @throws ConfigException naming a gated figure the comparison does not have
     */
    public List<String> broken(List<ComparedFigure> figures) {
        List<String> broken = new ArrayList<>();
        thresholds.forEach((name, threshold) -> {
            ComparedFigure figure = figures.stream().filter(f -> f.figure().equals(name)).findFirst()
                    .orElseThrow(() -> new ConfigException("option '--fail-if-worse': no figure '" + name
                            + "' in this comparison; figures: " + String.join(", ", figures.stream()
                                    .map(ComparedFigure::figure).toList())));
            double worseBy = figure.higherIsBetter() ? -figure.difference().relative() : figure.difference().relative();
            if (ComparedFigure.WORSE.equals(figure.verdict()) && worseBy > threshold) {
                broken.add(String.format(Locale.ROOT, "%s worse by %.1f %% (gate: %.1f %%)", name, 100 * worseBy,
                        100 * threshold));
            }
        });
        return broken;
    }
}
