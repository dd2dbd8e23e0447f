"""The conversation reader's cue tables, loaded from `cues.toml` and compiled once."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources


@cache
def tables() -> dict[str, tuple[str, ...]]:
    raw = tomllib.loads(resources.files(__package__).joinpath("cues.toml").read_text("utf-8"))
    return {name: tuple(phrases) for name, phrases in raw.items()}


@cache
def table(name: str) -> re.Pattern[str]:
    """One table as a pattern of whole-word alternatives, to search in lowercased text."""
    phrases = tables()[name]
    # Whole words: no word character just outside the match, unless the cue itself ends on
    # a non-word character (a quote, a comma). An apostrophe inside a word ("don't") is part
    # of it; one that opens a quotation ("'go ahead'") is not.
    return re.compile(r"(?<!\w)(?<!\w')(?:" + "|".join(phrases) + r")(?:(?<!\w)|(?![\w']))")


def found(name: str, text: str) -> bool:
    return table(name).search(text.lower()) is not None
