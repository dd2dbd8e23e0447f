"""Digressions closed by a return: the turns between leaving a topic and coming back to it.

People rarely announce a digression the same way twice ("hang on", "the landlord just
emailed", "wait, the front desk is on the line"), nor a return ("anyway, the budget.",
"ok, the kiln"). What marks both is cohesion: the turns of one topic share words with the turns just
before them, a digression shares none with the topic it left, and a return shares words
with that topic again and none with the digression. A context about the topic returned to
leaves the digression's turns out; one about the digression leaves out the topic's. Drift alone makes
no digression: it starts where a turn breaks off ("hold that thought", "the plumber is at
the door"). A return said in words ("ok, back to the quote", "right, where were we") needs
no cohesion: it closes what the latest break-off before it opened, whatever words the two
share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from statekeeper.context.ranking import index_terms
from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import found
from statekeeper.model import ASSISTANT, Scope, Turn
from statekeeper.nlu.interpret import HOLD, OPEN_DIGRESSION

COHESION = 2  # a turn continues a topic when it shares a word with one of its last two turns


@dataclass
class _Segment:
    turns: list[Turn]
    terms: set[str]

    def recent_terms(self) -> set[str]:
        return {t for turn in self.turns[-COHESION:] for t in _terms(turn)}


def _terms(turn: Turn) -> frozenset[str]:
    return frozenset(index_terms(turn.text))


def segments(turns: Sequence[Turn]) -> list[_Segment]:
    """Turns in runs of one topic: a user's turn that shares no word with the last turns
    of the run before it starts a new one (an assistant's turn answers the run it is in)."""
    runs: list[_Segment] = []
    for turn in turns:
        words = _terms(turn)
        starts = not runs or (
            turn.speaker != ASSISTANT and words and not words & runs[-1].recent_terms()
        )
        if starts:
            runs.append(_Segment([turn], set(words)))
        else:
            runs[-1].turns.append(turn)
            runs[-1].terms |= words
    return runs


def digression_turns(turns: Sequence[Turn], query: str) -> set[int]:
    """The indexes of the turns a query is not about, around a digression closed by a
    return to the topic it left: the digression's, or, when the query asks about the
    digression itself, those of the topic it broke off."""
    runs = segments(turns)
    asked = frozenset(index_terms(query))
    side: set[int] = set()
    for n, run in enumerate(runs):
        back = _returned_to(runs, n)
        if back is None:
            continue
        between = _broken_off(runs, back + 1, n)
        if any(asked & r.terms for r in between) and not asked & (runs[back].terms | run.terms):
            side |= {t.index for r in (runs[back], run) for t in r.turns}
        else:
            side |= {t.index for r in between for t in r.turns}
    for start, end in _said_returns(turns):
        aside = turns[start:end]
        main = [*turns[:start], *turns[end:]]
        # asked about what broke in: more of the query's words are its than the topic's
        if len(_terms_of(aside) & asked) > len(_terms_of(main) & asked):
            side |= {t.index for t in main}
        else:
            side |= {t.index for t in aside}
    return side


def _said_returns(turns: Sequence[Turn]) -> list[tuple[int, int]]:
    """Digressions closed by a return said in words, as (first, end) positions in `turns`:
    a user's turn that opens by going back ("ok, back to the quote", "right, where were
    we") closes what the latest turn breaking off before it opened ("sorry, phone", "two
    secs, the courier's here"). Said so, neither needs the words of the topic: a return
    may name it in other words, or not at all, and a digression may share a word or two
    with it. A break-off in the first user turn leaves no topic to come back to."""
    users = [n for n, turn in enumerate(turns) if turn.speaker != ASSISTANT]
    found_at: list[tuple[int, int]] = []
    since = users[0] + 1 if users else 0  # no break-off before a topic, nor in a closed one
    for end in users:
        if end < since or not _returns(turns[end].text):
            continue
        start = _broke_off_before(turns, users, since, end)
        if start is not None:
            found_at.append((start, end))
        since = end + 1
    return found_at


def _broke_off_before(
    turns: Sequence[Turn], users: Sequence[int], since: int, end: int
) -> int | None:
    """The latest user turn from `since` to `end` that breaks off, with every turn after
    it to `end` still shown: where turns are missing, what broke off is already left out
    (said in a side scope), and what broke off before it is not what is returned from."""
    for n in reversed(users):
        if n >= end:
            continue
        if n < since or turns[end].index - turns[n].index != end - n:
            return None
        if _breaks_off(turns, n):
            return n
    return None


def _breaks_off(turns: Sequence[Turn], n: int) -> bool:
    """Whether turn `n` opens by breaking off ("hang on, phone"), or the turn before it
    closed by holding its thought."""
    closing = sentences(turns[n - 1].text)[-1:] if n else []
    opening = _opening(turns[n].text)
    if found("self_repair", opening):
        return False  # "wait, the figure I keyed is the wrong one": a repair, no break-off
    return (
        found("interruption", opening)
        or HOLD.search(opening) is not None
        or OPEN_DIGRESSION.search(opening) is not None
        or any(found("interruption", s.text) for s in closing)
    )


def _opening(text: str) -> str:
    """A turn's first sentence, where a break-off is said."""
    said = sentences(text)
    return said[0].text if said else ""


def _returns(text: str) -> bool:
    """Whether a turn opens by going back, in its first sentence or in the one after a
    word for what the digression came to ("Lovely. Back to the quilt.", "bless him. right,
    back to the rota")."""
    return any(found("returns", s.text.strip()) for s in sentences(text)[:2])


def _terms_of(turns: Sequence[Turn]) -> frozenset[str]:
    return frozenset(t for turn in turns for t in _terms(turn))


def _broken_off(runs: Sequence[_Segment], first: int, end: int) -> Sequence[_Segment]:
    """The runs from the first one that breaks off the topic ("hold that thought", "the
    plumber is at the door") to `end`: a run that only drifted keeps its place in the
    topic."""
    for k in range(first, end):
        opening = sentences(runs[k].turns[0].text)[:1]  # "one sec, the plumber is here"
        closing = sentences(runs[k - 1].turns[-1].text)[-1:]  # "... hold that thought"
        if any(found("interruption", s.text) for s in (*opening, *closing)):
            return runs[k:end]
    return ()


def _returned_to(runs: Sequence[_Segment], n: int) -> int | None:
    """The earlier run that run `n` opens by coming back to, with at least one run between
    them; None when the nearest run its opening turn shares a word with is the one just
    before it (no return, or nothing left between)."""
    opening = _terms(runs[n].turns[0])
    for back in range(n - 1, -1, -1):
        if opening & runs[back].terms:
            return back if back < n - 1 else None
    return None


def asked_side_scope(turns: Sequence[Turn], query: str) -> str | None:
    """The side scope (an interruption said in its own scope) a query asks about: the
    only one whose opening turn shares a word with the query, when no user turn of the
    main line does ("the plumber" after "one sec, the plumber is here"). A context for
    it shows that scope's turns instead of the main line's. Only the opening tells what
    the side matter is: a later turn of it may already be back on the main line's thing
    in other words ("ok, the feed: use the side lane")."""
    asked = frozenset(index_terms(query))
    side: dict[str, set[str]] = {}
    main: set[str] = set()
    for turn in turns:
        if turn.scope == Scope.TASK and turn.scope_id:
            if turn.scope_id not in side:
                side[turn.scope_id] = set(_terms(turn))
        elif turn.scope == Scope.GLOBAL and turn.speaker != ASSISTANT:
            main |= _terms(turn)
    hits = [scope_id for scope_id, terms in side.items() if asked & terms]
    return hits[0] if len(hits) == 1 and not asked & main else None
