package io.brokerbench.progress;

import java.util.Map;

/** How a {@link ProgressLine} shows itself. */
public enum ProgressMode {
    /** One line redrawn in place with {@code \r}, cleared before any other output. */
    TERMINAL,
    /** An ordinary line per step: for logs and pipes, where a {@code \r} would leave every redraw behind. */
    PLAIN,
    /** Nothing (--no-progress). */
    OFF;

    /**
     * TERMINAL when the JVM has a console (stdin and stdout are a terminal), unless the environment
     * variable CI is set: CI services show a pseudo-terminal but keep every byte in their logs.
     */
    public static ProgressMode detect(boolean hasConsole, Map<String, String> environment) {
        return hasConsole && environment.get("CI") == null ? TERMINAL : PLAIN;
    }

    /** The mode for this process's standard output. */
    public static ProgressMode ofThisProcess() {
        return detect(System.console() != null, System.getenv());
    }
}
