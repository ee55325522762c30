package io.brokerbench.localbroker;

/** What a run's fault does to one node of a local broker ({@link LocalBroker#fault}). */
public enum NodeFault {
    /** SIGKILL: the node crashes, as on a power loss of its process. */
    KILL,
    /** SIGTERM: the node shuts down cleanly (a Kafka broker hands its leaderships over first). */
    STOP,
    /** SIGSTOP: the node freezes, holding its connections, as in a long GC pause or a hung disk. */
    PAUSE,
    /** SIGCONT: a paused node runs on. */
    RESUME,
    /** A stopped or killed node starts again with its data, on its ports. */
    START
}
