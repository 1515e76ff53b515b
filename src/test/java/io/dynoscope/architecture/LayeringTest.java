package io.dynoscope.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.dynoscope.repository.DynamoRepository;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Holds the layering of docs/architecture.md: core depends on nothing of ours; only repository and
 * sandbox touch the SDK; the service layer alone writes through the repository and knows no JavaFX;
 * the ui feature packages meet only in ui.common; the command line knows no JavaFX.
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
                .resideInAnyPackage("io.dynoscope.service..", "io.dynoscope.settings..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "javafx..", "io.dynoscope.ui..", "io.dynoscope.cli..", "io.dynoscope.app..")
                .check(classes);
    }

    @Test
    void onlyTheServiceLayerWritesThroughTheRepository() {
        noClasses()
                .that()
                .resideOutsideOfPackages("io.dynoscope.service..", "io.dynoscope.repository..")
                .should()
                .callMethodWhere(writesThroughTheRepository())
                .because("every write goes through a use case, which checks and guards it")
                .check(classes);
    }

    private static DescribedPredicate<JavaMethodCall> writesThroughTheRepository() {
        return DescribedPredicate.describe(
                "a write method of the repository",
                call ->
                        call.getTargetOwner().isAssignableTo(DynamoRepository.class)
                                && WRITE_METHODS.contains(call.getName()));
    }

    private static final Set<String> WRITE_METHODS =
            Set.of(
                    "putItem",
                    "updateItem",
                    "deleteItem",
                    "batchWrite",
                    "createTable",
                    "deleteTable",
                    "changeTable",
                    "executeStatement");

    /**
     * The feature packages meet in ui.common; ui.tabs, where a tab joins features (a table's grid
     * with its tool windows, a tool with its view), is the one package that may use several.
     */
    @Test
    void userInterfaceFeaturesMeetOnlyInTheirCommonPackage() {
        slices().matching("io.dynoscope.ui.(*)..")
                .should()
                .notDependOnEachOther()
                .ignoreDependency(
                        DescribedPredicate.alwaysTrue(),
                        JavaClass.Predicates.resideInAPackage("io.dynoscope.ui.common.."))
                .ignoreDependency(
                        JavaClass.Predicates.resideInAPackage("io.dynoscope.ui.tabs.."),
                        DescribedPredicate.alwaysTrue())
                .check(classes);
    }

    @Test
    void noFeaturePackageUsesTheTabs() {
        noClasses()
                .that()
                .resideInAPackage("io.dynoscope.ui..")
                .and()
                .resideOutsideOfPackage("io.dynoscope.ui.tabs..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.dynoscope.ui.tabs..")
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
