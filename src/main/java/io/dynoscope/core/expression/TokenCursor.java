package io.dynoscope.core.expression;

import io.dynoscope.core.expression.Lexer.Token;
import io.dynoscope.core.expression.Lexer.Type;
import java.util.List;

/**
 * The parser's place in an expression's tokens: what comes next, moving on, going back to a mark,
 * and the errors that name the token where the text went wrong.
 */
final class TokenCursor {

    private final List<Token> tokens;
    private int position;

    TokenCursor(String text) {
        this.tokens = Lexer.tokens(text);
    }

    Token peek() {
        return tokens.get(position);
    }

    /** The current token, moving past it (the end stays the end). */
    Token next() {
        Token t = tokens.get(position);
        if (t.type() != Type.END) {
            position++;
        }
        return t;
    }

    /** Where the cursor stands, to come back to with {@link #reset}. */
    int mark() {
        return position;
    }

    void reset(int mark) {
        position = mark;
    }

    /** Whether a word followed by '(' comes next. */
    boolean atFunctionCall() {
        return peek().type() == Type.WORD && tokens.get(position + 1).type() == Type.LPAREN;
    }

    /** Moves past the ')' that closes {@code open}, or says it is missing. */
    void expectClosing(Token open) {
        Token t = peek();
        if (t.type() != Type.RPAREN) {
            String found = t.type() == Type.END ? "" : " but found '" + t.text() + "'";
            throw error(t, "missing ')' to close the '(' at column " + open.column() + found);
        }
        next();
    }

    /** The text of the tokens from {@code from} up to, not including, {@code to}. */
    String textBetween(Token from, Token to) {
        StringBuilder out = new StringBuilder();
        for (int i = tokens.indexOf(from); i < tokens.size() && tokens.get(i) != to; i++) {
            out.append(tokens.get(i).text());
        }
        return out.toString();
    }

    static ExpressionSyntaxException error(Token at, String reason) {
        return new ExpressionSyntaxException(at.column(), at.shown(), reason);
    }
}
