"""The replacements a turn makes, chosen among those weighed: the best for each old and
each new value, then those the turn's surer changes vouch for."""

from __future__ import annotations

from dataclasses import dataclass, replace

from statekeeper.conversation.changes.operations import Replace, Source
from statekeeper.conversation.changes.weighing import ACCEPT


@dataclass(frozen=True)
class Scored:
    score: int
    start: int  # where the new value is in the turn
    sentence: int
    op: Replace
    # other texts with an old value that scores as well: the turn's surer changes settle
    # which one it is about, or none is taken
    rivals: frozenset[Source] = frozenset()


def best_of(scored: list[Scored]) -> list[Replace]:
    """The best replacement of each old value and for each new one, among those that score
    enough; then those that score less, where the turn already changes the same thing: its
    sentence another value of the same fact ("he takes #17, and put him down for youth
    L" is one jersey order), the turn another fact of the same name ("the venue moved,
    we're 34 people, they can seat us at 7" changes the dinner's venue, count and time),
    or the turn the same fact, with a code written as its old one was ("new locator
    Q8LM3T ... now in 31F" moves seat 9B too). A value that fits two facts equally goes to
    the one the turn surely changes ("the gig moved to the Granary Hall, doors at 8" is the
    gig's doors, not the other show's)."""
    chosen: list[Replace] = []
    used_old: set[tuple[str, str]] = set()
    used_new: set[int] = set()
    in_focus: set[tuple[Source, int]] = set()
    changed: set[Source] = set()
    topics: set[str] = set()
    ranked = sorted(scored, key=lambda s: s.score, reverse=True)
    for sure in (True, False):
        for s in ranked:
            mark = (s.op.old.value.kind, s.op.old.value.key)
            if mark in used_old or s.start in used_new:
                continue
            if (s.score >= ACCEPT and not s.rivals) != sure:
                continue
            source = s.op.old.source
            if s.rivals and (source not in changed or s.rivals & changed):
                continue
            if not sure and _whose(s.op):
                continue  # "Kite Builders stall slot: ...": whose record it is, not a value of it
            if (
                not sure
                and not s.rivals
                and (source, s.sentence) not in in_focus
                and not _key_words(source) & topics
                and not (source in changed and "the same shape" in s.op.reason)
            ):
                continue
            used_old.add(mark)
            used_new.add(s.start)
            if sure:
                changed.add(source)
                in_focus.add((source, s.sentence))
                topics |= _key_words(source)
            chosen.append(s.op if sure else replace(s.op, reason="what the turn changes"))
    return chosen


def _whose(op: Replace) -> bool:
    """Whether a replacement's old value is the name a fact opens with: whom or what the
    record is of."""
    old = op.old.value
    return old.kind == "name" and op.old.source.fact_id is not None and not op.old.source.text[
        : old.start
    ].strip()


def _key_words(source: Source) -> set[str]:
    """What a fact's key names ("rehearsal_time" -> rehearsal, time), its last word, the
    kind of value, left out: "rehearsal" ties the dinner's facts, "time" would tie any."""
    words = (source.key or "").split("_")
    return {w for w in words[:-1] if len(w) > 2}
