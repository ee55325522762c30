# Shared by the launchers in bin/ and the scripts in bench/: locate the
# project, build it when the runtime classpath is missing or older than the sources, find java, and
# the JVM options they run with. Sourced, not executed.
BENCHMARK_HOME="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCHMARK_LIB="$BENCHMARK_HOME/benchmark-dist/target/lib"
BENCHMARK_BUILT="$BENCHMARK_LIB/.built"

brokerbench_build_if_needed() {
  local stale=""
  if [ ! -f "$BENCHMARK_BUILT" ]; then
    stale="first use"
  elif [ -n "$(cd "$BENCHMARK_HOME" && find . -path ./deploy -prune -o \( -name pom.xml -o -path '*/src/main/*' \) -newer "$BENCHMARK_BUILT" -print -quit 2>/dev/null)" ]; then
    stale="sources changed"
  fi
  if [ -n "$stale" ]; then
    echo "building brokerbench ($stale): mvn -B -q -DskipTests package ..." >&2
    if ! (cd "$BENCHMARK_HOME" && mvn -B -q -DskipTests package >&2); then
      echo "error: the build failed; run 'mvn -B -DskipTests package' in $BENCHMARK_HOME to see why" >&2
      exit 1
    fi
    touch "$BENCHMARK_BUILT"
  fi
}

if [ -n "${JAVA_HOME:-}" ]; then JAVA="$JAVA_HOME/bin/java"; else JAVA="java"; fi
# Not ext/: the harness loads each driver folder in ext/ with a class loader of its own
# (docs/omb-compatibility.md), so a driver's libraries cannot replace the project's.
BENCHMARK_CLASSPATH="$BENCHMARK_LIB/*"
# The JVM options of bin/benchmark and bin/reproduce (unless BENCHMARK_JVM_OPTS replaces them) and of
# bin/benchmark-worker (BENCHMARK_WORKER_JVM_OPTS). G1 with its own pause goal, not a 10 ms one: a
# young collection copies the messages in flight, which takes longer than 10 ms at a million a second,
# so a 10 ms goal only kept the young generation small, and the collections came so often that five
# producers' client spent a quarter of its time in GC pauses. 1 GiB: 2 GiB published more at the
# maximum rate but had the higher publish p99 at 50,000 msg/s in each of six side-by-side pairs
# (docs/benchmarks.md#the-client-jvms-options).
BENCHMARK_DEFAULT_JVM_OPTS="-Xms1g -Xmx1g -XX:+UseG1GC"

# --client-cpus LIST among the arguments: start java under taskset -c LIST rather than let the JVM pin
# itself once it runs, because the JVM sizes its GC worker threads, JIT compiler threads and common
# fork-join pool from the CPUs it may use at start-up: pinned from the first instruction, the client
# is the client a machine with those CPUs would have. The JVM checks the list itself (a one-line
# error, exit 2), so a list taskset refuses starts java unwrapped, to report it.
#   brokerbench_pin_client "$@"   (sets BROKERBENCH_EXEC_PREFIX for brokerbench_exec)
brokerbench_pin_client() {
  local client_cpus="" previous="" arg
  for arg in "$@"; do
    [ "$previous" = "--client-cpus" ] && client_cpus="$arg"
    case "$arg" in --client-cpus=*) client_cpus="${arg#--client-cpus=}" ;; esac
    previous="$arg"
  done
  if [ -n "$client_cpus" ] && command -v taskset > /dev/null && taskset -c "$client_cpus" true 2> /dev/null; then
    BROKERBENCH_EXEC_PREFIX=(taskset -c "$client_cpus")
  fi
}

# The launchers' one way to start: build if needed, then replace the shell with java running MAIN with
# the JVM options OPTIONS (one string, split on spaces as the *_JVM_OPTS variables always were), after
# the words of a PREFIX array named by BROKERBENCH_EXEC_PREFIX if set (bin/benchmark's taskset).
#   brokerbench_exec "$OPTIONS" MAIN "$@"
brokerbench_exec() {
  local options="$1" main="$2"
  shift 2
  brokerbench_build_if_needed
  # shellcheck disable=SC2086 # the options are words
  exec ${BROKERBENCH_EXEC_PREFIX[@]+"${BROKERBENCH_EXEC_PREFIX[@]}"} "$JAVA" $options \
    -Dbenchmark.home="$BENCHMARK_HOME" -cp "$BENCHMARK_CLASSPATH" "$main" "$@"
}
