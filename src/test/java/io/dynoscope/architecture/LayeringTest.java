package io.dynoscope.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.dynoscope.service.store.DynamoRepository;
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

    /** Core is pure: it knows none of Dynoscope's other layers. */
    static final ArchRule CORE_DEPENDS_ON_NOTHING_ELSE_OF_OURS =
            noClasses()
                    .that()
                    .resideInAPackage("io.dynoscope.core..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "io.dynoscope.repository..",
                            "io.dynoscope.service..",
                            "io.dynoscope.settings..",
                            "io.dynoscope.sandbox..",
                            "io.dynoscope.ui..",
                            "io.dynoscope.cli..",
                            "io.dynoscope.app..");

    @Test
    void coreDependsOnNothingElseOfOurs() {
        CORE_DEPENDS_ON_NOTHING_ELSE_OF_OURS.check(classes);
    }

    /**
     * The repository methods the window and the command line may call themselves: opening, naming
     * and closing the connection, and its tables' metadata ({@link
     * io.dynoscope.service.store.TableMetadata}). Every read and write of items goes through a
     * service.
     */
    static final Set<String> METADATA_METHODS =
            Set.of(
                    "connect",
                    "connection",
                    "close",
                    "listTables",
                    "describeTable",
                    "describeTimeToLive");

    static final ArchRule FRONT_ENDS_REACH_THE_REPOSITORY_ONLY_FOR_METADATA =
            noClasses()
                    .that()
                    .resideInAnyPackage("io.dynoscope.ui..", "io.dynoscope.cli..")
                    .should()
                    .callMethodWhere(
                            DescribedPredicate.describe(
                                    "a repository method other than " + METADATA_METHODS,
                                    call ->
                                            call.getTargetOwner()
                                                            .isAssignableTo(DynamoRepository.class)
                                                    && !METADATA_METHODS.contains(call.getName())))
                    .because("reads and writes of items go through service (issue 20)");

    @Test
    void frontEndsReachTheRepositoryOnlyForMetadata() {
        FRONT_ENDS_REACH_THE_REPOSITORY_ONLY_FOR_METADATA.check(classes);
    }

    /** The command line's composition root: it opens a connection and builds its services. */
    private static final String CLI_ROOT = "io.dynoscope.cli.DynoscopeCli";

    static final ArchRule FRONT_ENDS_BUILD_NO_SERVICE_OVER_THE_REPOSITORY =
            noClasses()
                    .that()
                    .resideInAnyPackage("io.dynoscope.ui..", "io.dynoscope.cli..")
                    .and()
                    .doNotHaveFullyQualifiedName(CLI_ROOT)
                    .should()
                    .callConstructorWhere(
                            DescribedPredicate.describe(
                                    "a service built over a repository",
                                    call ->
                                            isUseCase(call.getTargetOwner())
                                                    && call
                                                            .getTarget()
                                                            .getRawParameterTypes()
                                                            .stream()
                                                            .anyMatch(
                                                                    type ->
                                                                            type.isAssignableTo(
                                                                                    DynamoRepository
                                                                                            .class))))
                    .because(
                            "services are built once per connection (ConnectionServices) in the"
                                    + " composition root and handed to view models and commands");

    /** A class of the service layer other than its repository interface and decorator. */
    private static boolean isUseCase(JavaClass owner) {
        String name = owner.getPackageName();
        return name.startsWith("io.dynoscope.service")
                && !name.equals("io.dynoscope.service.store");
    }

    @Test
    void frontEndsBuildNoServiceOverTheRepository() {
        FRONT_ENDS_BUILD_NO_SERVICE_OVER_THE_REPOSITORY.check(classes);
    }

    /**
     * The window and the command line know no repository class: the shared value types are core's
     * ({@code core.table}), the repository interface is the service layer's ({@code
     * service.store}), and only the composition root ({@code app}) hands in the SDK's.
     */
    static final ArchRule FRONT_ENDS_IMPORT_NO_REPOSITORY_CLASS =
            noClasses()
                    .that()
                    .resideInAnyPackage("io.dynoscope.ui..", "io.dynoscope.cli..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage("io.dynoscope.repository..")
                    .because("ui and cli reach the data plane only through service (issue 35)");

    @Test
    void frontEndsImportNoRepositoryClass() {
        FRONT_ENDS_IMPORT_NO_REPOSITORY_CLASS.check(classes);
    }

    /**
     * The service layer owns the repository interface it calls and never names its implementation,
     * so the repository depends on the service layer and never the other way round.
     */
    static final ArchRule THE_SERVICE_LAYER_KNOWS_NO_REPOSITORY_IMPLEMENTATION =
            noClasses()
                    .that()
                    .resideInAPackage("io.dynoscope.service..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage("io.dynoscope.repository..")
                    .because("the composition roots hand the service layer its repositories");

    @Test
    void theServiceLayerKnowsNoRepositoryImplementation() {
        THE_SERVICE_LAYER_KNOWS_NO_REPOSITORY_IMPLEMENTATION.check(classes);
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

    /**
     * Spark is the whole-table jobs' alone (it is provided only where they run), and the jobs are a
     * composition root of their own: no JavaFX, no window, and nothing of ours depends on them.
     */
    @Test
    void onlyTheJobsImportSpark() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.dynoscope.jobs..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.apache.spark..", "scala..")
                .check(classes);
    }

    @Test
    void theJobsKnowNoUserInterfaceAndNothingKnowsThem() {
        noClasses()
                .that()
                .resideInAPackage("io.dynoscope.jobs..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx..", "io.dynoscope.ui..", "io.dynoscope.app..")
                .check(classes);
        noClasses()
                .that()
                .resideOutsideOfPackage("io.dynoscope.jobs..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.dynoscope.jobs..")
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
