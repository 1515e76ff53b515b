package io.dynoscope.ui.shell;

import java.net.URI;
import java.net.URISyntaxException;

/** Checks an endpoint URL typed by the user before it is saved. */
final class AddEndpoint {
    private AddEndpoint() {}

    /**
     * @return null when the URL is usable, else what is wrong with it
     */
    static String problemWith(String text) {
        if (text == null || text.isBlank()) {
            return "Enter an endpoint URL such as http://localhost:8000";
        }
        try {
            URI uri = new URI(text.strip());
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
                return "The endpoint must start with http:// or https://";
            }
            if (uri.getHost() == null) {
                return "The endpoint has no host name";
            }
            return null;
        } catch (URISyntaxException e) {
            return "Not a URL: " + e.getReason() + " at position " + (e.getIndex() + 1);
        }
    }

    /**
     * @return null when the profile and region are usable, else what is wrong
     */
    static String problemWithProfile(String profile, String region) {
        if (profile == null || profile.isBlank()) {
            return "Enter the name of a profile from ~/.aws/config";
        }
        if (region == null || !region.strip().matches("[a-z]{2}(-[a-z]+)+-\\d+")) {
            return "Enter a region such as eu-west-1";
        }
        return null;
    }
}
