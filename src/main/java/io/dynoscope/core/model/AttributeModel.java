package io.dynoscope.core.model;

import io.dynoscope.core.item.AttributeValue;
import java.util.Objects;

/** An attribute an entity holds, with its DynamoDB type. */
public record AttributeModel(String name, AttributeValue.Type type) {
    public AttributeModel {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }
}
