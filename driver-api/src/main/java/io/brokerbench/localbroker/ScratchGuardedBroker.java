package io.brokerbench.localbroker;

import io.brokerbench.lifecycle.ScratchJanitor;

/**
 * A started broker with the janitor that removes its run directory should this JVM die without
 * closing it; closing the broker removes the directory and dismisses the janitor.
 */
final class ScratchGuardedBroker extends ForwardingBroker {

    private final ScratchJanitor janitor;

    ScratchGuardedBroker(LocalBroker broker, ScratchJanitor janitor) {
        super(broker);
        this.janitor = janitor;
    }

    @Override
    public void close() {
        super.close();
        janitor.dismiss();
    }
}
