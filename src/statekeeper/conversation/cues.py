"""The cue tables of the conversation reader and of the phrase rules, loaded from their
`cues.toml` files and compiled once."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources

# Every file of cue tables, by package: one format, one loader, names unique across them.
_FILES = (("statekeeper.conversation", "cues.toml"), ("statekeeper.nlu", "cues.toml"))
WORD_OPEN, WORD_CLOSE = r"(?<![\w'])(?:", r")(?![\w'])"  # cues that stand as whole words


@cache
def tables() -> dict[str, tuple[str, ...]]:
    found: dict[str, tuple[str, ...]] = {}
    for package, name in _FILES:
        raw = tomllib.loads(resources.files(package).joinpath(name).read_text("utf-8"))
        twice = found.keys() & raw.keys()
        if twice:
            raise ValueError(f"cue tables named twice: {sorted(twice)}")
        found |= {table: tuple(phrases) for table, phrases in raw.items()}
    return {name: tuple(_expanded(p, found) for p in phrases) for name, phrases in found.items()}


# A table named inside a phrase, as <<name>>: its phrases stand there as alternatives, so a
# list several phrases share ("coroner", "carers", "trustees") is written once.
_NAMED = re.compile(r"<<(\w+)>>")


def _expanded(phrase: str, found: dict[str, tuple[str, ...]]) -> str:
    """A phrase with each table it names in place, and those that table names in turn."""
    return _NAMED.sub(
        lambda m: "(?:" + "|".join(_expanded(p, found) for p in found[m.group(1)]) + ")", phrase
    )


@cache
def table(name: str) -> re.Pattern[str]:
    """One table as a pattern of whole-word alternatives, to search in lowercased text."""
    phrases = tables()[name]
    # Whole words: no word character just outside the match, unless the cue itself ends on
    # a non-word character (a quote, a comma). An apostrophe inside a word ("don't") is part
    # of it; one that opens a quotation ("'go ahead'") is not.
    # A cue may open on an apostrophe ("'s off" of "Ben's off"): it starts inside a word.
    return re.compile(
        r"(?:(?<!\w)(?<!\w')|(?=['’]))(?:" + "|".join(phrases) + r")(?:(?<!\w)|(?![\w']))"
    )


@cache
def any_case(name: str) -> re.Pattern[str]:
    """One table as a pattern of whole-word alternatives, to search in text of any case."""
    return re.compile(WORD_OPEN + "|".join(tables()[name]) + WORD_CLOSE, re.IGNORECASE)


def found(name: str, text: str) -> bool:
    return table(name).search(text.lower()) is not None
