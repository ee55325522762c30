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

    /** A right-aligned table cell of a number already written as text. */
    static String numberCell(String text) {
        return "<td class=\"num\">" + escape(text) + "</td>";
    }
}
