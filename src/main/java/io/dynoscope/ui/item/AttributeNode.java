package io.dynoscope.ui.item;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * One line of the item tree: an attribute (or a map entry, list element or set member) with its
 * type badge and a one-line summary of its value; maps, lists and sets have their contents as
 * children.
 */
public record AttributeNode(
        String name,
        String type,
        String summary,
        AttributeValue value,
        List<AttributeNode> children) {

    private static final int MAX_SUMMARY_CHARS = 120;

    public AttributeNode {
        children = List.copyOf(children);
    }

    /** The top-level attributes of an item, in the item's order. */
    public static List<AttributeNode> of(Item item) {
        List<AttributeNode> nodes = new ArrayList<>();
        item.attributes().forEach((name, value) -> nodes.add(of(name, value)));
        return nodes;
    }

    /** The node of one named value. */
    public static AttributeNode of(String name, AttributeValue value) {
        List<AttributeNode> children = List.of();
        String summary;
        if (value instanceof AttributeValue.Str s) {
            summary = quote(s.value());
        } else if (value instanceof AttributeValue.Num n) {
            summary = n.text();
        } else if (value instanceof AttributeValue.Bin b) {
            summary = b.length() + " bytes  " + abbreviate(b.base64());
        } else if (value instanceof AttributeValue.Bool b) {
            summary = Boolean.toString(b.value());
        } else if (value instanceof AttributeValue.Null) {
            summary = "null";
        } else if (value instanceof AttributeValue.MapValue m) {
            children =
                    m.entries().entrySet().stream().map(e -> of(e.getKey(), e.getValue())).toList();
            summary = count(children.size(), "entry", "entries");
        } else if (value instanceof AttributeValue.ListValue l) {
            children = indexed(l.elements());
            summary = count(children.size(), "element", "elements");
        } else if (value instanceof AttributeValue.StrSet ss) {
            children = indexed(ss.members().stream().map(AttributeValue::s).toList());
            summary = members(children);
        } else if (value instanceof AttributeValue.NumSet ns) {
            children = indexed(ns.members());
            summary = members(children);
        } else {
            children = indexed(((AttributeValue.BinSet) value).members());
            summary = count(children.size(), "member", "members");
        }
        return new AttributeNode(name, value.type().descriptor(), summary, value, children);
    }

    /** The members of a list or set, named by their place: [0], [1]… */
    private static List<AttributeNode> indexed(List<? extends AttributeValue> values) {
        return IntStream.range(0, values.size())
                .mapToObj(i -> of("[" + i + "]", values.get(i)))
                .toList();
    }

    /**
     * The value as a person would paste it: a string or number as is, anything else as DynamoDB
     * JSON.
     */
    public String copyText() {
        if (value instanceof AttributeValue.Str s) {
            return s.value();
        } else if (value instanceof AttributeValue.Num n) {
            return n.text();
        }
        return ItemJson.DYNAMODB.writePretty(value);
    }

    private static String members(List<AttributeNode> members) {
        return abbreviate(
                "{"
                        + String.join(", ", members.stream().map(AttributeNode::summary).toList())
                        + "}");
    }

    private static String count(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    private static String quote(String text) {
        return abbreviate("\"" + text.replace("\n", "\\n") + "\"");
    }

    private static String abbreviate(String text) {
        return text.length() <= MAX_SUMMARY_CHARS
                ? text
                : text.substring(0, MAX_SUMMARY_CHARS - 1) + "…";
    }
}
