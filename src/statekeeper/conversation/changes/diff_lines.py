"""A diff pasted into a turn: a line taken out ("- area: 42 ha") and the line put in its
place ("+ area: 55 ha"). Each value of the new line that differs from the value of its kind
at the same place in the old one is said again as its replacement ("55 ha, not 42 ha"),
which the rest of the reader takes as a change that names the old value."""

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
