package io.dynoscope.ui.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The README and the docs name the keys the app binds: finding a table, finding in the rows. */
class ShortcutDocsTest {

    // "Ctrl/Cmd+K finds a table", "Ctrl/Cmd+F still finds a table in the sidebar"
    private static final Pattern FINDS_A_TABLE =
            Pattern.compile("Ctrl/Cmd\\+(\\w+)[^.;,()]{0,30}?\\bfinds? a table\\b");
    private static final Pattern FINDS_IN_ROWS =
            Pattern.compile("Ctrl/Cmd\\+(\\w+)[^.;,()]{0,30}?\\bfinds? in\\b[^.;,()]{0,40}rows");

    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> files = Files.list(Path.of("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    private static List<String> keysNamed(Pattern claim) throws IOException {
        List<String> found = new ArrayList<>();
        for (Path doc : docs()) {
            Matcher m = claim.matcher(Files.readString(doc).replaceAll("\\s+", " "));
            while (m.find()) {
                found.add(doc + ": Ctrl/Cmd+" + m.group(1));
            }
        }
        return found;
    }

    @Test
    void everyDocNamesTheKeysTheAppBindsForFindingATableAndFindingInTheRows() throws IOException {
        String table = Shortcut.FIND_TABLE.keysText(false).replace("Ctrl+", "");
        String rows = Shortcut.FIND_IN_ROWS.keysText(false).replace("Ctrl+", "");
        List<String> tableClaims = keysNamed(FINDS_A_TABLE);
        List<String> rowClaims = keysNamed(FINDS_IN_ROWS);

        assertTrue(tableClaims.contains("README.md: Ctrl/Cmd+" + table), tableClaims.toString());
        assertEquals(
                List.of(),
                tableClaims.stream().filter(c -> !c.endsWith("+" + table)).toList(),
                "finding a table is Ctrl/Cmd+" + table);
        assertTrue(rowClaims.contains("README.md: Ctrl/Cmd+" + rows), rowClaims.toString());
        assertEquals(
                List.of(),
                rowClaims.stream().filter(c -> !c.endsWith("+" + rows)).toList(),
                "finding in the rows is Ctrl/Cmd+" + rows);
    }
}
