package io.dynoscope.core.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The translation step before the reader: which language, and the English it makes. */
class TranslationTest {

    private static final List<EntitySpec> SAAS =
            TranslationSeedsTest.entities("workspace", "project", "post", "author");

    @Test
    void everyEnglishSentenceOfTheCorpusStaysEnglish() {
        List<String> moved = new ArrayList<>();
        int sentences = 0;
        for (PlanRequests.Example example : PlanRequests.corpus()) {
            if (!example.language().equals("en")) {
                continue;
            }
            for (PlanRequests.Sentence sentence : example.sentences()) {
                sentences++;
                if (Translation.language(sentence.words()) != Translation.Language.ENGLISH) {
                    moved.add(sentence.words());
                }
            }
        }
        assertTrue(sentences > 100, "the corpus is read");
        assertEquals(List.of(), moved, "English sentences taken for Spanish or Italian");
    }

    @Test
    void theSeedsAreToldByLanguage() {
        TranslationSeedsTest.SPANISH.forEach(
                p ->
                        assertEquals(
                                Translation.Language.SPANISH,
                                Translation.language(p.written()),
                                p.written()));
        TranslationSeedsTest.ITALIAN.forEach(
                p ->
                        assertEquals(
                                Translation.Language.ITALIAN,
                                Translation.language(p.written()),
                                p.written()));
    }

    @Test
    void articlesContractionsPluralsAndAdjectivesBecomeEnglishOrder() {
        assertEquals(
                "list every project of a workspace, newest first",
                english("Listar cada proyecto de un espacio de trabajo, del más reciente primero"));
        assertEquals(
                "get a specific project by id", english("Ottieni un progetto specifico per id"));
        assertEquals(
                "list the 10 most recent projects of the workspace",
                english("Listar los 10 proyectos más recientes del espacio de trabajo"));
        assertEquals(
                "load a workspace and its projects",
                english("carica un workspace e i suoi progetti"));
        assertEquals("search the posts by author id", english("buscar los posts por id de autor"));
    }

    @Test
    void aWordNobodyKnowsMakesTheReadingUnsure() {
        PatternSpec read =
                PatternWords.read("Listar los proyectos zarandeados del espacio de trabajo", SAAS);
        assertEquals(List.of("project"), read.returns());
        assertTrue(
                read.unsure().stream().anyMatch(u -> u.contains("'zarandeados'")),
                read.unsure().toString());
        PatternSpec known =
                PatternWords.read("Listar los proyectos de un espacio de trabajo", SAAS);
        assertEquals(List.of(), known.unsure());
    }

    private static String english(String words) {
        return Translation.english(words, SAAS).english();
    }
}
