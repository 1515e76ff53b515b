package io.dynoscope.repository;

import io.dynoscope.core.item.Item;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The repository's own conversion to SDK values, for benchmarks that call the SDK directly. */
public final class SdkItems {

    private SdkItems() {}

    public static Map<String, AttributeValue> of(Item item) {
        return SdkConversions.toSdk(item);
    }
}
