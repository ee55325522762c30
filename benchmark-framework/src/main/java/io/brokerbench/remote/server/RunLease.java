package io.brokerbench.remote.server;

import io.brokerbench.remote.wire.WireMessages.Ping.Serving;
import io.brokerbench.time.NanoClock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.regex.Pattern;

/**
 * The one run a worker serves, held as a lease: {@code initialize-driver} claims an idle worker for
 * the coordinator's run id, every request of that run renews it, and it ends when that coordinator
 * closes the worker or falls silent for longer than the lease. Calls of any other run are refused
 * ({@link NotOwner}), so a second coordinator can neither take over nor disturb a run in progress,
 * and a coordinator whose run ended under it learns so on its next call.
 */
public final class RunLease {

    /** A coordinator sends a UUID; ids show in messages, so any id is short and of harmless characters. */
    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    /** Refusals show this much of the holder's id: enough to tell runs apart, not enough to act as the holder. */
    private static final int SHOWN_ID_LENGTH = 8;

    private final Duration length;
    private final NanoClock clock;
    private Holder holder;
    private Ended lastEnded;
    private long lastRequestNanos;

    public RunLease(Duration length, NanoClock clock) {
        this.length = length;
        this.clock = clock;
    }

    /** Whether {@code run} is a run id a coordinator may send. */
    static boolean validId(String run) {
        return run != null && RUN_ID.matcher(run).matches();
    }

    /** Takes an idle worker for {@code run}; the holder claiming again keeps it. */
    public synchronized void claim(String run) {
        if (holder == null) {
            holder = new Holder(run, Instant.now().truncatedTo(ChronoUnit.SECONDS));
        } else if (!holder.run.equals(run)) {
            throw busy();
        }
        lastRequestNanos = clock.nanoTime();
    }

    /** Passes, renewing the lease, when {@code run} holds the worker; refuses otherwise. */
    public synchronized void check(String run) {
        switch (serving(run)) {
            case THIS_RUN -> lastRequestNanos = clock.nanoTime();
            case ANOTHER_RUN -> throw busy();
            case NO_RUN -> throw idle(run);
        }
    }

    /** How the worker stands toward {@code run} (may be null); renews the lease when it is the holder's. */
    public synchronized Serving renew(String run) {
        Serving serving = serving(run);
        if (serving == Serving.THIS_RUN) {
            lastRequestNanos = clock.nanoTime();
        }
        return serving;
    }

    public synchronized boolean held() {
        return holder != null;
    }

    /**
     * Ends the lease of {@code run}, e.g. when its coordinator closes the worker.
     *
     * @return false when no run held the worker
     * @throws NotOwner when another run holds it
     */
    public synchronized boolean end(String run, String why) {
        return switch (serving(run)) {
            case THIS_RUN -> endNow(why);
            case ANOTHER_RUN -> throw busy();
            case NO_RUN -> false;
        };
    }

    /** Ends whatever lease there is (the worker shuts down); false when there was none. */
    public synchronized boolean endAny(String why) {
        return holder != null && endNow(why);
    }

    /** Ends the lease if its run sent nothing for longer than the lease; true if it did. */
    public synchronized boolean endIfSilent() {
        return holder != null && clock.nanoTime() - lastRequestNanos > length.toNanos()
                && endNow("its coordinator sent nothing for " + length.toSeconds() + " s");
    }

    public Duration length() {
        return length;
    }

    private boolean endNow(String why) {
        lastEnded = new Ended(holder.run, Instant.now().truncatedTo(ChronoUnit.SECONDS), why);
        holder = null;
        return true;
    }

    private Serving serving(String run) {
        if (holder == null) {
            return Serving.NO_RUN;
        }
        return holder.run.equals(run) ? Serving.THIS_RUN : Serving.ANOTHER_RUN;
    }

    private NotOwner busy() {
        return new NotOwner(Serving.ANOTHER_RUN, "worker busy: serving run " + shown(holder.run) + " since "
                + holder.since + "; it is free again when that run's coordinator closes it or after "
                + length.toSeconds() + " s without a request from it");
    }

    private NotOwner idle(String run) {
        if (lastEnded != null && lastEnded.run.equals(run)) {
            return new NotOwner(Serving.NO_RUN, "worker was reset at " + lastEnded.at + " (" + lastEnded.why
                    + "): it no longer serves run " + shown(run));
        }
        return new NotOwner(Serving.NO_RUN, "not the owner: this worker serves no run (initialize-driver claims it)");
    }

    private static String shown(String run) {
        return run.length() <= SHOWN_ID_LENGTH ? run : run.substring(0, SHOWN_ID_LENGTH) + "...";
    }

    private record Holder(String run, Instant since) {
    }

    private record Ended(String run, Instant at, String why) {
    }

    /** A call refused because its run does not hold the worker: 409, one line. */
    public static final class NotOwner extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final Serving serving;

        NotOwner(Serving serving, String reason) {
            super(reason, null, false, false);
            this.serving = serving;
        }

        /** Whom the worker serves instead: another run, or none. */
        public Serving serving() {
            return serving;
        }
    }
}
