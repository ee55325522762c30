package io.brokerbench.report.html;

import java.util.List;

/** Maps data values onto a chart side (0 at the start, 1 at the end) and says where its ticks go. */
interface Axis {

    double position(double value);

    List<Tick> ticks();

    String title();

    record Tick(double value, String label) {
    }
}
