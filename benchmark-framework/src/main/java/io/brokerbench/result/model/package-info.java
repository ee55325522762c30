/**
 * The result file as typed records: {@link io.brokerbench.result.model.BenchmarkResult} and its
 * sections. The run's writer fills them and serialises them; the report, CSV export, sweep, repeat
 * and study code read result files back into them ({@link io.brokerbench.result.model.ResultFiles}),
 * so the compiler, not a string search, finds every reader of a field. OMB's own result files load
 * into the same records with only OMB's fields set (the others null). The JSON Schema users read,
 * docs/result-schema.json, is generated from these records.
 *
 * <p>Below {@code run}, {@code result}, {@code report} and {@code study}; imports only {@code stats},
 * {@code delivery} and {@code capacity}.
 */
package io.brokerbench.result.model;
