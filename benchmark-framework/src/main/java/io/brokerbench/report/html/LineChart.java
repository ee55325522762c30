package io.brokerbench.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A line chart as an inline SVG figure with an HTML legend: horizontal grid lines at the y ticks,
 * optional shaded x ranges (phases outside the measurement), points that are "muted" drawn faint.
 */
final class LineChart {

    static final double WIDTH = 620;
    static final double HEIGHT = 270;
    private static final double LEFT = 66;
    private static final double RIGHT = 18;
    private static final double TOP = 12;
    private static final double BOTTOM = 44;
    /** Up to this many points per series get a marker (with a hover tooltip); more would be clutter. */
    private static final int MARKER_LIMIT = 60;

    record Point(double x, double y, boolean muted) {
    }

    record Series(String label, String colour, boolean dashed, List<Point> points) {
    }

    /** A shaded x range with a label, e.g. the warm-up. */
    record Band(double from, double to, String label) {
    }

    private final String title;
    private final Axis x;
    private final Axis y;
    private final List<Series> series;
    private final List<Band> bands;
    private final String note;

    LineChart(String title, Axis x, Axis y, List<Series> series, List<Band> bands, String note) {
        this.title = title;
        this.x = x;
        this.y = y;
        this.series = List.copyOf(series);
        this.bands = List.copyOf(bands);
        this.note = note;
    }

    /** A y axis from zero to the largest y of the series. */
    static Axis yFromZero(List<Series> series, String title) {
        double max = 0;
        for (Series s : series) {
            for (Point p : s.points()) {
                if (Double.isFinite(p.y())) {
                    max = Math.max(max, p.y());
                }
            }
        }
        return LinearAxis.covering(0, max, title);
    }

    String html() {
        StringBuilder out = new StringBuilder();
        out.append("<figure class=\"chart\"><figcaption>").append(Html.escape(title)).append("</figcaption>\n");
        out.append(svg());
        out.append("<div class=\"legend\">");
        for (Series s : series) {
            out.append("<span class=\"key\"><svg width=\"22\" height=\"10\" aria-hidden=\"true\"><line x1=\"1\" y1=\"5\" x2=\"21\" y2=\"5\" stroke=\"")
                    .append(s.colour()).append("\" stroke-width=\"2.5\"").append(s.dashed() ? " stroke-dasharray=\"5 3\"" : "")
                    .append("/></svg>").append(Html.escape(s.label())).append("</span>");
        }
        out.append("</div>");
        if (note != null) {
            out.append("<div class=\"note\">").append(Html.escape(note)).append("</div>");
        }
        out.append("</figure>\n");
        return out.toString();
    }

    private String svg() {
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg class=\"plot\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"%s\">%n",
                WIDTH, HEIGHT, Html.escape(title)));
        for (Band band : bands) {
            double from = px(band.from());
            double to = px(band.to());
            svg.append(String.format(Locale.ROOT, "<rect class=\"band\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>",
                    from, TOP, Math.max(0, to - from), plotHeight()));
            svg.append(String.format(Locale.ROOT, "<text class=\"band-label\" x=\"%.1f\" y=\"%.1f\">%s</text>%n",
                    from + 4, TOP + 12, Html.escape(band.label())));
        }
        for (Axis.Tick tick : y.ticks()) {
            double py = py(tick.value());
            svg.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>",
                    LEFT, py, WIDTH - RIGHT, py));
            svg.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LEFT - 6, py + 4, Html.escape(tick.label())));
        }
        for (Axis.Tick tick : x.ticks()) {
            double px = px(tick.value());
            svg.append(String.format(Locale.ROOT, "<line class=\"xgrid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>",
                    px, TOP, px, TOP + plotHeight()));
            svg.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>%n",
                    px, TOP + plotHeight() + 16, Html.escape(tick.label())));
        }
        svg.append(String.format(Locale.ROOT, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>",
                LEFT, TOP + plotHeight(), WIDTH - RIGHT, TOP + plotHeight()));
        svg.append(String.format(Locale.ROOT, "<text class=\"axis-title\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>%n",
                LEFT + plotWidth() / 2, HEIGHT - 6, Html.escape(x.title())));
        svg.append(String.format(Locale.ROOT,
                "<text class=\"axis-title\" transform=\"translate(14 %.1f) rotate(-90)\" text-anchor=\"middle\">%s</text>%n",
                TOP + plotHeight() / 2, Html.escape(y.title())));
        for (Series s : series) {
            appendSeries(svg, s);
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** One polyline per stretch of equally muted, finite points; a segment takes the state of the point it ends at. */
    private void appendSeries(StringBuilder svg, Series s) {
        List<Point> points = s.points();
        List<Point> stretch = new ArrayList<>();
        boolean stretchMuted = false;
        for (Point p : points) {
            if (!Double.isFinite(p.y()) || !Double.isFinite(p.x())) {
                flush(svg, s, stretch, stretchMuted);
                stretch.clear();
                continue;
            }
            if (!stretch.isEmpty() && stretchMuted != p.muted()) {
                Point last = stretch.get(stretch.size() - 1);
                flush(svg, s, stretch, stretchMuted);
                stretch.clear();
                stretch.add(last);
            }
            stretch.add(p);
            stretchMuted = p.muted();
        }
        flush(svg, s, stretch, stretchMuted);
        if (points.size() <= MARKER_LIMIT) {
            for (Point p : points) {
                if (Double.isFinite(p.y()) && Double.isFinite(p.x())) {
                    svg.append(String.format(Locale.ROOT,
                            "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.3\" fill=\"%s\"%s><title>%s: %s at %s</title></circle>",
                            px(p.x()), py(p.y()), s.colour(), p.muted() ? " fill-opacity=\"0.3\"" : "",
                            Html.escape(s.label()), Numbers.plain(p.y()), Numbers.plain(p.x())));
                }
            }
            svg.append('\n');
        }
    }

    private void flush(StringBuilder svg, Series s, List<Point> stretch, boolean muted) {
        if (stretch.size() < 2) {
            return;
        }
        svg.append("<polyline fill=\"none\" stroke=\"").append(s.colour()).append("\" stroke-width=\"2\" stroke-linejoin=\"round\"");
        if (s.dashed()) {
            svg.append(" stroke-dasharray=\"6 4\"");
        }
        if (muted) {
            svg.append(" stroke-opacity=\"0.3\"");
        }
        svg.append(" points=\"");
        for (Point p : stretch) {
            svg.append(String.format(Locale.ROOT, "%.1f,%.1f ", px(p.x()), py(p.y())));
        }
        svg.append("\"/>\n");
    }

    private static double plotWidth() {
        return WIDTH - LEFT - RIGHT;
    }

    private static double plotHeight() {
        return HEIGHT - TOP - BOTTOM;
    }

    private double px(double value) {
        return LEFT + clamp(x.position(value)) * plotWidth();
    }

    private double py(double value) {
        return TOP + (1 - clamp(y.position(value))) * plotHeight();
    }

    private static double clamp(double position) {
        return Math.max(0, Math.min(1, position));
    }
}
