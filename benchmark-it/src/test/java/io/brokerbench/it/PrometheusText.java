package io.brokerbench.it;

/** Reads Prometheus' text format as the tests need it. */
final class PrometheusText {

    private PrometheusText() {
    }

    /** The value of the sample line {@code sample value}, e.g. sample {@code name{label="x"}}. */
    static double value(String text, String sample) {
        for (String line : text.split("\n")) {
            if (line.startsWith(sample + " ")) {
                return Double.parseDouble(line.substring(sample.length() + 1).trim());
            }
        }
        throw new AssertionError("no metric " + sample + " in " + text);
    }
}
