package io.brokerbench.remote.wire;

import io.brokerbench.worker.ConsumerSpec;
import io.brokerbench.worker.MeasurementPlan;
import java.util.List;

/** Request and reply bodies of the worker API that are not the worker's own records. */
public final class WireMessages {

    private WireMessages() {
    }

    /** {@code GET /v1/info}: the handshake. */
    public record Info(int protocol, String version, String workerId) {
    }

    /**
     * {@code GET /v1/ping}: renews the lease of the run that holds the worker when that run asks; the
     * worker's clock for offset estimation.
     *
     * @param loadRunning whether the worker's producers are publishing
     * @param driverInitialized whether a run's driver is set up on the worker
     * @param serving whom the worker serves, seen from the run the ping names
     */
    public record Ping(long workerEpochMicros, boolean loadRunning, boolean driverInitialized, Serving serving) {

        /** The worker's standing toward the run a request names (the worker's run lease). */
        public enum Serving {
            /** No run holds the worker: initialize-driver may claim it. */
            NO_RUN,
            THIS_RUN,
            ANOTHER_RUN
        }
    }

    /** OMB's TopicInfo, as a record. */
    public record TopicSpec(String topic, int partitions) {
    }

    public record CreateConsumers(List<ConsumerSpec> consumers, MeasurementPlan plan) {
    }

    /** {@code POST /v1/change-rate}. */
    public record RateChange(double ratePerProducer, long burstPerProducer) {
    }

    /** {@code POST /v1/restart-rate}. */
    public record RateRestart(double ratePerProducer) {
    }

    public record Probes(byte[] template) {
    }

    public record Prefix(String prefix) {
    }

    /** Every refusal and failure: one line, never a stack trace. */
    public record Error(String error) {
    }
}
