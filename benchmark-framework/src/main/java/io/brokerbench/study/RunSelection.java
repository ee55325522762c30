package io.brokerbench.study;

import io.brokerbench.config.ConfigException;
import java.util.BitSet;

/**
 * Which of a study's runs to do ({@code --runs}): numbers as the comparison table gives them, in a
 * list of single numbers and ranges, e.g. {@code 19-27} or {@code 1,4,10-12}. For rerunning the rows
 * that failed, or one broker's, without the rest.
 */
public final class RunSelection {

    private static final String OPTION = "option '--runs'";

    private final BitSet numbers;

    private RunSelection(BitSet numbers) {
        this.numbers = numbers;
    }

    /** Every run of the study. */
    public static RunSelection all() {
        return new RunSelection(null);
    }

    /**
     * @param runCount how many runs the study has (numbered 1 .. runCount)
     * @throws ConfigException naming the option and value if the list is malformed or names a run the
     *     study does not have
     */
    public static RunSelection parse(String text, int runCount) {
        BitSet numbers = new BitSet();
        for (String part : text.split(",", -1)) {
            String item = part.trim();
            int dash = item.indexOf('-', 1);
            int from;
            int to;
            try {
                from = Integer.parseInt(dash < 0 ? item : item.substring(0, dash).trim());
                to = dash < 0 ? from : Integer.parseInt(item.substring(dash + 1).trim());
            } catch (NumberFormatException e) {
                throw new ConfigException(OPTION + " = '" + text + "': not a list of run numbers and ranges like 1,4,10-12");
            }
            if (from < 1 || to > runCount || from > to) {
                throw new ConfigException(OPTION + " = '" + text + "': '" + item + "' is not among the study's runs 1-"
                        + runCount);
            }
            numbers.set(from, to + 1);
        }
        return new RunSelection(numbers);
    }

    public boolean includes(int runNumber) {
        return numbers == null || numbers.get(runNumber);
    }
}
