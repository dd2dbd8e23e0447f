"""Recall: the past turns most relevant to a query, as dated evidence of what was said.

Extraction misses things, and only the last few turns stay in the working set, so a context
also searches the whole transcript of its user. A recalled turn passes the same hygiene as a
recent one, and more: what the state has ended is masked in it, a turn said inside another
hypothetical or draft stays there, and a turn that mattered only for a value the state has
since ended is not recalled at all (it would be evidence of a dead fact). A digression is
recalled: it was said as fact, about another matter, and its values, out of scope for the
main line, are masked like every other value the reader may not take as current.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from datetime import datetime
from typing import TypeVar

from statekeeper.context.hygiene import REDACTED, WITHHELD_MARK
from statekeeper.context.ranking import index_terms
from statekeeper.context.terms import query_terms
from statekeeper.conversation.scopes import PAUSE
from statekeeper.model import ASSISTANT, Omission, Scope, Turn
from statekeeper.nlu.interpret import extraction_attempt
from statekeeper.store.base import ArchivedTurn, UnitOfWork

K = TypeVar("K", bound=Hashable)

# Scopes whose turns were said as fact; a hypothetical or a draft was not.
_STATED = frozenset({Scope.GLOBAL, Scope.TASK})
# The turns around a hit that may carry on its exchange, by their distance from it.
NEIGHBOURS = (1, -1, 2, -2)
# Reciprocal rank fusion's damping: rank r of a ranking weighs 1 / (RRF_K + r), so the top
# of one ranking cannot drown what several rankings agree on.
RRF_K = 60
ONLY_DEAD = "recalled turn matched only an outdated value"
OTHER_SCOPE = "recalled turn from another scope"


def recall(
    uow: UnitOfWork,
    user: str,
    query: str,
    until: datetime,
    limit: int,
    *,
    shown: Callable[[ArchivedTurn], bool],
    scope_id: str | None,
    clean: Callable[[str], str],
    near: Sequence[tuple[str, int]] = (),
) -> tuple[list[tuple[Turn, str]], list[Omission]]:
    """The turns to recall, best first, each with its cleaned text; and what was left out.

    `shown` tells a turn the context already holds (a recent turn); `clean` masks what the
    reader may not see and what the state has ended; `near` are the (task, index) of turns
    near the query in meaning, best first, ranked together with the full-text matches."""
    terms = query_terms(query)
    wanted = frozenset(index_terms(" ".join(terms)))
    hits = uow.search_turns(user, terms, until, limit)
    if near:
        hits = _with_near(uow, user, hits, near, until)[:limit]
    recalled: list[tuple[Turn, str]] = []
    omitted: list[Omission] = []
    for hit in _with_exchanges(uow, user, hits, until, limit):
        turn = hit.turn
        where = f"turn {turn.index} of task {hit.task_id}"
        if shown(hit):
            continue
        if turn.scope not in _STATED and turn.scope_id != scope_id:
            omitted.append(Omission(reason=OTHER_SCOPE, detail=where))
            continue
        if turn.speaker != ASSISTANT and extraction_attempt(turn.text):
            continue  # a request for what the user may not see is no evidence of anything
        text = clean(turn.text)
        if text != turn.text and not _still_matches(text, wanted):
            omitted.append(Omission(reason=ONLY_DEAD, detail=where))
            continue
        recalled.append((turn, text))
    return recalled, omitted


def fuse(*rankings: Sequence[K]) -> list[K]:
    """Everything in several best-first rankings, in one order by reciprocal rank fusion:
    what is high in one ranking, or fairly high in several, comes first; ties keep the
    order in which the rankings first name them."""
    score: dict[K, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking):
            score[item] = score.get(item, 0.0) + 1.0 / (RRF_K + rank)
    return sorted(score, key=lambda item: -score[item])


def _with_near(
    uow: UnitOfWork,
    user: str,
    hits: list[ArchivedTurn],
    near: Sequence[tuple[str, int]],
    until: datetime,
) -> list[ArchivedTurn]:
    """The full-text hits and the turns near in meaning, fused into one ranking. Words
    find the turn that names the thing asked about; meaning finds the one that says it in
    other words ("my daughter's recital" for a question about a child's music)."""
    by_key = {(hit.task_id, hit.turn.index): hit for hit in hits}
    fetch = [key for key in near if key not in by_key]
    for turn in uow.archived_turns(user, fetch) if fetch else []:
        if turn.turn.timestamp <= until:
            by_key[(turn.task_id, turn.turn.index)] = turn
    order = fuse(list(by_key)[: len(hits)], [key for key in near if key in by_key])
    return [by_key[key] for key in order]


def _with_exchanges(
    uow: UnitOfWork, user: str, hits: list[ArchivedTurn], until: datetime, limit: int
) -> list[ArchivedTurn]:
    """The hits and the turns around the best of them, ranked together (see
    `exchange_order`); no more neighbours are fetched than there are hits."""
    best = hits[: max(1, limit // len(NEIGHBOURS))]
    keys = {(hit.task_id, hit.turn.index) for hit in hits}
    around = dict.fromkeys(key for hit in best for key in _around(hit))
    fetch = [key for key in around if key not in keys and key[1] >= 0]
    found = uow.archived_turns(user, fetch) if fetch else []
    nearby = [turn for turn in found if turn.turn.timestamp <= until]
    return exchange_order(hits, nearby, len(best))


def exchange_order(
    hits: Sequence[ArchivedTurn], nearby: Sequence[ArchivedTurn], expand: int
) -> list[ArchivedTurn]:
    """The hits, best first, fused with the turns said around the best `expand` of them in
    the same sitting (`nearby` holds those that are not hits themselves).

    A search finds the turn that names what was asked about, but the answer is often the
    turn after it or the one before: a reply to a question ("How long have you lived
    there?" / "Six years in May."), or the next line of the same story, which says "it"
    where the question names the thing. So the turns next to each hit form a second
    ranking, nearest first and those of the best hits first, fused with the hits' own: a
    turn next to a strong hit comes before a weak hit, and one that is both rises most."""
    by_key = {(turn.task_id, turn.turn.index): turn for turn in (*nearby, *hits)}
    ranked = [(hit.task_id, hit.turn.index) for hit in hits]
    around: dict[tuple[str, int], None] = {}
    for hit in hits[:expand]:
        for key in _around(hit):
            turn = by_key.get(key)
            if turn is not None and _same_sitting(hit.turn, turn.turn):
                around.setdefault(key)
    return [by_key[key] for key in fuse(ranked, list(around))]


def _around(hit: ArchivedTurn) -> list[tuple[str, int]]:
    """The keys of the turns next to a hit, nearest first, the one after before the one
    before (an answer follows its question)."""
    return [(hit.task_id, hit.turn.index + step) for step in NEIGHBOURS]


def _same_sitting(hit: Turn, other: Turn) -> bool:
    """Turns of one sitting: nothing after a pause belongs to the exchange before it."""
    return abs(other.timestamp - hit.timestamp) <= PAUSE


def _still_matches(cleaned: str, wanted: frozenset[str]) -> bool:
    """Whether what is left of a masked turn still holds a word of the query."""
    left = cleaned.replace(REDACTED, " ").replace(WITHHELD_MARK, " ")
    return not wanted.isdisjoint(index_terms(left))
