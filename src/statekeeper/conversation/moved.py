"""A fact's text once a claim gives it a new value: the new value takes the place of the
one value of its kind the fact holds, and what the claim says stays is left as it was."""

from __future__ import annotations

import re

from statekeeper.conversation.clauses import sentences
from statekeeper.nlu.assertions import CANCELLED
from statekeeper.nlu.topic import moved_to
from statekeeper.text.values import TypedValue, typed_values
from statekeeper.text.values import compatible as compatible_value

# A value made of a label and what it is at: "sev 1", "tier 3", "priority high".
_LABELLED = re.compile(r"(?P<label>[A-Za-z]{2,})\s+(?P<at>[\w.-]+)")
# A name that opens a fact's text before a comma: no sentence opens there, so it is one.
_LEADING_NAME = re.compile(r"[A-Z][\w'’&-]*(?:\s+(?:[A-Z][\w'’&-]*|&|of|de|la))*(?=,)")
_NAME_RUN = re.compile(r"(?:[A-Z][\w'’&-]*)(?:\s+(?:[A-Z][\w'’&-]*|&|of|de|la))*")


def _claimed(value: str) -> list[TypedValue]:
    """The typed values of a claimed value, what it says stays left out; a claim that is
    a capitalized run alone ("Green Table") is a name, wherever it stood in its turn."""
    value = _unkept(value).strip()
    found = list(typed_values(value))
    if not found and _NAME_RUN.fullmatch(value):
        found = [TypedValue("name", value, 0, len(value))]
    return found


def _unkept(value: str) -> str:
    """A claimed value without its clauses that say what stays ("Thursday, same 3pm" is a
    new day; the hour was the fact's already)."""
    parts = [p for p in re.split(r",\s+", value) if p.strip()]
    kept = [p for p in parts if not any(said.keeps for said in sentences(p)[:1])]
    return ", ".join(kept) if kept else value


def moved(old: str, new: str, instead_of: str | None = None) -> str:
    """A fact's text after a claim gives it a new value: the value the claim names as
    replaced, where the fact holds it once ("Retreat in Lisbon" with "Porto, not Lisbon" is
    "Retreat in Porto"); else a claim that is one typed value, once what it says stays is
    left out, takes the place of the one value of that kind the fact holds ("Marketing
    budget $40k" cut to "$32k" is "Marketing budget $32k"; "Meeting Tuesday 3pm" moved to
    "Thursday, same 3pm" is "Meeting Thursday 3pm"); else a label and its value take the
    place of the same label's ("sev 2" to "sev 1"); otherwise as `moved_to` says. A
    cancellation ends the fact whole."""
    if new == CANCELLED:
        return new
    new = _unkept(new)
    if instead_of:
        named = list(re.finditer(rf"(?<!\w){re.escape(instead_of)}(?!\w)", old, re.I))
        if len(named) == 1:
            return old[: named[0].start()] + new + old[named[0].end() :]
    values = _claimed(new)
    if len(values) == 1 and values[0].text.strip() == new.strip():
        same = [v for v in typed_values(old) if compatible_value(v, values[0])]
        if len(same) == 1:
            return old[: same[0].start] + values[0].text + old[same[0].end :]
        leading = _LEADING_NAME.match(old)
        if not same and values[0].kind == "name" and leading:  # "Petal & Stem, pickup Friday"
            return values[0].text + old[leading.end() :]
    labelled = _LABELLED.fullmatch(new.strip())
    if labelled and not values:  # "sev 1" for the fact's "sev 2": the label says which part
        held = list(re.finditer(rf"(?<!\w){re.escape(labelled['label'])}\s+[\w.-]+", old, re.I))
        if len(held) == 1:
            return old[: held[0].start()] + new.strip() + old[held[0].end() :]
    return moved_to(old, new)
