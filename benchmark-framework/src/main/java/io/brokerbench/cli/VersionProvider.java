package io.brokerbench.cli;

import picocli.CommandLine.IVersionProvider;

/** The framework version from the jar manifest. */
final class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = VersionProvider.class.getPackage().getImplementationVersion();
        return new String[] {"brokerbench " + (version == null ? "development build" : version)};
    }
}
