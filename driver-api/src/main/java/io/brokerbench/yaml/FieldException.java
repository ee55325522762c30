package io.brokerbench.yaml;

import java.util.Objects;

/**
 * Thrown by a bound record's compact constructor (or a value type's creator) for what its
 * declarations cannot say: one value against another, text that does not parse. It names the field
 * relative to the record; the binding turns it into a {@link YamlException} naming the file and
 * the field's full path.
 */
public final class FieldException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** Null for the value being built as a whole. */
    private final String field;
    /** Null when the value is to be shown as written in the file. */
    private final transient Object value;

    /** {@code field} (a component of the record being built) has {@code value}, which is wrong. */
    public FieldException(String field, Object value, String problem) {
        super(problem);
        this.field = Objects.requireNonNull(field, "field");
        this.value = value;
    }

    private FieldException(String problem) {
        super(problem);
        this.field = null;
        this.value = null;
    }

    /**
     * The value being built is wrong as a whole: a value type's text that does not parse, or a
     * record whose fields do not fit together (for the top-level record, a problem of the file).
     * The value is shown as written in the file.
     */
    public static FieldException wholeValue(String problem) {
        return new FieldException(problem);
    }

    /** The field relative to the record, or null for the whole value. */
    String field() {
        return field;
    }

    Object value() {
        return value;
    }
}
