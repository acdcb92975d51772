from benchmarks.extraction.score import Score, score_utterance

GOLD = [{"frame": "Trip", "subject": "me", "slots": {"country": "JP", "start": "2025-02-20"}, "status": "booked"}]


def test_exact_match_scores_every_slot() -> None:
    s = Score()
    score_utterance("Tokyo", GOLD, [{"frame": "Trip", "subject": "me", "slots": {"country": "JP", "start": "2025-02-20", "status": "booked"}}], s)
    assert (s.total.tp, s.total.fp, s.total.fn) == (3, 0, 0)


def test_wrong_value_is_false_and_missed_and_status_defaults() -> None:
    s = Score()
    score_utterance("Tokyo", GOLD, [{"frame": "Trip", "subject": "me", "slots": {"country": "JP", "start": "2025-02-21"}}], s)
    assert (s.total.tp, s.total.fp, s.total.fn) == (1, 2, 2)
    assert s.invented == 1  # 2025-02-21 is neither gold nor in the text


def test_optional_facts_and_subject_synonyms() -> None:
    gold = [{"frame": "Deadline", "subject": "me", "slots": {"subject": "licence"}, "optional": True},
            {"frame": "Allergy", "subject": "mom", "slots": {"allergen": "penicillin"}}]
    s = Score()
    score_utterance("mum is allergic to penicillin", gold,
                    [{"frame": "Allergy", "subject": "mother", "slots": {"allergen": "penicillin"}}], s)
    assert (s.total.tp, s.total.fp, s.total.fn) == (1, 0, 0)


def test_a_person_record_matches_whichever_subject_convention_the_writer_used() -> None:
    gold = [{"frame": "Person", "subject": "zara", "slots": {"name": "Zara", "relation": "niece"}}]
    s = Score()
    score_utterance("my niece Zara", gold,
                    [{"frame": "Person", "subject": "me", "slots": {"name": "Zara", "relation": "niece"}}], s)
    assert (s.total.tp, s.total.fp, s.total.fn) == (2, 0, 0)
    s = Score()
    score_utterance("my niece Zara", gold,
                    [{"frame": "Person", "subject": "me", "slots": {"name": "Mira", "relation": "niece"}}], s)
    assert s.total.fp == 1 and s.total.fn == 1  # the name still has to be right
