package io.dynoscope.core.planner;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * General English the pattern reader needs beyond an entity's own names: other words for common
 * attributes ("zip code" for {@code postcode}), attributes that usually name one item ({@code
 * email}), irregular plurals, the modal verbs of a user story ("Users can browse …"), relative
 * pronouns ("movies that an actor starred in") and the verbs that relate two things ("join a room"
 * writes a membership). Small tables of the language, never the words of one sentence.
 */
final class Lexicon {

    /**
     * Other words for a word of an attribute's name: an attribute named with the key is also
     * matched by each phrase of the value ({@code postcode} by "zip code", "zip", "postal code").
     */
    static final Map<String, List<List<String>>> SYNONYMS =
            Map.ofEntries(
                    Map.entry(
                            "postcode",
                            List.of(
                                    List.of("zip", "code"),
                                    List.of("zip"),
                                    List.of("zipcode"),
                                    List.of("postal", "code"),
                                    List.of("post", "code"))),
                    Map.entry("zip", List.of(List.of("postcode"), List.of("postal", "code"))),
                    Map.entry("phone", List.of(List.of("telephone"), List.of("mobile"))),
                    Map.entry("email", List.of(List.of("e", "mail"), List.of("mail"))),
                    Map.entry("birthdate", List.of(List.of("birthday"), List.of("birth", "date"))),
                    Map.entry("dob", List.of(List.of("birthday"), List.of("birth", "date"))),
                    Map.entry("quantity", List.of(List.of("qty"), List.of("amount"))),
                    Map.entry(
                            "surname", List.of(List.of("last", "name"), List.of("family", "name"))),
                    Map.entry("country", List.of(List.of("nation"))),
                    Map.entry("city", List.of(List.of("town"))),
                    Map.entry("booking", List.of(List.of("reservation"))),
                    Map.entry("reservation", List.of(List.of("booking"))),
                    Map.entry("contest", List.of(List.of("competition"))),
                    Map.entry("competition", List.of(List.of("contest"))));

    /** Words of attributes that usually name one item each: "by email" asks for one user. */
    static final Set<String> UNIQUE =
            Set.of("email", "username", "slug", "handle", "isbn", "sku", "vin", "token", "login");

    /** Irregular plurals: the plural and its singular. */
    static final Map<String, String> IRREGULAR =
            Map.of(
                    "people", "person",
                    "children", "child",
                    "men", "man",
                    "women", "woman",
                    "mice", "mouse",
                    "indices", "index",
                    "analyses", "analysis",
                    "criteria", "criterion",
                    "data", "datum");

    /** The modal verbs after which a user story's role ends: "Users can", "An admin must". */
    static final Set<String> MODALS =
            Set.of(
                    "can", "could", "should", "must", "may", "will", "needs", "need", "wants",
                    "want");

    /** Relative pronouns: the noun after one is what the head noun is found by. */
    static final Set<String> RELATIVE = Set.of("that", "which", "whom", "who");

    /** Periods "this month", "this week": a range from the period's start. */
    static final Set<String> PERIODS = Set.of("month", "week", "year", "quarter", "day");

    /**
     * Roles by which an item refers to a person: a post's {@code ownerId} or {@code authorId} is
     * the user who wrote it, so "a user's posts" are found by it.
     */
    static final Set<String> PERSON_ROLES =
            Set.of(
                    "owner",
                    "author",
                    "creator",
                    "poster",
                    "sender",
                    "seller",
                    "buyer",
                    "host",
                    "organizer",
                    "requester",
                    "reporter",
                    "assignee",
                    "uploader",
                    "writer");

    /** Verbs that relate a person to a thing: the write creates the item that joins them. */
    static final Set<String> RELATING =
            Set.of(
                    "join",
                    "enrol",
                    "enroll",
                    "follow",
                    "subscribe",
                    "leave",
                    "unfollow",
                    "unsubscribe");

    private Lexicon() {}

    /** Whether {@code word} is an irregular plural of {@code name}. */
    static boolean irregularPlural(String word, String name) {
        return name.equals(IRREGULAR.get(word));
    }
}
