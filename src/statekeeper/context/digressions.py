"""Digressions closed by a return: the turns between leaving a topic and coming back to it.

People rarely announce a digression the same way twice ("hang on", "the landlord just
emailed", "wait, the front desk is on the line"), nor a return ("anyway, the budget.",
"ok, the kiln"). What marks both is cohesion: the turns of one topic share words with the turns just
before them, a digression shares none with the topic it left, and a return shares words
with that topic again and none with the digression. A context about the topic returned to
leaves the digression's turns out; one about the digression leaves out the topic's. Drift alone makes
no digression: it starts where a turn breaks off ("hold that thought", "the plumber is at
the door").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from statekeeper.context.ranking import index_terms
from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import found
from statekeeper.model import ASSISTANT, Scope, Turn

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
    return side


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
