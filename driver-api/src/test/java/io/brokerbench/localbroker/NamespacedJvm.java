package io.brokerbench.localbroker;

import java.util.List;

/**
 * The main class of a JVM that a test kills with SIGKILL: it makes network namespaces for two nodes,
 * prints {@code ready <bridge> <namespace> <namespace>}, then idles.
 */
public final class NamespacedJvm {

    private NamespacedJvm() {
    }

    public static void main(String[] args) throws Exception {
        NodeNamespaces namespaces = NodeNamespaces.create(List.of("a", "b"));
        System.out.println("ready " + namespaces.bridge() + " " + namespaces.namespace("a") + " " + namespaces.namespace("b"));
        System.out.flush();
        Thread.sleep(600_000);
    }
}
