package io.dynoscope.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Holds the layering of the design card: core depends on nothing of ours, only repository and
 * sandbox touch the SDK.
 */
class LayeringTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.dynoscope");
    }

    @Test
    void coreImportsNeitherJavaFxNorTheSdk() {
        noClasses()
                .that()
                .resideInAPackage("io.dynoscope.core..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx..", "software.amazon.awssdk..")
                .check(classes);
    }

    @Test
    void coreDependsOnNothingElseOfOurs() {
        noClasses()
                .that()
                .resideInAPackage("io.dynoscope.core..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "io.dynoscope.repository..",
                        "io.dynoscope.sandbox..",
                        "io.dynoscope.ui..",
                        "io.dynoscope.cli..",
                        "io.dynoscope.app..")
                .check(classes);
    }

    @Test
    void onlyRepositoryAndSandboxImportTheSdk() {
        noClasses()
                .that()
                .resideOutsideOfPackages("io.dynoscope.repository..", "io.dynoscope.sandbox..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("software.amazon.awssdk..")
                .check(classes);
    }

    @Test
    void repositoryAndSandboxKnowNoUserInterface() {
        noClasses()
                .that()
                .resideInAnyPackage("io.dynoscope.repository..", "io.dynoscope.sandbox..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "javafx..", "io.dynoscope.ui..", "io.dynoscope.cli..", "io.dynoscope.app..")
                .check(classes);
    }

    @Test
    void theCommandLineKnowsNoJavaFx() {
        noClasses()
                .that()
                .resideInAPackage("io.dynoscope.cli..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx..", "io.dynoscope.ui..")
                .check(classes);
    }

    @Test
    void theServiceLayerKnowsNoUserInterface() {
        noClasses()
                .that()
                .resideInAPackage("io.dynoscope.service..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "javafx..", "io.dynoscope.ui..", "io.dynoscope.cli..", "io.dynoscope.app..")
                .check(classes);
    }

    @Test
    void featurePackagesHaveNoCycles() {
        slices().matching("io.dynoscope.(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void corePackagesHaveNoCycles() {
        slices().matching("io.dynoscope.core.(*)..").should().beFreeOfCycles().check(classes);
    }
}
