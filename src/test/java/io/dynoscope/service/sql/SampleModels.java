package io.dynoscope.service.sql;

import io.dynoscope.core.item.AttributeValue.Type;
import io.dynoscope.core.item.KeySchema;
import io.dynoscope.core.model.AttributeModel;
import io.dynoscope.core.model.Entity;
import io.dynoscope.core.model.KeyTemplates;
import io.dynoscope.core.model.TableModel;
import io.dynoscope.core.table.SecondaryIndex;
import io.dynoscope.sandbox.SampleData;
import java.util.List;
import java.util.Map;

/** Table models of the sample data sets, built in code for the SQL console's tests. */
public final class SampleModels {

    private SampleModels() {}

    /**
     * {@code workspace} = WS#{workspaceId} / META and {@code project} = WS#{workspaceId} / PROJ#.
     */
    public static TableModel saas(String table) {
        Entity workspace =
                new Entity(
                        "workspace",
                        KeyTemplates.of("WS#{workspaceId}", "META"),
                        List.of(
                                new AttributeModel("name", Type.S),
                                new AttributeModel("plan", Type.S),
                                new AttributeModel("createdAt", Type.S),
                                new AttributeModel("seats", Type.N),
                                new AttributeModel("trial", Type.BOOL),
                                new AttributeModel("features", Type.SS)),
                        Map.of());
        Entity project =
                new Entity(
                        "project",
                        KeyTemplates.of("WS#{workspaceId}", "PROJ#{projectId}"),
                        List.of(
                                new AttributeModel("name", Type.S),
                                new AttributeModel("status", Type.S),
                                new AttributeModel("createdAt", Type.S),
                                new AttributeModel("workspaceName", Type.S),
                                new AttributeModel("budget", Type.N),
                                new AttributeModel("labels", Type.SS)),
                        Map.of());
        return new TableModel(
                table,
                SampleData.SAAS_KEYS,
                Map.of("EntityRef", "S", "Detail", "S"),
                List.of(),
                List.of(workspace, project),
                List.of(),
                List.of(),
                List.of(),
                List.of());
    }

    /** {@code user} = USER#{userNumber} / META and {@code post} = POST#{postId} / META. */
    static TableModel blog(String table) {
        Entity user =
                new Entity(
                        "user",
                        KeyTemplates.of("USER#{userNumber}", "META"),
                        List.of(
                                new AttributeModel("userId", Type.S),
                                new AttributeModel("name", Type.S),
                                new AttributeModel("email", Type.S),
                                new AttributeModel("followers", Type.N)),
                        Map.of());
        Entity post =
                new Entity(
                        "post",
                        KeyTemplates.of("POST#{postId}", "META"),
                        List.of(
                                new AttributeModel("title", Type.S),
                                new AttributeModel("authorId", Type.S),
                                new AttributeModel("authorName", Type.S),
                                new AttributeModel("createdAt", Type.S)),
                        Map.of());
        return new TableModel(
                table,
                KeySchema.of(SampleData.BLOG_PARTITION_KEY, SampleData.BLOG_SORT_KEY),
                Map.of("PK", "S", "SK", "S", "authorId", "S", "createdAt", "S"),
                List.of(
                        new SecondaryIndex(
                                SampleData.BLOG_AUTHOR_INDEX,
                                true,
                                SampleData.BLOG_AUTHOR_INDEX_KEYS,
                                "ALL",
                                List.of())),
                List.of(user, post),
                List.of(),
                List.of(),
                List.of(),
                List.of());
    }
}
