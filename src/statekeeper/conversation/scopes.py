"""Which scope a turn belongs to: the main line, a digression, or a hypothetical.

A side scope keeps its values out of the main line's state, and ends when the
conversation says it is back, takes up the main line again, or pauses.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta

from statekeeper.context.hygiene import identifying_parts, proper_words
from statekeeper.conversation import decide
from statekeeper.conversation.cues import table
from statekeeper.model import ASSISTANT, Scope, Turn
from statekeeper.nlu import interpret as nlu
from statekeeper.nlu.topic import topic_terms
from statekeeper.text.values import typed_values

# A silence this long ends a sitting: a digression or hypothetical left open lapses.
PAUSE = timedelta(hours=1)


def turn_scope(
    text: str,
    previous: Turn | None,
    index: int,
    task_id: str,
    when: datetime | None = None,
    earlier: Sequence[Turn] = (),
    live: Sequence[str] = (),
) -> tuple[Scope, str | None]:
    """Which scope a new turn belongs to, given the scope the conversation is in. A side
    scope does not outlive a pause: after one, the conversation starts again in its main
    line, whether or not anyone said they were back; nor a turn that takes up the main
    line's words again and none of the digression's. A hold followed by a name or a value
    a live fact holds (`live`: their texts) pauses the same matter: "one sec, Ruiz is out
    sick" of the panel with Ruiz."""
    step = nlu.transition(text)
    after = nlu.held(text) if step is nlu.Transition.DIGRESSION else None
    if after is not None and (
        _names_live(after, live) or _takes_back(after) or _says_again(after, earlier)
    ):
        step = nlu.Transition.NONE
    if step is nlu.Transition.NONE and after_hold(earlier) and not (
        _names_live(text, live) or _takes_back(text)
    ):
        step = nlu.Transition.DIGRESSION  # "Hold on." then "Line 2: a parcel for ..."
    if step is nlu.Transition.CLOSE:
        return Scope.GLOBAL, None
    if step is nlu.Transition.DIGRESSION:
        return Scope.TASK, f"{task_id}/digression-{index}"
    if step is nlu.Transition.HYPOTHETICAL:
        return Scope.HYPOTHETICAL, f"{task_id}/hypothetical-{index}"
    paused = when is not None and previous is not None and when - previous.timestamp > PAUSE
    if previous is not None and previous.scope != Scope.GLOBAL and not paused:
        if previous.scope == Scope.HYPOTHETICAL and nlu.commits(text):
            return Scope.GLOBAL, None
        if previous.scope == Scope.TASK and _resumes(text, previous.scope_id, earlier):
            return Scope.GLOBAL, None
        return previous.scope, previous.scope_id
    return Scope.GLOBAL, None


def after_hold(earlier: Sequence[Turn]) -> bool:
    """Whether the user's last turn in the main line was a hold and nothing else ("Hold
    on.", "one sec"), with only the assistant's turns since: what the user says next is
    the matter that interrupted, unless it takes up the one held."""
    for turn in reversed(earlier):
        if turn.speaker == ASSISTANT:
            continue
        hold = nlu.HOLD.search(turn.text[:80])
        opens = hold is not None and not turn.text[: hold.start()].strip(" \t\n.,!-")
        rest = turn.text[hold.end() :] if hold is not None else ""
        return turn.scope == Scope.GLOBAL and opens and not topic_terms(rest)
    return False


RESUME_LOOKBACK = 4  # main-line turns before a digression that a return may take up


def _resumes(text: str, side: str | None, earlier: Sequence[Turn]) -> bool:
    """Whether a turn inside a digression goes back to the main line: it names a thing
    the main line's last turns gave a value ("the florist" of "florist is X") or called by
    its name or number ("Heliant", "case 6024"), and shares no word with the digression.
    A word merely in common ("next year") is no return."""
    words = topic_terms(text) | _numbers(text)
    main = [t for t in earlier if t.scope == Scope.GLOBAL][-RESUME_LOOKBACK:]
    aside = [t for t in earlier if t.scope_id == side]
    slots = {w for t in main for v in typed_values(t.text) for w in decide.anchor(t.text, v)}
    names = {w for t in main for w in _names(t.text)}
    said_aside = {w for t in aside for w in topic_terms(t.text) | _numbers(t.text)}
    return bool(words & (slots | names)) and not words & said_aside


def _names(text: str) -> frozenset[str]:
    """The words of a text that name one particular thing: its proper names (not a
    sentence's first word) and its numbers of three figures or more."""
    return frozenset(w for name in proper_words(text) for w in topic_terms(name)) | _numbers(text)


def _numbers(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"(?<![\w.,])\d{3,}(?![\w.,]\d)", text))


# A figure of three digits or more, as a clock time too: "6.30" of "6:30pm", "1,450".
_FIGURE = re.compile(r"(?<![\w.,:])\d[\d.,:]*\d(?=\s?[ap]\.?m\b|(?!\w|[.,:]\d))", re.I)


def _says_again(text: str, earlier: Sequence[Turn]) -> bool:
    """Whether a text says again a figure the main line's last turns said ("hang on, 6.30
    is a little early" after "doors 6:30pm"): it goes on about the same matter."""
    main = [t for t in earlier if t.scope == Scope.GLOBAL][-RESUME_LOOKBACK:]
    return bool(_figures(text) & {f for t in main for f in _figures(t.text)})


def _figures(text: str) -> set[str]:
    """The digits of a text's figures of three digits or more."""
    return {d for m in _FIGURE.finditer(text) if len(d := re.sub(r"\D", "", m.group(0))) >= 3}


def _takes_back(text: str) -> bool:
    """Whether what follows a hold opens by taking back or putting right what was said
    ("hold on, forget the copper", "wait, make that 4pm"): a repair of the same matter."""
    return table("repair_opening").match(text.lstrip(" ,.!-—").lower()) is not None


def _names_live(text: str, live: Sequence[str]) -> bool:
    """Whether a text names a person, a thing or a value a live fact holds."""
    said = identifying_parts(text)
    return any(
        re.search(rf"(?<!\w){re.escape(part)}(?!\w)", fact.lower()) for part in said for fact in live
    )
