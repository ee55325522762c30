package io.brokerbench.remote.server;

import io.brokerbench.driver.support.OneLine;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JavaType;
import io.brokerbench.remote.wire.WireJson;
import io.brokerbench.remote.wire.WireProtocol;
import io.brokerbench.worker.ConsumerSpec;
import io.brokerbench.worker.LoadPlan;
import io.brokerbench.worker.MeasurementPlan;
import io.brokerbench.worker.ProducerSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Collection;
import java.util.Objects;

/**
 * Reads and checks one request body: at most {@link WireProtocol#MAX_REQUEST_BYTES}, well-formed,
 * every field present and in range. Anything else is a {@link BadRequest} with a one-line reason,
 * raised before the worker is touched.
 */
final class RequestBody {

    private RequestBody() {
    }

    static <T> T read(InputStream in, long declaredLength, Duration deadline, TypeReference<T> type) throws IOException {
        return read(in, declaredLength, deadline, WireJson.mapper().constructType(type));
    }

    private static <T> T read(InputStream in, long declaredLength, Duration deadline, JavaType type) throws IOException {
        if (declaredLength > WireProtocol.MAX_REQUEST_BYTES) {
            throw BadRequest.tooLarge(declaredLength);
        }
        byte[] body = readWithin(in, deadline);
        if (body.length == 0) {
            throw new BadRequest(400, "empty request body: expected JSON " + type.getRawClass().getSimpleName());
        }
        T value;
        try {
            value = WireJson.mapper().readValue(body, type);
        } catch (JsonProcessingException e) {
            throw new BadRequest(400, "malformed " + type.getRawClass().getSimpleName() + ": "
                    + OneLine.text(e.getOriginalMessage()));
        }
        if (value == null) {
            throw new BadRequest(400, "request body is null: expected JSON " + type.getRawClass().getSimpleName());
        }
        return value;
    }

    /**
     * The whole body, at most the size limit, if it is complete within {@code deadline}: a client
     * trickling a byte at a time is cut off when the deadline has passed at its next byte (one that
     * sends nothing is closed by the connection's idle timeout).
     */
    private static byte[] readWithin(InputStream in, Duration deadline) throws IOException {
        long end = System.nanoTime() + deadline.toNanos();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] chunk = new byte[16 * 1024];
        for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
            body.write(chunk, 0, n);
            if (body.size() > WireProtocol.MAX_REQUEST_BYTES) {
                throw BadRequest.tooLarge(body.size());
            }
            if (System.nanoTime() - end > 0) {
                throw new BadRequest(408, "request body not complete within " + deadline.toSeconds() + " s");
            }
        }
        return body.toByteArray();
    }

    static void check(boolean valid, String problem) {
        if (!valid) {
            throw new BadRequest(400, problem);
        }
    }

    static void noNulls(Collection<?> items, String field) {
        check(items.stream().allMatch(Objects::nonNull), "field '" + field + "' contains null");
    }

    static void validConsumers(Collection<ConsumerSpec> consumers) {
        noNulls(consumers, "consumers");
    }

    static void validPlan(MeasurementPlan plan) {
        check(plan.producers() >= 0, "field 'plan.producers' = " + plan.producers() + ": must be at least 0");
        check(plan.keyCount() >= 1, "field 'plan.keyCount' = " + plan.keyCount() + ": must be at least 1");
    }

    static void validProducers(Collection<ProducerSpec> producers) {
        noNulls(producers, "producers");
        for (ProducerSpec producer : producers) {
            check(producer.id() >= 0, "field 'id' = " + producer.id() + ": must be at least 0");
            check(producer.messageLimit() >= 0,
                    "field 'messageLimit' = " + producer.messageLimit() + ": must be at least 0");
        }
    }

    static void validLoad(LoadPlan plan) {
        check(Double.isFinite(plan.ratePerProducer()) && plan.ratePerProducer() >= 0,
                "field 'ratePerProducer' = " + plan.ratePerProducer() + ": must be a finite number >= 0");
        check(plan.maxInFlightPerProducer() >= 1,
                "field 'maxInFlightPerProducer' = " + plan.maxInFlightPerProducer() + ": must be at least 1");
        check(plan.payloads().length > 0, "field 'payloads' is empty");
        for (byte[] payload : plan.payloads()) {
            check(payload != null && payload.length > 0, "field 'payloads' contains a null or empty payload");
        }
    }

    /** A refused request: its status and one-line reason. */
    static final class BadRequest extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int status;

        BadRequest(int status, String reason) {
            super(reason, null, false, false);
            this.status = status;
        }

        static BadRequest tooLarge(long bytes) {
            return new BadRequest(413, "request body of " + bytes + " bytes exceeds the limit of "
                    + WireProtocol.MAX_REQUEST_BYTES + " bytes");
        }

        int status() {
            return status;
        }
    }
}
