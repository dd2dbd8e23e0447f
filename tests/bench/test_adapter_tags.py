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
        ("[Manager] Approved the $100,000 budget", "manager", "Approved the $100,000 budget"),
        ("[DIRECTOR] Freeze all deploys", "director", "Freeze all deploys"),
    ],
)
def test_role_tags(text: str, authority: str, rest: str) -> None:
    tagged = untag(text)
    assert tagged.authority == authority
    assert tagged.text.startswith(rest)


def test_bracketed_words_that_name_no_role_stay_in_the_text() -> None:
    tagged = untag("[Draft notes] Budget is $40K")
    assert tagged.authority is None
    assert tagged.text == "[Draft notes] Budget is $40K"
