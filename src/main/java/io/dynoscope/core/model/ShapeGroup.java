package io.dynoscope.core.model;

import io.dynoscope.core.item.Item;
import java.util.ArrayList;
import java.util.List;

/** The items of one key shape, on their way to being an entity. */
final class ShapeGroup {
    final String shape;
    final List<Item> items = new ArrayList<>();
    String name;
    KeyTemplates templates;
    Entity entity;

    ShapeGroup(String shape) {
        this.shape = shape;
    }
}
