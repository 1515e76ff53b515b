package io.dynoscope.core.expression;

import java.util.List;

/**
 * A document path as written in an expression: {@code a}, {@code #a.b}, {@code list[3].#x}. Members
 * are kept as written (a bare name or a {@code #placeholder}); resolving placeholders is the job of
 * whoever holds the names map.
 */
public record DocumentPath(List<Element> elements) implements Operand {

    public DocumentPath {
        elements = List.copyOf(elements);
        if (elements.isEmpty() || !(elements.get(0) instanceof Member)) {
            throw new IllegalArgumentException("a document path starts with an attribute name");
        }
    }

    /** One step of a path. */
    public sealed interface Element permits Member, Index {
        int column();
    }

    /** A map member or top-level attribute: a bare name, or a placeholder such as {@code #er}. */
    public record Member(String text, boolean placeholder, int column) implements Element {}

    /** A list element, {@code [3]}. */
    public record Index(int index, int column) implements Element {}

    @Override
    public int column() {
        return elements.get(0).column();
    }

    /** Whether the path is a single top-level attribute (no {@code .member} or {@code [i]}). */
    public boolean isTopLevel() {
        return elements.size() == 1;
    }

    /** The first element, which names the top-level attribute. */
    public Member head() {
        return (Member) elements.get(0);
    }

    /** The path as written, e.g. {@code #a.b[2]}. */
    public String text() {
        StringBuilder out = new StringBuilder();
        for (Element e : elements) {
            if (e instanceof Member m) {
                if (out.length() > 0) {
                    out.append('.');
                }
                out.append(m.text());
            } else if (e instanceof Index i) {
                out.append('[').append(i.index()).append(']');
            }
        }
        return out.toString();
    }
}
