"""A store-level search of live facts by words, read from the ranking index the store keeps
(store/fact_index.py) rather than from a full-text index of its own.

The ranking index already holds every live fact's stemmed terms; a second full-text index
over the facts table cost every write its upkeep for a read no context makes. Scores are
BM25 over the view's live facts, with the same stemming, stop words and constants as a
context's ranking, so a search and a context agree on what matches a word.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.engine import Connection

from statekeeper.context.ranking import K1, B, query_stems
from statekeeper.model import Fact
from statekeeper.store.base import Stamped, View, chunks
from statekeeper.store.fact_index import TERM, fact_index

_X = fact_index.c
_SHAPE = select(func.count(), func.coalesce(func.sum(_X.length), 0)).where(
    _X.org_id == bindparam("org"),
    _X.user_id.in_(bindparam("users", expanding=True)),
    _X.capability.in_(bindparam("caps", expanding=True)),
)
_SQLITE_LENGTHS = "SELECT rowid, seq, length FROM fact_index WHERE rowid IN ({keys})"
_LENGTHS = select(_X.seq, _X.seq, _X.length).where(
    _X.org_id == bindparam("org"), _X.seq.in_(bindparam("keys", expanding=True))
)


class FactSearch:
    """The search method of a SQL unit of work (mixed into it, after the index's rows)."""

    conn: Connection
    org: str

    if TYPE_CHECKING:  # the index's reads (FactIndexRows) and the view's (ViewRows)

        def index_postings(
            self,
            view: View,
            kind: str,
            values: Sequence[str],
            seqs: Mapping[int, int] | None = None,
            spaces: Collection[tuple[str, str]] | None = None,
        ) -> dict[str, dict[int, int]]: ...

        def facts_by_seq(self, view: View, seqs: Sequence[int]) -> list[Stamped]: ...

    def search_valid_facts(self, view: View, terms: Sequence[str], limit: int) -> list[Fact]:
        """Live facts of a view matching any term, best first (newer first among equals);
        restricted facts never (this level knows no principal to ask whether they may be
        read)."""
        words = query_stems(" ".join(terms))
        if not words or limit <= 0:
            return []
        postings = self.index_postings(view, TERM, words)
        keys = {key for posting in postings.values() for key in posting}
        if not keys:
            return []
        size, total = self._shape(view)
        docs = self._documents(keys)  # key: (sequence number, length)
        scores = _scores(postings, docs, size, total / max(size, 1))
        ranked = sorted(scores, key=lambda seq: (-scores[seq], -seq))
        found: list[Fact] = []
        for part in chunks(ranked, 3 * limit):
            read = {s.seq: s.fact for s in self.facts_by_seq(view, part)}
            found += [
                read[seq]
                for seq in part
                if seq in read and read[seq].is_valid and not read[seq].restricted
            ]
            if len(found) >= limit:
                break
        return found[:limit]

    def _shape(self, view: View) -> tuple[int, int]:
        """How many live facts the view has, and their terms in all."""
        users = list(dict.fromkeys([view.user, ""]))
        caps = list(dict.fromkeys(["", view.capability]))
        params = {"org": self.org, "users": users, "caps": caps}
        size, total = self.conn.execute(_SHAPE, params).one()
        return int(size), int(total)

    def _documents(self, keys: set[int]) -> dict[int, tuple[int, int]]:
        """Each key's sequence number and length (a key is SQLite's rowid, else the
        sequence number)."""
        found: dict[int, tuple[int, int]] = {}
        for part in chunks(sorted(keys)):
            if self.conn.dialect.name == "sqlite":
                marks = ", ".join("?" * len(part))
                rows: Any = self.conn.exec_driver_sql(
                    _SQLITE_LENGTHS.format(keys=marks), tuple(part)
                )
            else:
                rows = self.conn.execute(_LENGTHS, {"org": self.org, "keys": list(part)})
            found.update((int(k), (int(s), int(n))) for k, s, n in rows)
        return found


def _scores(
    postings: Mapping[str, Mapping[int, int]],
    docs: Mapping[int, tuple[int, int]],
    size: int,
    mean: float,
) -> dict[int, float]:
    """Each matching document's BM25 score, by sequence number."""
    scores: dict[int, float] = {}
    for posting in postings.values():
        held = len(posting)
        if not held:
            continue
        idf = math.log(1 + (max(size, held) - held + 0.5) / (held + 0.5))
        for key, tf in posting.items():
            doc = docs.get(key)
            if doc is None:
                continue
            seq, length = doc
            norm = 1 - B + B * length / mean if mean else 1.0
            scores[seq] = scores.get(seq, 0.0) + idf * tf * (K1 + 1) / (tf + K1 * norm)
    return scores
