package io.brokerbench.progress;

import java.util.ArrayList;
import java.util.List;

/**
 * What a terminal shows after some output: {@code \r} returns to the line's start and what follows
 * overwrites it, {@code \n} starts the next line. Trailing spaces are dropped, as they are invisible.
 */
final class TerminalScreen {

    private TerminalScreen() {
    }

    static List<String> lines(String output) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        int column = 0;
        for (char c : output.toCharArray()) {
            if (c == '\r') {
                column = 0;
            } else if (c == '\n') {
                lines.add(line.toString().stripTrailing());
                line.setLength(0);
                column = 0;
            } else {
                if (column < line.length()) {
                    line.setCharAt(column, c);
                } else {
                    line.append(c);
                }
                column++;
            }
        }
        if (!line.toString().isBlank()) {
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }
}
