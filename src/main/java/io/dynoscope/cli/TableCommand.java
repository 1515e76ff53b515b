package io.dynoscope.cli;

import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.table.KeyType;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.core.table.TableChange;
import io.dynoscope.service.ConnectionServices;
import io.dynoscope.service.table.TableAdmin;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import picocli.CommandLine.Command;

/** {@code dynoscope table}: create and delete tables, set their TTL, add and remove indexes. */
@Command(
        name = "table",
        mixinStandardHelpOptions = true,
        description =
                "Create or delete a table, turn its TTL on or off, add or remove a global secondary index. "
                        + "--dry-run prints the exact request (DynamoDB's JSON) and sends nothing.",
        subcommands = {
            TableCreateCommand.class,
            TableDeleteCommand.class,
            TableTtlCommand.class,
            TableAddIndexCommand.class,
            TableRemoveIndexCommand.class
        })
final class TableCommand extends GroupCommand {

    TableCommand() {
        super("create, delete, ttl, add-index or remove-index");
    }

    /**
     * Prints the changes' requests (--dry-run), or sends them; a change DynamoDB would refuse, or a
     * read-only connection, stops it before anything is sent.
     */
    int run(List<TableChange> changes, TableAdmin admin, boolean dryRun, String done) {
        if (dryRun) {
            changes.forEach(change -> cli().out().println(admin.requestText(change)));
            return ExitCodes.OK;
        }
        admin.apply(changes);
        cli().err().println(done);
        return ExitCodes.OK;
    }

    /** Runs {@code work} with the table admin of this command line's connection. */
    int withAdmin(ToIntFunction<TableAdmin> work) {
        try (ConnectionServices services = cli().services()) {
            return work.applyAsInt(services.tableAdmin());
        } catch (IllegalArgumentException e) {
            throw CliException.usage(e.getMessage());
        }
    }

    /** A key attribute typed {@code NAME:TYPE}, TYPE being S, N or B. */
    record KeyAttribute(String name, String type) {

        static KeyAttribute parse(String text, String option) {
            int colon = text.lastIndexOf(':');
            if (colon <= 0) {
                throw CliException.usage(option + " is NAME:TYPE (S, N or B), not '" + text + "'");
            }
            return of(text.substring(0, colon), text.substring(colon + 1), option);
        }

        static KeyAttribute of(String name, String type, String option) {
            if (name.isEmpty() || !KeyType.isDescriptor(type)) {
                throw CliException.usage(
                        option
                                + ": a key attribute is NAME:TYPE with TYPE S, N or B, not '"
                                + name
                                + ":"
                                + type
                                + "'");
            }
            return new KeyAttribute(name, type);
        }
    }

    /**
     * A global secondary index typed {@code NAME:PK:TYPE[:SK:TYPE]}, its projection from {@code
     * --projection NAME=ALL|KEYS_ONLY|INCLUDE:a,b} (ALL by default), its key types added to {@code
     * types}.
     */
    static SecondaryIndex globalIndex(
            String text, Map<String, String> projections, Map<String, String> types) {
        String[] parts = text.split(":", -1);
        if (parts.length != 3 && parts.length != 5) {
            throw CliException.usage("--gsi is NAME:PK:TYPE[:SK:TYPE], not '" + text + "'");
        }
        KeyAttribute pk = KeyAttribute.of(parts[1], parts[2], "--gsi " + parts[0]);
        KeyAttribute sk =
                parts.length == 5 ? KeyAttribute.of(parts[3], parts[4], "--gsi " + parts[0]) : null;
        declare(types, pk);
        if (sk != null) {
            declare(types, sk);
        }
        return index(
                parts[0],
                true,
                KeySchema.of(pk.name(), sk == null ? null : sk.name()),
                projections);
    }

    static SecondaryIndex index(
            String name, boolean global, KeySchema keys, Map<String, String> projections) {
        String projection = projections.getOrDefault(name, "ALL");
        if (projection.startsWith("INCLUDE:")) {
            List<String> attributes =
                    Arrays.stream(projection.substring("INCLUDE:".length()).split(","))
                            .map(String::strip)
                            .filter(a -> !a.isEmpty())
                            .toList();
            return new SecondaryIndex(name, global, keys, "INCLUDE", attributes);
        }
        if (!projection.equals("ALL") && !projection.equals("KEYS_ONLY")) {
            throw CliException.usage(
                    "--projection "
                            + name
                            + " is ALL, KEYS_ONLY or INCLUDE:attr,attr, not '"
                            + projection
                            + "'");
        }
        return new SecondaryIndex(name, global, keys, projection, List.of());
    }

    /** Adds a key attribute's type, refusing one attribute given two types. */
    static void declare(Map<String, String> types, KeyAttribute attribute) {
        String earlier = types.putIfAbsent(attribute.name(), attribute.type());
        if (earlier != null && !earlier.equals(attribute.type())) {
            throw CliException.usage(
                    "attribute '"
                            + attribute.name()
                            + "' is given the types "
                            + earlier
                            + " and "
                            + attribute.type());
        }
    }
}
