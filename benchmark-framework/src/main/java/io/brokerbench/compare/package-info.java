/**
 * {@code bin/compare}: is the candidate better or worse than the baseline, by more than the runs'
 * own spread? Reads both sides' results (and their histogram logs), compares every headline figure
 * with a 95 % confidence interval of the difference, and gives a verdict per figure and, with a
 * gate, an exit code.
 */
package io.brokerbench.compare;
