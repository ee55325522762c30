/**
 * What one run measured, in memory, as it goes: {@link io.brokerbench.measurement.RunRecord} and its
 * value types (intervals, totals, the search's windows, rate phases, the workers and the
 * coordinator's timing). The run's orchestration ({@code run}) fills it; the result writer
 * ({@code result}) turns it into the result file's typed model, and the console and progress lines
 * read it. No orchestration lives here, so everything above can read a run without depending on how
 * it was driven.
 */
package io.brokerbench.measurement;
