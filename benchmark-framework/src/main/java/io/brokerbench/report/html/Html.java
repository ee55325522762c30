package io.brokerbench.report.html;

/** Escaping for text that came from a result file: driver configs and names may contain markup. */
final class Html {

    private Html() {
    }

    /** Safe in element content and in double- or single-quoted attribute values. */
    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * Every page's start, down to the opening of the header's meta line: the document head with
     * {@code title} and the report's style, then the page heading {@code heading} (both escaped).
     */
    static void pageStart(StringBuilder out, String title, String heading) {
        out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
                .append(escape(title)).append("</title>\n<style>").append(ReportStyle.CSS).append("</style></head><body>\n")
                .append("<header class=\"page-head\"><h1>").append(escape(heading)).append("</h1><div class=\"meta\">");
    }

    /** A right-aligned table cell of a number already written as text. */
    static String numberCell(String text) {
        return "<td class=\"num\">" + escape(text) + "</td>";
    }

    /**
     * A full-width panel with a table, down to its heading row: the panel's title (none if null) and
     * the columns' headings, both escaped.
     */
    static StringBuilder tablePanel(String title, String... headings) {
        StringBuilder out = new StringBuilder("<section class=\"panel full\">");
        if (title != null) {
            out.append("<h4>").append(escape(title)).append("</h4>");
        }
        out.append("<table class=\"grid-table\"><tr>");
        for (String heading : headings) {
            out.append("<th>").append(escape(heading)).append("</th>");
        }
        return out.append("</tr>");
    }
}
