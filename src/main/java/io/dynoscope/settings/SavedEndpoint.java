package io.dynoscope.settings;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A DynamoDB-compatible endpoint the user added (or marked read-only or writable). The access key
 * id only selects DynamoDB Local's database; no secret key is kept.
 *
 * @param readOnly the user's word on writing through it (true read-only, false writable); null when
 *     the user said nothing
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SavedEndpoint(
        String label, String url, String region, String accessKeyId, Boolean readOnly) {
    /** The user info of a URL ({@code user:password@}), which is never kept. */
    private static final Pattern USER_INFO =
            Pattern.compile("(?<=[A-Za-z][A-Za-z0-9+.-]{0,20}://)[^/@\\s]+@");

    public SavedEndpoint {
        Objects.requireNonNull(url, "url");
        url = withoutUserInfo(url);
        label = withoutUserInfo(label);
    }

    /** An endpoint about whose writing the user said nothing. */
    public SavedEndpoint(String label, String url, String region, String accessKeyId) {
        this(label, url, region, accessKeyId, null);
    }

    private static String withoutUserInfo(String text) {
        return text == null ? null : USER_INFO.matcher(text).replaceAll("");
    }
}
