"""A diff pasted into a turn: a line taken out ("- area: 42 ha") and the line put in its
place ("+ area: 55 ha"). Each value of the new line that differs from the value of its kind
at the same place in the old one is said again as its replacement ("55 ha, not 42 ha"),
which the rest of the reader takes as a change that names the old value. Text struck
through in a pasted list or board ("~~Lamb shank $24~~") is said again as struck
off."""

from __future__ import annotations

import re

from statekeeper.text.values import typed_values

_REMOVED = re.compile(r"^\s*-\s+(?P<line>\S.*)$")
_ADDED = re.compile(r"^\s*\+\s+(?P<line>\S.*)$")


def diff_contrasts(turn: str) -> list[str]:
    """The changes a pasted diff makes, as sentences that name each old value beside its
    new one; none when the turn holds no removed line followed by an added one."""
    lines = turn.splitlines()
    said: list[str] = []
    for removed, added in zip(lines, lines[1:], strict=False):
        old, new = _REMOVED.match(removed), _ADDED.match(added)
        if old is None or new is None:
            continue
        before, after = typed_values(old["line"]), typed_values(new["line"])
        if [v.kind for v in before] != [v.kind for v in after]:
            continue  # not one line's values in their places
        said += [f"{b.text}, not {a.text}." for a, b in zip(before, after, strict=True) if a.key != b.key]
    return said


# Text struck through as markdown and chat apps write it: "~~Lamb shank $24~~", "~Lamb~";
# the marks hug the text ("~20 chairs, ~3pm" strikes nothing).
_STRUCK = re.compile(r"(?<![~\w])~~?(?P<text>[^~\s](?:[^~\n]*[^~\s])?)~~?(?![~\w])")
_NUMBERED = re.compile(r"^\W*\d{1,2}[.)]\s*")  # "1) " of a numbered line


def struck_through(turn: str) -> tuple[str, list[str]]:
    """The turn with what it strikes through left out, and each struck thing said again as
    struck off, by its words ("strike Lamb shank." of "~~Lamb shank $24~~"); the turn as it
    is when it strikes nothing."""
    struck = [m["text"] for m in _STRUCK.finditer(turn)]
    if not struck:
        return turn, []
    return _STRUCK.sub(" ", turn), [f"strike {_named(text)}." for text in struck]


def _named(struck: str) -> str:
    """What a struck text calls its thing: its words without a line's number or its
    figures ("Lamb shank" of "1) Lamb shank $24"), or all of it when that leaves none."""
    words = _NUMBERED.sub("", struck)
    for value in sorted(typed_values(words), key=lambda v: v.start, reverse=True):
        words = words[: value.start] + words[value.end :]
    words = " ".join(words.split()).strip(" ,;:-–")
    return words if re.search(r"[A-Za-z]{2}", words) else struck
