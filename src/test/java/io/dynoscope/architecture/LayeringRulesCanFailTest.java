package io.dynoscope.architecture;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.dynoscope.cli.archfixture.CommandThatScansItself;
import io.dynoscope.core.archfixture.CoreThatKnowsAService;
import io.dynoscope.service.archfixture.ServiceThatOpensTheSdk;
import io.dynoscope.ui.archfixture.ViewModelThatOpensTheSdk;
import org.junit.jupiter.api.Test;

/**
 * Each rule of {@link LayeringTest} added or fixed this round, fed a class that breaks it (test
 * fixtures, never part of the app), must fail and name the break.
 */
class LayeringRulesCanFailTest {

    @Test
    void coreThatKnowsTheServiceLayerOrTheSettingsIsCaught() {
        JavaClasses fixture = new ClassFileImporter().importClasses(CoreThatKnowsAService.class);

        AssertionError failure =
                assertThrows(
                        AssertionError.class,
                        () -> LayeringTest.CORE_DEPENDS_ON_NOTHING_ELSE_OF_OURS.check(fixture));

        assertTrue(failure.getMessage().contains("io.dynoscope.service.read.ReadMode"));
        assertTrue(failure.getMessage().contains("io.dynoscope.settings.Settings"));
    }

    @Test
    void aCommandThatReadsItemsPastTheServicesIsCaughtButItsDescribeIsNot() {
        JavaClasses fixture = new ClassFileImporter().importClasses(CommandThatScansItself.class);

        AssertionError failure =
                assertThrows(
                        AssertionError.class,
                        () ->
                                LayeringTest.FRONT_ENDS_REACH_THE_REPOSITORY_ONLY_FOR_METADATA
                                        .check(fixture));

        assertTrue(failure.getMessage().contains("DynamoRepository.scan("), failure.getMessage());
        assertTrue(
                !failure.getMessage().contains("DynamoRepository.describeTable("),
                failure.getMessage());
    }

    @Test
    void aViewModelThatBuildsItsOwnServiceIsCaught() {
        JavaClasses fixture = new ClassFileImporter().importClasses(CommandThatScansItself.class);

        AssertionError failure =
                assertThrows(
                        AssertionError.class,
                        () ->
                                LayeringTest.FRONT_ENDS_BUILD_NO_SERVICE_OVER_THE_REPOSITORY.check(
                                        fixture));

        assertTrue(failure.getMessage().contains("TableSampler.<init>"), failure.getMessage());
    }

    @Test
    void aViewModelThatOpensTheSdkItselfIsCaught() {
        JavaClasses fixture = new ClassFileImporter().importClasses(ViewModelThatOpensTheSdk.class);

        AssertionError failure =
                assertThrows(
                        AssertionError.class,
                        () -> LayeringTest.FRONT_ENDS_IMPORT_NO_REPOSITORY_CLASS.check(fixture));

        assertTrue(
                failure.getMessage().contains("io.dynoscope.repository.SdkDynamoRepository"),
                failure.getMessage());
        assertTrue(
                !failure.getMessage().contains("io.dynoscope.service.store.DynamoRepository>"),
                failure.getMessage());
    }

    @Test
    void aServiceThatBuildsTheSdkRepositoriesIsCaught() {
        JavaClasses fixture = new ClassFileImporter().importClasses(ServiceThatOpensTheSdk.class);

        AssertionError failure =
                assertThrows(
                        AssertionError.class,
                        () ->
                                LayeringTest.THE_SERVICE_LAYER_KNOWS_NO_REPOSITORY_IMPLEMENTATION
                                        .check(fixture));

        assertTrue(
                failure.getMessage().contains("io.dynoscope.repository.SdkRepositories"),
                failure.getMessage());
    }
}
