package io.brokerbench.config;

import io.brokerbench.driver.support.OneLine;
import io.brokerbench.lifecycle.ScratchDirectory;
import io.brokerbench.driver.ConfigurationCheck;
import io.brokerbench.localbroker.LocalBrokers;
import io.openmessaging.benchmark.driver.BenchmarkDriver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks a driver file as far as can be done without a broker: the framework keys, the driver
 * class, and — for drivers that offer {@link ConfigurationCheck} — the driver's own keys. A file
 * that starts a local broker is checked with example endpoints in its placeholders.
 */
public final class DriverConfigCheck {

    private DriverConfigCheck() {
    }

    public static void check(DriverFile file) {
        BenchmarkDriver driver = DriverClassResolver.instantiate(file);
        try {
            if (driver instanceof ConfigurationCheck check) {
                checkOwnKeys(file, check);
            }
        } finally {
            try {
                driver.close();
            } catch (Exception ignored) {
                // a driver never initialized holds nothing
            }
        }
    }

    private static void checkOwnKeys(DriverFile file, ConfigurationCheck check) {
        Path checked = file.file();
        Path scratch = null;
        try {
            if (file.needsLocalBroker()) {
                // same file name in a scratch directory, so messages that name the file stay recognisable
                scratch = Files.createTempDirectory("brokerbench-check-");
                checked = Files.writeString(scratch.resolve(file.file().getFileName()),
                        file.resolvePlaceholders(LocalBrokers.exampleEndpoints(file.localBroker())));
            }
            check.checkConfiguration(checked.toFile());
        } catch (IllegalArgumentException e) {
            throw new ConfigException(OneLine.message(e).replace(checked.toString(), file.file().toString()));
        } catch (IOException e) {
            throw ConfigException.file(file.file(), "cannot be checked: " + OneLine.of(e));
        } finally {
            if (scratch != null) {
                ScratchDirectory.deleteRecursively(scratch);
            }
        }
    }
}
