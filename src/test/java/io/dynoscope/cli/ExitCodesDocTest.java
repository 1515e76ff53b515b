package io.dynoscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/exit-codes.md has a row for every exit code the command line uses, and no other. */
class ExitCodesDocTest {

    @Test
    void theDocumentedCodesAreTheCodesOfExitCodes() throws IOException, IllegalAccessException {
        Set<Integer> used = new TreeSet<>();
        for (Field field : ExitCodes.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class) {
                used.add(field.getInt(null));
            }
        }
        Set<Integer> documented = new TreeSet<>();
        Matcher row =
                Pattern.compile("(?m)^\\| (\\d+) +\\|")
                        .matcher(Files.readString(Path.of("docs/exit-codes.md")));
        while (row.find()) {
            documented.add(Integer.parseInt(row.group(1)));
        }

        assertEquals(used, documented);
    }
}
