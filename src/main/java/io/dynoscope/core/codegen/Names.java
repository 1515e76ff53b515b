package io.dynoscope.core.codegen;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dynoscope.core.key.KeyTemplate;
import java.io.UncheckedIOException;
import java.util.Locale;

/** Identifiers and literals of generated code, made from the names a person gave in the model. */
final class Names {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Names() {}

    /** {@code "projects of a workspace"} as {@code ProjectsOfAWorkspace}. */
    static String pascal(String name) {
        StringBuilder out = new StringBuilder();
        for (String word : name.split("[^A-Za-z0-9]+")) {
            if (!word.isEmpty()) {
                out.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
            }
        }
        if (out.isEmpty() || !Character.isLetter(out.charAt(0))) {
            out.insert(0, 'T');
        }
        return out.toString();
    }

    /** {@code "projects of a workspace"} as {@code projectsOfAWorkspace}. */
    static String camel(String name) {
        String pascal = pascal(name);
        return Character.toLowerCase(pascal.charAt(0)) + pascal.substring(1);
    }

    /** A file name made of the model's name: lower case, words joined by {@code -}. */
    static String file(String name) {
        String file =
                name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        return file.isEmpty() ? "model" : file;
    }

    /** A string literal, quoted and escaped as JSON, which TypeScript and Java read alike. */
    static String quoted(String text) {
        try {
            return JSON.writeValueAsString(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A key template as a TypeScript template literal over {@code object}'s fields: {@code
     * WS#{workspaceId}} as {@code `WS#${item.workspaceId}`}.
     */
    static String templateLiteral(KeyTemplate template, String object) {
        return "`"
                + template.rewrite(
                        text -> text.replace("\\", "\\\\").replace("`", "\\`").replace("$", "\\$"),
                        name -> "${" + object + "." + name + "}")
                + "`";
    }

    /**
     * A key template as a Java string expression over variables of the same names: {@code
     * WS#{workspaceId}} as {@code "WS#" + workspaceId}.
     */
    static String javaConcatenation(KeyTemplate template) {
        String joined =
                template.rewrite(text -> " + " + quoted(text), name -> " + " + name).substring(3);
        return template.isConstant() || joined.startsWith("\"") ? joined : "\"\" + " + joined;
    }
}
