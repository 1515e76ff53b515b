package io.dynoscope.core.codegen;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** The formats a table model ships as: infrastructure code for the table, application code. */
public enum CodeFormat {
    CLOUDFORMATION("cloudformation", "CloudFormation (JSON)", () -> CloudFormationTemplate.JSON),
    CLOUDFORMATION_YAML(
            "cloudformation-yaml", "CloudFormation (YAML)", () -> CloudFormationTemplate.YAML),
    TERRAFORM("terraform", "Terraform (JSON syntax)", TerraformConfiguration::new),
    CDK("cdk", "AWS CDK construct (TypeScript)", CdkConstruct::new),
    ELECTRODB("electrodb", "ElectroDB entities (TypeScript)", ElectroDbEntities::new),
    DYNAMODB_TOOLBOX(
            "dynamodb-toolbox", "dynamodb-toolbox v1 entities (TypeScript)", ToolboxEntities::new),
    JAVA("java", "Java Enhanced Client classes", EnhancedClientClasses::new);

    private final String cliName;
    private final String title;
    private final Supplier<CodeGenerator> generator;

    CodeFormat(String cliName, String title, Supplier<CodeGenerator> generator) {
        this.cliName = cliName;
        this.title = title;
        this.generator = generator;
    }

    /** The name {@code --format} takes. */
    public String cliName() {
        return cliName;
    }

    /** The name a menu shows. */
    public String title() {
        return title;
    }

    public CodeGenerator generator() {
        return generator.get();
    }

    /** The format of a {@code --format} name, in any case. */
    public static Optional<CodeFormat> named(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(f -> f.cliName.equals(wanted)).findFirst();
    }

    /** Every {@code --format} name, separated by {@code |}. */
    public static String names() {
        return Arrays.stream(values()).map(CodeFormat::cliName).collect(Collectors.joining("|"));
    }
}
