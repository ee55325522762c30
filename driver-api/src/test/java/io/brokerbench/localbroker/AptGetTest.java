package io.brokerbench.localbroker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** apt-get's lock messages, as apt 2.x and older releases word them in the C locale. */
class AptGetTest {

    @Test
    void namesTheLockAndItsHolder() {
        String output = "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 5328 (unattended-upgr)\n"
                + "E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?\n";
        assertEquals(Optional.of("/var/lib/dpkg/lock-frontend, held by process 5328 (unattended-upgr)"),
                AptGet.heldLock(output));
    }

    @Test
    void namesTheListsLockThatUpdateNeeds() {
        assertEquals(Optional.of("/var/lib/apt/lists/lock, held by process 17 (apt-get)"),
                AptGet.heldLock("E: Could not get lock /var/lib/apt/lists/lock. It is held by process 17 (apt-get)\n"
                        + "E: Unable to lock directory /var/lib/apt/lists/\n"));
    }

    @Test
    void olderAptNamesNoHolder() {
        assertEquals(Optional.of("/var/lib/dpkg/lock, held by another apt or dpkg"),
                AptGet.heldLock("E: Could not get lock /var/lib/dpkg/lock - open (11: Resource temporarily unavailable)\n"));
    }

    @Test
    void otherFailuresAreNotALock() {
        assertEquals(Optional.empty(), AptGet.heldLock("E: Unable to locate package no-such-package\n"));
    }
}
