package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dynoscope.core.item.AttributeValue.Type;
import io.dynoscope.core.model.AttributeModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The seeds' own access patterns, written in Spanish (shared/seeds/one-to-many.es.txt,
 * denormalization.es.txt) and Italian (one-to-many.it.txt), each read as its English counterpart:
 * the same entities returned, values given, range, order, limit and count. The entities are named
 * in English (as in the corpus) and again in the sentence's own language.
 */
class TranslationSeedsTest {

    /** A seed's sentence and the English it says. */
    record Pair(String written, String english) {}

    static final List<Pair> SPANISH =
            List.of(
                    new Pair(
                            "Obtener la configuración de un espacio de trabajo.",
                            "Get a workspace's settings"),
                    new Pair(
                            "Listar cada proyecto de un espacio de trabajo, del más reciente"
                                    + " primero.",
                            "List every project of a workspace, newest first"),
                    new Pair(
                            "Obtener un proyecto concreto por su id.", "Get one project by its id"),
                    new Pair(
                            "listar los proyectos de un espacio de trabajo",
                            "list the projects of a workspace"),
                    new Pair(
                            "cargar un espacio de trabajo y cada proyecto dentro de él",
                            "Load a workspace and every project in it"),
                    new Pair(
                            "Listar proyectos del más reciente primero",
                            "List projects newest first"),
                    new Pair(
                            "todos los proyectos con status = ACTIVE a nivel global",
                            "all projects with status = ACTIVE across workspaces"),
                    new Pair(
                            "encontrar los proyectos de un espacio de trabajo",
                            "find the projects of a workspace"),
                    new Pair("Configuración del espacio de trabajo", "Workspace settings"),
                    new Pair("Un proyecto", "One project"),
                    new Pair("consulta los posts del autor", "query the posts of the author"));

    static final List<Pair> ITALIAN =
            List.of(
                    new Pair(
                            "Ottieni le impostazioni di un workspace.",
                            "Get a workspace's settings"),
                    new Pair(
                            "Elenca ogni progetto in un workspace, dal più recente.",
                            "List every project in a workspace, newest first"),
                    new Pair(
                            "Ottieni un progetto specifico per id.",
                            "Get a specific project by id"),
                    new Pair(
                            "carica un workspace e ogni progetto al suo interno",
                            "load a workspace and every project in it"),
                    new Pair(
                            "elenca i progetti di un workspace",
                            "list the projects of a workspace"),
                    new Pair("Elenca i progetti dal più recente", "List the projects newest first"),
                    new Pair(
                            "tutti i progetti con status = ACTIVE globalmente",
                            "all projects with status = ACTIVE across workspaces"),
                    new Pair(
                            "trovare i progetti di un workspace",
                            "find the projects of a workspace"),
                    new Pair("Impostazioni del workspace", "Workspace settings"),
                    new Pair("Un progetto", "One project"));

    static List<EntitySpec> entities(String workspace, String project, String post, String author) {
        return List.of(
                EntitySpec.of(workspace, null, null, attributes("name", "plan")),
                EntitySpec.of(project, null, workspace, attributes("name", "status", "createdAt")),
                EntitySpec.of(
                        post, null, null, attributes(author + "Id", author + "Name", "createdAt")));
    }

    static List<AttributeModel> attributes(String... names) {
        List<AttributeModel> list = new ArrayList<>();
        for (String name : names) {
            list.add(new AttributeModel(name, Type.S));
        }
        return list;
    }

    @Test
    void spanishSeedsReadAsTheirEnglish() {
        List<String> wrong = new ArrayList<>();
        check(SPANISH, List.of(), wrong);
        check(
                SPANISH,
                List.of("workspace", "espacioDeTrabajo", "project", "proyecto", "author", "autor"),
                wrong);
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    @Test
    void italianSeedsReadAsTheirEnglish() {
        List<String> wrong = new ArrayList<>();
        check(ITALIAN, List.of(), wrong);
        check(ITALIAN, List.of("project", "progetto", "author", "autore"), wrong);
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    /**
     * Reads each pair: the English with the entities named in English, the written sentence with
     * them renamed ({@code renames}: English name, then the name in the sentence's language, in
     * pairs); both readings must be one, but for the names.
     */
    static void check(List<Pair> pairs, List<String> renames, List<String> wrong) {
        List<EntitySpec> english = entities("workspace", "project", "post", "author");
        List<EntitySpec> entities =
                entities(
                        renamed("workspace", renames),
                        renamed("project", renames),
                        "post",
                        renamed("author", renames));
        for (Pair pair : pairs) {
            String expected = shape(PatternWords.read(pair.english(), english), renames);
            PatternSpec written = PatternWords.read(pair.written(), entities);
            assertEquals(pair.written(), written.words(), "the reading keeps the words as written");
            if (!expected.equals(shape(written, List.of()))) {
                wrong.add(
                        pair.written()
                                + " ("
                                + Translation.english(pair.written(), entities).english()
                                + ")\n    read as  "
                                + shape(written, List.of())
                                + "\n    English  "
                                + expected);
            }
        }
    }

    static String renamed(String name, List<String> renames) {
        int at = renames.indexOf(name);
        return at < 0 || at % 2 == 1 ? name : renames.get(at + 1);
    }

    /** What a reading asks, without its words, notes and doubts, its names renamed. */
    static String shape(PatternSpec s, List<String> renames) {
        TreeSet<String> given = new TreeSet<>();
        for (String name : s.given()) {
            for (int k = 0; k < renames.size(); k += 2) {
                name = name.replace(renames.get(k), renames.get(k + 1));
            }
            given.add(name);
        }
        List<String> returns = s.returns().stream().map(r -> renamed(r, renames)).toList();
        return PatternWordsCorpusTest.describe(
                new PatternSpec(
                        s.words(),
                        returns,
                        List.copyOf(given),
                        s.many(),
                        s.range(),
                        s.order(),
                        s.limit(),
                        s.count(),
                        Optional.empty(),
                        null,
                        s.kind(),
                        List.of(),
                        false));
    }
}
