"""A new collection is named in the user's words: the model picks among the existing collections
and the message's own kind words, so a ride is never filed under a name it brought from elsewhere."""

from __future__ import annotations

import datetime as dt

from engine.learn.propose import kind_words, offer, request

DAY = dt.date(2026, 5, 20)


def test_kind_words_are_the_messages_own_content_words() -> None:
    words = kind_words("Short ride on Thursday, 28 km to the river and back. Legs felt great!")
    assert "ride" in words and "river" in words
    assert not {"short", "thursday", "km", "the", "felt", "great"} & set(words)


def test_pairs_said_together_verb_forms_acronyms_and_counted_things() -> None:
    assert "hiragana_drills" in kind_words("Did 25 minutes of hiragana drills tonight.")
    assert "sleep" in kind_words("Only slept about 6 hours.")
    assert "bp_log" in kind_words("BP was 128 over 84 this morning.")
    assert "pages" in kind_words("Finished Circe last night, 393 pages.")


def test_the_grammar_offers_existing_collections_and_kind_words_only() -> None:
    o = offer("Short ride on Thursday, 28 km to the river and back.", DAY)
    req = request(o, ["runs: date, distance_km (km)"])
    names = req.schema["properties"]["records"]["items"]["properties"]["collection"]["enum"]
    assert names[0] == "runs" and "ride" in names and "rides" not in names
    assert "Kind words: ride" in req.question


def test_a_message_without_kind_words_leaves_the_name_free_for_code_to_check() -> None:
    o = offer("6.2 and 34.", DAY)
    req = request(o, [])
    assert req.schema["properties"]["records"]["items"]["properties"]["collection"] == {"type": "string", "maxLength": 40}
