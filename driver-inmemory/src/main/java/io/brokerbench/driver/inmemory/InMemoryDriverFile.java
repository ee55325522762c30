package io.brokerbench.driver.inmemory;

import io.brokerbench.driver.inmemory.capacity.CapacityModel;
import io.brokerbench.driver.support.FrameworkKeys;
import io.brokerbench.yaml.FieldException;
import io.brokerbench.yaml.Range;
import java.io.File;
import java.util.Optional;

/**
 * The in-memory driver's file: the framework's keys and an optional {@code capacity} section that
 * turns the loop-back into a broker of known capacity ({@link CapacityModel}). Any other key is an
 * error naming the file, the key and the value.
 */
record InMemoryDriverFile(Capacity capacity) {

    static final int DEFAULT_QUEUE_LIMIT = 100_000;
    static final long DEFAULT_SEED = 1;

    static InMemoryDriverFile read(File file) {
        return FrameworkKeys.readDriverKeys(file.toPath(), InMemoryDriverFile.class);
    }

    /** The broker of known capacity the file asks for; empty for the loop-back of infinite capacity. */
    Optional<CapacityModel> capacityModel() {
        return capacity.model();
    }

    /**
     * The {@code capacity} section. Its keys are boxed because the binding fills in an absent section
     * as an empty one: only a missing {@code serviceRate} tells that no model is wanted.
     */
    record Capacity(
            @Range(min = 1, max = CapacityModel.MAX_SERVICE_RATE) Double serviceRate,
            @Range(min = 1, max = CapacityModel.MAX_QUEUE_LIMIT) Integer queueLimit,
            @Range(min = 0, max = 1) Double serviceTimeJitter,
            Long seed) {

        Capacity {
            if (serviceRate == null && (queueLimit != null || serviceTimeJitter != null || seed != null)) {
                throw FieldException.wholeValue("serviceRate (messages served a second) is required in a capacity section");
            }
        }

        Optional<CapacityModel> model() {
            if (serviceRate == null) {
                return Optional.empty();
            }
            return Optional.of(new CapacityModel(serviceRate, queueLimit == null ? DEFAULT_QUEUE_LIMIT : queueLimit,
                    serviceTimeJitter == null ? 0 : serviceTimeJitter, seed == null ? DEFAULT_SEED : seed));
        }
    }
}
