package io.brokerbench.workload;

import io.brokerbench.config.ConfigException;
import io.brokerbench.driver.support.OneLine;
import java.io.IOException;
import java.security.SecureRandom;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The payloads a workload's producers send. Like OMB: either the payload file's bytes (one payload),
 * or a pool of {@code randomizedPayloadPoolSize} payloads of {@code messageSize} bytes whose first
 * {@code (int) (messageSize * randomBytesRatio)} bytes are random and the rest zeros, so the ratio
 * steers how well the payload compresses. With a {@code messageSizeDistribution} the pool's payloads
 * have the distribution's sizes ({@link MessageSizes}), in an order the seed shuffles.
 */
public final class Payloads {

    private Payloads() {
    }

    /** The workload's payloads, from {@link #seed its seed}. */
    public static List<byte[]> of(Workload workload) {
        return of(workload, seed(workload));
    }

    /** The workload's {@code payloadSeed}, or one drawn now (a randomized pool then differs from run to run). */
    public static long seed(Workload workload) {
        return workload.payloadSeed() != null ? workload.payloadSeed() : new SecureRandom().nextLong();
    }

    /** The workload's payloads; a randomized pool is the same for the same seed. */
    public static List<byte[]> of(Workload workload, long seed) {
        return of(workload, new Random(seed));
    }

    private static List<byte[]> of(Workload workload, Random random) {
        if (workload.messageSizes() != null) {
            List<byte[]> pool = new ArrayList<>(workload.randomizedPayloadPoolSize());
            for (int size : workload.messageSizes().shuffledSizes(random)) {
                pool.addAll(randomized(size, workload.randomBytesRatio(), 1, random));
            }
            return List.copyOf(pool);
        }
        if (workload.useRandomizedPayloads()) {
            return randomized(workload.messageSize(), workload.randomBytesRatio(),
                    workload.randomizedPayloadPoolSize(), random);
        }
        return List.of(fromFile(workload));
    }

    static List<byte[]> randomized(int messageSize, double randomBytesRatio, int poolSize, Random random) {
        int randomBytes = (int) (messageSize * randomBytesRatio);
        List<byte[]> pool = new ArrayList<>(poolSize);
        for (int i = 0; i < poolSize; i++) {
            byte[] payload = new byte[messageSize];
            byte[] head = new byte[randomBytes];
            random.nextBytes(head);
            System.arraycopy(head, 0, payload, 0, randomBytes);
            pool.add(payload);
        }
        return List.copyOf(pool);
    }

    private static byte[] fromFile(Workload workload) {
        if (workload.payloadPath() == null) {
            throw new ConfigException("workload '" + workload.name() + "': no payload file and no randomized payloads");
        }
        // the file may have changed since the workload was validated
        String field = "workload '" + workload.name() + "': field 'payloadFile' = '" + workload.payloadFile() + "': ";
        if (Files.isDirectory(workload.payloadPath())) {
            throw new ConfigException(field + workload.payloadPath() + " is a directory, not a file");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(workload.payloadPath());
        } catch (IOException e) {
            throw new ConfigException(field + "cannot read " + workload.payloadPath() + " ("
                    + OneLine.of(e) + ")");
        }
        if (bytes.length != workload.messageSize()) {
            throw new ConfigException(workload.payloadPath() + ": is " + bytes.length
                    + " bytes but the workload's messageSize is " + workload.messageSize());
        }
        return bytes;
    }
}
