"""The StateBench adapter reads a role tag whether it is abbreviated or spelled out."""

from __future__ import annotations

import pytest

from statekeeper.integrations.statebench import untag


@pytest.mark.parametrize(
    ("text", "authority", "rest"),
    [
        ("[VP] Vince (VP HR): PTO over 3 days needs VP approval", "executive", "Vince (VP HR):"),
        (
            "[Vice President] Vince (Vice President HR): PTO over 3 days needs approval",
            "executive",
            "Vince (Vice President HR):",
        ),
        (
            "[Chief Executive] Cat (Chief Executive): Launch in Q1",
            "c_level",
            "Cat (Chief Executive):",
        ),
        ("[Manager] Approved the $85,500 spend", "manager", "Approved the $85,500 spend"),
        ("[DIRECTOR] Freeze all deploys", "director", "Freeze all deploys"),
    ],
)
def test_role_tags(text: str, authority: str, rest: str) -> None:
    tagged = untag(text)
    assert tagged.authority == authority
    assert tagged.text.startswith(rest)


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        ("Dr. Osei (IC): roll back to 4.2", "Dr. Osei"),
        ("Mrs. J. Hale (chair): fine by me", "Mrs. J. Hale"),
        ("Renata (ops): we hold at 5pm", "Renata"),
        # a heading that ends a sentence before its brackets names no speaker
        ("Bunkhouse rooms. Room 1 (ground floor): the grandparents.", None),
        ("Menu sorted. Starter (cold): gazpacho for 40.", None),
        ("Kit list. Tent 2 (the big one): Sam and Lee.", None),
    ],
)
def test_a_speaker_label_names_no_sentence(text: str, speaker: str | None) -> None:
    assert untag(text).speaker == speaker


def test_bracketed_words_that_name_no_role_stay_in_the_text() -> None:
    tagged = untag("[Draft notes] Budget is $40K")
    assert tagged.authority is None
    assert tagged.text == "[Draft notes] Budget is $40K"


def _state(flag: object) -> dict[str, object]:
    fact = {"key": "plan", "value": "Team plan: 40 seats, annual billing"}
    if flag is not None:
        fact["is_constraint"] = flag
    return {
        "identity_role": {"user_name": "Ana", "authority": "Buyer"},
        "persistent_facts": [fact],
        "working_set": [],
        "environment": {"now": "2026-01-01T00:00:00"},
    }


@pytest.mark.parametrize(("flag", "constraint"), [(False, False), (True, True), (None, True)])
def test_the_data_decides_what_is_a_constraint(flag: object, constraint: bool) -> None:
    """A fact the data says is no constraint is a plain fact, however it reads; with no
    word from the data, the engine reads it ("40 seats" is a capacity)."""
    from statekeeper.integrations.statebench import StateKeeperStrategy

    s = StateKeeperStrategy()
    s.reset()
    s.initialize_from_state(_state(flag))
    context = s.build_context({"type": "query", "prompt": "How many seats on the plan?"}).context
    s.close()
    assert "40 seats" in context
    assert ("CONSTRAINT]" in context) == constraint


@pytest.mark.parametrize("kind", ["hard", "soft", "legal", "budget"])
def test_a_constraint_of_a_kind_the_engine_does_not_name_is_kept(kind: str) -> None:
    """A write whose constraint kind is not one of the engine's ("hard") is still written:
    it was dropped whole, and the policy it held never reached a context."""
    from statekeeper.integrations.statebench import StateKeeperStrategy

    state = _state(True)
    state["persistent_facts"][0]["constraint_type"] = kind  # type: ignore[index]
    s = StateKeeperStrategy()
    s.reset()
    s.initialize_from_state(state)
    context = s.build_context({"type": "query", "prompt": "How many seats on the plan?"}).context
    s.close()
    assert "40 seats" in context
