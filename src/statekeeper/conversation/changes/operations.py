"""What the decision reads and what it returns: the sources that state known values, a
known value, and the two operations a turn makes, a replacement and a retraction."""

from __future__ import annotations

import re
from dataclasses import dataclass

from statekeeper.conversation.changes.wording import DETERMINERS
from statekeeper.conversation.cues import table
from statekeeper.text.values import TypedValue


@dataclass(frozen=True)
class Source:
    """A text that states known values: a live fact's value or an earlier turn."""

    text: str
    fact_id: str | None = None
    key: str | None = None
    turn_index: int | None = None
    offered: bool = False  # the assistant's words: what it put forward, until taken up


@dataclass(frozen=True)
class Known:
    value: TypedValue
    source: Source
    anchor: frozenset[str]
    names: frozenset[str] = frozenset()  # proper names next to its mentions
    label: str = ""  # the word a bare figure is labelled with where first found


@dataclass(frozen=True)
class Replace:
    """`old` (a value inside `old.source`) gives way to `new_text`."""

    old: Known
    new: TypedValue
    old_text: str  # the span of the old value that changes: all of it, or the part named
    new_text: str
    reason: str


@dataclass(frozen=True)
class Retract:
    """`item` (a span of `source.text`) is taken back; `whole` when it is all the fact says.
    An item only said in turns may have been worded in several ("a printed card saying
    ...", "the printed card"): `wordings` holds each, so that none is shown as live."""

    source: Source
    item: str
    whole: bool
    words: str  # what the turn called it
    wordings: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """A key for the item: the turn's own words for it ("the printed note" ->
        "printed_note")."""
        words = re.findall(r"[a-z0-9]+", self.words.lower())
        kept = [w for w in words if w not in DETERMINERS and not table("vague_items").fullmatch(w)]
        return "_".join(kept)[:60] or "item"


Operation = Replace | Retract
