package io.dynoscope.settings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/** The window's place and size, and the positions of its split panes' dividers (0..1). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record WindowLayout(
        double x,
        double y,
        double width,
        double height,
        boolean maximized,
        List<Double> sidebarDividers) {
    public WindowLayout {
        sidebarDividers = sidebarDividers == null ? List.of() : List.copyOf(sidebarDividers);
    }
}
