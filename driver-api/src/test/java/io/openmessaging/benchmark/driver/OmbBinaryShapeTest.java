package io.openmessaging.benchmark.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A driver jar compiled against OpenMessaging Benchmark's driver API links here only if every type,
 * member and signature it references exists with the same binary shape; an extra abstract method
 * would break every OMB driver that implements the interface. The expected shapes below are written
 * from OMB's sources (driver-api/src/main/java/io/openmessaging/benchmark/driver/, master), with
 * Lombok's {@code @Value} expanded the way Lombok expands it: a final class with a public all-fields
 * constructor, {@code getX()}/{@code isX()} getters, equals, hashCode and toString. They are written
 * as {@link Class#toGenericString()} and {@link Method#toGenericString()} render them, so a
 * difference in a name, parameter, generic argument, return type, checked exception, or
 * abstract/default/static shows up as a differing line.
 */
class OmbBinaryShapeTest {

    private static final String P = "io.openmessaging.benchmark.driver.";

    /** One public type of OMB's driver API as OMB declares it. */
    record Shape(String className, String declaration, List<String> supertypes, List<String> constructors,
            List<String> methods, List<String> nestedTypes) {
        @Override
        public String toString() {
            return className;
        }
    }

    static List<Shape> ombDriverApi() {
        return List.of(
                new Shape(P + "BenchmarkDriver",
                        "public abstract interface " + P + "BenchmarkDriver",
                        List.of("java.lang.AutoCloseable"),
                        List.of(),
                        List.of(
                                "public abstract void " + P + "BenchmarkDriver.initialize(java.io.File,"
                                        + "org.apache.bookkeeper.stats.StatsLogger) throws java.io.IOException,"
                                        + "java.lang.InterruptedException",
                                "public abstract java.lang.String " + P + "BenchmarkDriver.getTopicNamePrefix()",
                                "public abstract java.util.concurrent.CompletableFuture<java.lang.Void> " + P
                                        + "BenchmarkDriver.createTopic(java.lang.String,int)",
                                "public default java.util.concurrent.CompletableFuture<java.lang.Void> " + P
                                        + "BenchmarkDriver.createTopics(java.util.List<" + P
                                        + "BenchmarkDriver$TopicInfo>)",
                                "public abstract java.util.concurrent.CompletableFuture<" + P + "BenchmarkProducer> "
                                        + P + "BenchmarkDriver.createProducer(java.lang.String)",
                                "public default java.util.concurrent.CompletableFuture<java.util.List<" + P
                                        + "BenchmarkProducer>> " + P + "BenchmarkDriver.createProducers(java.util.List<"
                                        + P + "BenchmarkDriver$ProducerInfo>)",
                                "public abstract java.util.concurrent.CompletableFuture<" + P + "BenchmarkConsumer> "
                                        + P + "BenchmarkDriver.createConsumer(java.lang.String,java.lang.String," + P
                                        + "ConsumerCallback)",
                                "public default java.util.concurrent.CompletableFuture<java.util.List<" + P
                                        + "BenchmarkConsumer>> " + P + "BenchmarkDriver.createConsumers(java.util.List<"
                                        + P + "BenchmarkDriver$ConsumerInfo>)"),
                        List.of(P + "BenchmarkDriver$ConsumerInfo", P + "BenchmarkDriver$ProducerInfo",
                                P + "BenchmarkDriver$TopicInfo")),
                valueType("BenchmarkDriver$TopicInfo",
                        List.of("java.lang.String,int"),
                        List.of("java.lang.String getTopic()", "int getPartitions()")),
                valueType("BenchmarkDriver$ProducerInfo",
                        List.of("int,java.lang.String"),
                        List.of("int getId()", "java.lang.String getTopic()")),
                valueType("BenchmarkDriver$ConsumerInfo",
                        List.of("int,java.lang.String,java.lang.String," + P + "ConsumerCallback"),
                        List.of("int getId()", "java.lang.String getTopic()", "java.lang.String getSubscriptionName()",
                                P + "ConsumerCallback getConsumerCallback()")),
                new Shape(P + "BenchmarkProducer",
                        "public abstract interface " + P + "BenchmarkProducer",
                        List.of("java.lang.AutoCloseable"),
                        List.of(),
                        List.of("public abstract java.util.concurrent.CompletableFuture<java.lang.Void> " + P
                                + "BenchmarkProducer.sendAsync(java.util.Optional<java.lang.String>,byte[])"),
                        List.of()),
                new Shape(P + "BenchmarkConsumer",
                        "public abstract interface " + P + "BenchmarkConsumer",
                        List.of("java.lang.AutoCloseable"),
                        List.of(),
                        List.of(),
                        List.of()),
                new Shape(P + "ConsumerCallback",
                        "public abstract interface " + P + "ConsumerCallback",
                        List.of(),
                        List.of(),
                        List.of("public abstract void " + P + "ConsumerCallback.messageReceived(byte[],long)",
                                "public abstract void " + P
                                        + "ConsumerCallback.messageReceived(java.nio.ByteBuffer,long)"),
                        List.of()),
                // @RequiredArgsConstructor over the five final fields without initialiser; create(List)
                new Shape(P + "ResourceCreator",
                        "public class " + P + "ResourceCreator<R,C>",
                        List.of("java.lang.Object"),
                        List.of("public " + P + "ResourceCreator(java.lang.String,int,long,"
                                + "java.util.function.Function<java.util.List<R>, java.util.Map<R, "
                                + "java.util.concurrent.CompletableFuture<C>>>,"
                                + "java.util.function.Function<java.util.concurrent.CompletableFuture<C>, " + P
                                + "ResourceCreator$CreationResult<C>>)"),
                        List.of("public java.util.concurrent.CompletableFuture<java.util.List<C>> " + P
                                + "ResourceCreator.create(java.util.List<R>)"),
                        List.of(P + "ResourceCreator$CreationResult")),
                new Shape(P + "ResourceCreator$CreationResult",
                        "public static final class " + P + "ResourceCreator$CreationResult<C>",
                        List.of("java.lang.Object"),
                        List.of("public " + P + "ResourceCreator$CreationResult(C,boolean)"),
                        withObjectMethods(P + "ResourceCreator$CreationResult",
                                List.of("public C " + P + "ResourceCreator$CreationResult.getCreated()",
                                        "public boolean " + P + "ResourceCreator$CreationResult.isSuccess()")),
                        List.of()));
    }

    /** A Lombok {@code @Value} class nested in an interface (so implicitly public static). */
    private static Shape valueType(String simpleName, List<String> constructorParameters, List<String> getters) {
        String name = P + simpleName;
        return new Shape(name,
                "public static final class " + name,
                List.of("java.lang.Object"),
                constructorParameters.stream().map(params -> "public " + name + "(" + params + ")").toList(),
                withObjectMethods(name, getters.stream().map(getter -> {
                    int space = getter.indexOf(' ');
                    return "public " + getter.substring(0, space) + " " + name + "." + getter.substring(space + 1);
                }).toList()),
                List.of());
    }

    private static List<String> withObjectMethods(String name, List<String> methods) {
        List<String> all = new java.util.ArrayList<>(methods);
        all.add("public boolean " + name + ".equals(java.lang.Object)");
        all.add("public int " + name + ".hashCode()");
        all.add("public java.lang.String " + name + ".toString()");
        return all;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ombDriverApi")
    void typeIsDeclaredAsInOmb(Shape expected) throws ClassNotFoundException {
        Class<?> type = Class.forName(expected.className());
        assertEquals(expected.declaration(), type.toGenericString(), "declaration");
        List<String> supertypes = new java.util.ArrayList<>();
        if (!type.isInterface()) {
            supertypes.add(type.getGenericSuperclass().getTypeName());
        }
        Arrays.stream(type.getGenericInterfaces()).map(Type::getTypeName).forEach(supertypes::add);
        assertEquals(expected.supertypes(), supertypes, "supertypes");
        assertEquals(0, type.getFields().length, "public fields: " + Arrays.toString(type.getFields()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ombDriverApi")
    void publicMembersAreExactlyOmbs(Shape expected) throws ClassNotFoundException {
        Class<?> type = Class.forName(expected.className());
        assertEquals(sorted(expected.constructors()), sorted(Arrays.stream(type.getDeclaredConstructors())
                .filter(c -> Modifier.isPublic(c.getModifiers())).map(Constructor::toGenericString).toList()),
                "public constructors");
        // a public method OMB lacks would be harmless only if not abstract; listing all keeps the API exactly OMB's
        assertEquals(sorted(expected.methods()), sorted(Arrays.stream(type.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()) && !m.isSynthetic())
                .map(Method::toGenericString).toList()),
                "public methods");
        assertEquals(sorted(expected.nestedTypes()), sorted(Arrays.stream(type.getDeclaredClasses())
                .filter(c -> Modifier.isPublic(c.getModifiers())).map(Class::getName).toList()),
                "public nested types");
    }

    private static Set<String> sorted(List<String> items) {
        return items.stream().collect(Collectors.toCollection(TreeSet::new));
    }
}
