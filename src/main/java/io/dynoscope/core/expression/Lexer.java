package io.dynoscope.core.expression;

import java.util.ArrayList;
import java.util.List;

/** Splits expression text into tokens, each with its 1-based column. */
final class Lexer {

    enum Type {
        WORD,
        NAME_REF,
        VALUE_REF,
        LPAREN,
        RPAREN,
        LBRACKET,
        RBRACKET,
        COMMA,
        DOT,
        /** One of {@code = <> < <= > >=}: its text says which ({@link Condition.Comparator}). */
        COMPARATOR,
        PLUS,
        MINUS,
        END
    }

    record Token(Type type, String text, int column) {
        boolean isKeyword(String keyword) {
            return type == Type.WORD && text.equalsIgnoreCase(keyword);
        }

        /** How the token is quoted in messages. */
        String shown() {
            return type == Type.END ? "end of expression" : text;
        }
    }

    private Lexer() {}

    static List<Token> tokens(String text) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            int column = i + 1;
            if (Character.isWhitespace(c)) {
                i++;
            } else if (isNameChar(c)) {
                int end = scanName(text, i);
                tokens.add(new Token(Type.WORD, text.substring(i, end), column));
                i = end;
            } else if (c == '#' || c == ':') {
                int end = scanName(text, i + 1);
                if (end == i + 1) {
                    String example = c == '#' ? "#name" : ":value";
                    throw new ExpressionSyntaxException(
                            column,
                            String.valueOf(c),
                            "'"
                                    + c
                                    + "' must be followed by a placeholder name such as "
                                    + example);
                }
                tokens.add(
                        new Token(
                                c == '#' ? Type.NAME_REF : Type.VALUE_REF,
                                text.substring(i, end),
                                column));
                i = end;
            } else if (c == '<' || c == '>' || c == '=') {
                String two = text.substring(i, Math.min(n, i + 2));
                String symbol =
                        two.equals("<>") || two.equals("<=") || two.equals(">=")
                                ? two
                                : String.valueOf(c);
                tokens.add(new Token(Type.COMPARATOR, symbol, column));
                i += symbol.length();
            } else {
                Type single =
                        switch (c) {
                            case '(' -> Type.LPAREN;
                            case ')' -> Type.RPAREN;
                            case '[' -> Type.LBRACKET;
                            case ']' -> Type.RBRACKET;
                            case ',' -> Type.COMMA;
                            case '.' -> Type.DOT;
                            case '+' -> Type.PLUS;
                            case '-' -> Type.MINUS;
                            default -> null;
                        };
                if (single == null) {
                    throw new ExpressionSyntaxException(
                            column, String.valueOf(c), unexpected(c, text, i));
                }
                tokens.add(new Token(single, String.valueOf(c), column));
                i++;
            }
        }
        tokens.add(new Token(Type.END, "", n + 1));
        return tokens;
    }

    private static String unexpected(char c, String text, int at) {
        if (c == '"' || c == '\'') {
            return "values cannot be written inline; use a :value placeholder";
        }
        if (c == '!' && at + 1 < text.length() && text.charAt(at + 1) == '=') {
            return "'!=' is not a DynamoDB comparator; use <>";
        }
        return "unexpected character '" + c + "'";
    }

    private static int scanName(String text, int from) {
        int i = from;
        while (i < text.length() && isNameChar(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Letters, digits and underscore: what DynamoDB accepts in names and placeholders. */
    static boolean isNameChar(char c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || c == '_';
    }
}
