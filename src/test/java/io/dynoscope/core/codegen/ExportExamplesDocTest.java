package io.dynoscope.core.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dynoscope.core.model.ModelDocument;
import io.dynoscope.core.model.ModelFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The examples of docs/model.md, each marked {@code <!-- export-example FORMAT PATH -->} before its
 * code block, are what the generators write today from the saas model file, one of every format.
 */
class ExportExamplesDocTest {

    private static final Path DOC = Path.of("docs", "model.md");
    private static final Path SAAS =
            Path.of(
                    "src",
                    "main",
                    "resources",
                    "io",
                    "dynoscope",
                    "service",
                    "sandbox",
                    "saas-model.json");
    private static final Pattern EXAMPLE =
            Pattern.compile(
                    "<!-- export-example (\\S+) (\\S+) -->\\n```[a-z]*\\n(.*?)```\\n",
                    Pattern.DOTALL);

    @Test
    void theDocShowsTheGeneratedCodeOfEveryFormat() throws Exception {
        String doc = Files.readString(DOC);
        assertEquals(List.of(), mismatches(doc));
        Set<String> shown = new TreeSet<>();
        EXAMPLE.matcher(doc).results().forEach(m -> shown.add(m.group(1)));
        assertEquals(
                Arrays.stream(CodeFormat.values())
                        .map(CodeFormat::cliName)
                        .collect(Collectors.toCollection(TreeSet::new)),
                shown);
    }

    @Test
    void anExampleThatDriftedFromTheGeneratorIsNamed() throws Exception {
        String drifted =
                Files.readString(DOC)
                        .replace(
                                "template: \"PROJ#${projectId}\"",
                                "template: \"PRJ#${projectId}\"");
        assertEquals(List.of("electrodb saas.electrodb.ts"), mismatches(drifted));
    }

    /** The examples whose text is not the generator's file, as {@code FORMAT PATH}. */
    private static List<String> mismatches(String doc) throws Exception {
        ModelDocument saas = ModelFiles.read(Files.readString(SAAS)).document();
        List<String> wrong = new ArrayList<>();
        Matcher m = EXAMPLE.matcher(doc);
        while (m.find()) {
            GeneratedCode code =
                    CodeFormat.named(m.group(1)).orElseThrow().generator().generate(saas);
            String path = m.group(2);
            String generated =
                    code.files().stream()
                            .filter(f -> f.path().equals(path))
                            .map(GeneratedCode.File::text)
                            .findFirst()
                            .orElse(null);
            if (!m.group(3).equals(generated)) {
                wrong.add(m.group(1) + " " + path);
            }
        }
        return wrong;
    }
}
