"""bm25 and last_n: the budget, transcript order, and finding a planted answer."""

from __future__ import annotations

from statekeeper.bench.baselines import Bm25, Transcript, last_n, words
from statekeeper.bench.tokens import count_tokens

FILLER = [
    f"{'Oskar' if i % 2 else 'Wren'}: we talked about the weather and the bus again, day {i}."
    for i in range(60)
]
PLANTED = "Wren: my locker combination at the climbing gym is 4471"


def _lines() -> list[str]:
    return FILLER[:10] + [PLANTED] + FILLER[10:]


def test_words_are_lowercase_word_tokens() -> None:
    assert words("Locker COMBINATION, gym-4471!") == ["locker", "combination", "gym", "4471"]


def test_last_n_takes_the_newest_turns_within_the_budget_in_order() -> None:
    lines = _lines()
    transcript = Transcript(lines)
    text = last_n(transcript, 120)
    assert 0 < count_tokens(text) <= 120
    shown = text.split("\n")
    assert shown == lines[-len(shown) :]  # the newest, contiguous, oldest first
    assert PLANTED not in text


def test_costs_add_up_to_the_joined_count() -> None:
    transcript = Transcript(_lines())
    text = "\n".join(transcript.lines)
    last = count_tokens(transcript.lines[-1])
    assert sum(transcript.costs[:-1]) + last == count_tokens(text)


def test_bm25_ranks_the_matching_turn_first() -> None:
    lines = _lines()
    bm25 = Bm25(Transcript(lines))
    ranked = bm25.ranked("What is the combination of my locker at the gym?")
    assert lines[ranked[0]] == PLANTED


def test_bm25_finds_the_planted_answer_within_the_budget_in_transcript_order() -> None:
    lines = _lines()
    bm25 = Bm25(Transcript(lines))
    text = bm25.context("locker combination", 60)
    assert "4471" in text
    assert count_tokens(text) <= 60
    shown = text.split("\n")
    assert sorted(shown, key=lines.index) == shown
    assert len(shown) > 1


def test_a_budget_too_small_for_any_turn_gives_nothing() -> None:
    transcript = Transcript(_lines())
    assert last_n(transcript, 3) == ""
    assert Bm25(transcript).context("locker", 3) == ""


def test_a_turn_too_long_ends_last_n_and_is_passed_over_by_bm25() -> None:
    lines = ["Wren: short one.", "Oskar: " + "very long short " * 200, "Wren: short two."]
    transcript = Transcript(lines)
    assert last_n(transcript, 30) == "Wren: short two."
    assert Bm25(transcript).context("short", 30).split("\n") == [
        "Wren: short one.",
        "Wren: short two.",
    ]


def test_an_empty_transcript_gives_an_empty_context() -> None:
    transcript = Transcript([])
    assert last_n(transcript, 100) == ""
    assert Bm25(transcript).context("anything", 100) == ""
