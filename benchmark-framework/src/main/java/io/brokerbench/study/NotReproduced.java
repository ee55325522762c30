package io.brokerbench.study;

/**
 * An experiment of the paper that no run here reproduces.
 *
 * @param experiment what the paper ran (with its figures' place in the text)
 * @param why        why it is not reproduced here
 */
public record NotReproduced(String experiment, String why) {
}
