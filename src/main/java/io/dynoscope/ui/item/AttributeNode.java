package io.dynoscope.ui.item;

import io.dynoscope.core.item.AttributeValue;
import io.dynoscope.core.item.Item;
import io.dynoscope.core.item.ItemJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
        List<AttributeNode> children = new ArrayList<>();
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
            for (Map.Entry<String, AttributeValue> entry : m.entries().entrySet()) {
                children.add(of(entry.getKey(), entry.getValue()));
            }
            summary = count(children.size(), "entry", "entries");
        } else if (value instanceof AttributeValue.ListValue l) {
            for (int i = 0; i < l.elements().size(); i++) {
                children.add(of("[" + i + "]", l.elements().get(i)));
            }
            summary = count(children.size(), "element", "elements");
        } else if (value instanceof AttributeValue.StrSet ss) {
            int i = 0;
            for (String member : ss.members()) {
                children.add(of("[" + i++ + "]", AttributeValue.s(member)));
            }
            summary = members(children);
        } else if (value instanceof AttributeValue.NumSet ns) {
            for (int i = 0; i < ns.members().size(); i++) {
                children.add(of("[" + i + "]", ns.members().get(i)));
            }
            summary = members(children);
        } else {
            List<AttributeValue.Bin> bins = ((AttributeValue.BinSet) value).members();
            for (int i = 0; i < bins.size(); i++) {
                children.add(of("[" + i + "]", bins.get(i)));
            }
            summary = count(children.size(), "member", "members");
        }
        return new AttributeNode(name, value.type().descriptor(), summary, value, children);
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
