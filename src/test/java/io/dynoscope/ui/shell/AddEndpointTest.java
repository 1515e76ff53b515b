package io.dynoscope.ui.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class AddEndpointTest {

    @Test
    void endpointsNeedAnHttpUrlWithAHost() {
        assertNull(AddEndpoint.problemWith("http://localhost:8000"));
        assertEquals(
                "The endpoint must start with http:// or https://",
                AddEndpoint.problemWith("localhost:8000"));
        assertEquals(
                "Enter an endpoint URL such as http://localhost:8000",
                AddEndpoint.problemWith(" "));
        assertEquals(
                "Not a URL: Illegal character in authority at position 8",
                AddEndpoint.problemWith("http://a b"));
    }

    @Test
    void profilesNeedANameAndARegion() {
        assertNull(AddEndpoint.problemWithProfile("dev", "eu-west-1"));
        assertNull(AddEndpoint.problemWithProfile("dev", "us-gov-west-1"));
        assertEquals(
                "Enter a region such as eu-west-1",
                AddEndpoint.problemWithProfile("dev", "europe"));
        assertEquals(
                "Enter the name of a profile from ~/.aws/config",
                AddEndpoint.problemWithProfile("", "eu-west-1"));
    }
}
