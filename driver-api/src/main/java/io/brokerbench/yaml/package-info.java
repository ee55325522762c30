/**
 * The one way this project reads YAML files — workloads, driver files, workers files: Jackson binds
 * a file to a Java record, strictly, and every problem is one line naming the file, the field (its
 * dotted path) and the value as written.
 *
 * <p>A file's shape is declared once, on the record's components:
 * <ul>
 *   <li>the component name is the key; a key no component declares is an error with a near-miss
 *       suggestion ({@link DidYouMean}); a component that is itself a record is a nested mapping, a
 *       value read from one scalar (e.g. text to parse) is a class with a delegating
 *       {@code @JsonCreator} and a {@code @JsonClassDescription} saying what it expects;</li>
 *   <li>{@code @JsonProperty(required = true)} makes a key required, {@code @JsonProperty(defaultValue
 *       = "...")} gives the value (written as in YAML) used when the key is absent; without either an
 *       absent key is {@code 0}, {@code false} or {@code null}, and an absent nested record is one with
 *       all its defaults;</li>
 *   <li>{@link Range} bounds a number;</li>
 *   <li>types are strict: {@code "8"} is text, not a number; {@code 1.5} is not a whole number; a
 *       number is not {@code true}; enum constants match ignoring case;</li>
 *   <li>checks a declaration cannot express (one value against another) go in the record's compact
 *       constructor and throw {@link FieldException};</li>
 *   <li>{@code @JacksonInject(YamlDocument.FILE) @JsonIgnore Path file} receives the file's path.</li>
 * </ul>
 * A key with nothing after it ({@code key:}) is an error for numbers and booleans (a half-finished
 * edit must not run with a default nobody chose) and means "absent" for everything else (an
 * empty {@code authentication:} section, an unset password).
 */
package io.brokerbench.yaml;
