"""What a query learns of a common term from the store without reading its whole posting
(context/partial.py): how many live facts hold it, how often at most one holds it, which
facts hold it more than once together with another of the query's terms, and if need be
every fact holding both. The tokens that mark a term's repeats (`repeat`) make "the facts
holding it at least twice" a short posting of their own, which the full-text index
intersects with another term's in its own loops.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import text
from sqlalchemy.engine import Connection

from statekeeper.store.base import View
from statekeeper.store.fact_index import TERM, numbered, repeat

# How many facts hold any of a term's tokens (one a namespace: their facts are disjoint).
_SQLITE_COUNT = "SELECT count(*) FROM fact_index_fts WHERE fact_index_fts MATCH ?"
_SQLITE_ANY = "SELECT 1 FROM fact_index_terms WHERE term = ? LIMIT 1"
# The facts matching an expression, found by the full-text index (rowids).
_SQLITE_MATCHING = "SELECT group_concat(rowid) FROM fact_index_fts WHERE fact_index_fts MATCH ?"

_POSTGRES_COUNT = text(
    """
    SELECT token, count(*) FROM fact_terms WHERE org_id = :org AND token = ANY(:tokens)
    GROUP BY token
    """
)
_POSTGRES_ANY = text(
    "SELECT token FROM fact_terms WHERE org_id = :org AND token = ANY(:tokens) LIMIT 1"
)
_POSTGRES_HOLDING = text(
    "SELECT token, seq FROM fact_terms WHERE org_id = :org AND token = ANY(:tokens)"
)
_POSTGRES_SHARED = text(
    """
    SELECT a.seq FROM fact_terms AS a
    JOIN fact_terms AS b ON b.org_id = a.org_id AND b.seq = a.seq
    WHERE a.org_id = :org AND a.token = ANY(:first) AND b.token = ANY(:second)
    """
)
_TIERS = 8  # repeat tokens PostgreSQL is asked for at once, per term


class PartialPostings:
    """The partial reads of the ranking index (mixed into a SQL unit of work, after the
    index's rows). `spaces` is as for `index_postings`; facts are named by sequence
    number, through `seqs` (each live fact's sequence number by its key in the index, see
    `index_documents`), and a key it does not hold is left out."""

    conn: Connection
    org: str

    if TYPE_CHECKING:  # the index's reads (FactIndexRows)

        @property
        def _sqlite(self) -> bool: ...

        def _driver(self, sql: str, params: Sequence[Any]) -> list[Any]: ...

        def _repeats(self, term_token: str, first: int = 2) -> Iterator[tuple[int, str]]: ...

        def _tokens(
            self,
            view: View,
            kind: str,
            values: Sequence[str],
            spaces: Collection[tuple[str, str]] | None = None,
        ) -> dict[str, str]: ...

    @property
    def reads_in_part(self) -> bool:
        """Whether a term's count and two terms' shared facts cost less to read than the
        term's posting. SQLite's full-text index counts and intersects its compressed
        postings in its own loops. PostgreSQL looks each (token, fact) pair up in a b-tree
        and reads its count from the row: at 100,000 facts a name's count cost about what
        its posting does, and each pair read several milliseconds where a warm snapshot
        intersects postings in memory in one, so it reads postings whole."""
        return self._sqlite

    def index_counts(
        self,
        view: View,
        terms: Sequence[str],
        spaces: Collection[tuple[str, str]] | None = None,
    ) -> dict[str, int]:
        """How many of the view's live facts hold each term."""
        tokens = self._term_tokens(view, terms, spaces)
        if self._sqlite:
            found = {}
            for term, mine in tokens.items():
                match = " OR ".join(f'"{tok}"' for tok in mine)
                found[term] = int(self._driver(_SQLITE_COUNT, [match])[0][0]) if mine else 0
            return found
        of = {tok: term for term, mine in tokens.items() for tok in mine}
        counts = dict.fromkeys(terms, 0)
        for tok, n in self.conn.execute(_POSTGRES_COUNT, {"org": self.org, "tokens": list(of)}):
            counts[of[tok]] += int(n)
        return counts

    def index_tiers(
        self,
        view: View,
        terms: Sequence[str],
        seqs: Mapping[int, int],
        spaces: Collection[tuple[str, str]] | None = None,
    ) -> dict[str, tuple[int, dict[int, int]]]:
        """For each term, how often at most a live fact of the view holds it, and the
        facts that hold it three times or more, each with how often (short: most facts
        holding a word more than once hold it twice)."""
        found: dict[str, tuple[int, dict[int, int]]] = {}
        tokens = self._term_tokens(view, terms, spaces)
        for term, mine in tokens.items():
            if not self._held_twice(mine):
                found[term] = (1, {})
                continue
            held: dict[Any, int] = {}
            most = 2
            for times, keys in self._tiers(mine, 3):  # in order: the last is how often
                held.update(dict.fromkeys(map(seqs.get, keys), times))
                most = max(most, times)
            held.pop(None, None)  # keys of facts `seqs` does not hold
            found[term] = (most, held)
        return found

    def index_shared(
        self,
        view: View,
        pairs: Sequence[tuple[str, str]],
        seqs: Mapping[int, int],
        spaces: Collection[tuple[str, str]] | None = None,
    ) -> dict[tuple[str, str], tuple[list[int], list[int]]]:
        """For each pair of terms, the view's live facts that hold the first at least twice
        and the second too, and those that hold the second at least twice and the first
        too, by sequence number."""
        tokens = self._term_tokens(view, sorted({t for pair in pairs for t in pair}), spaces)
        found: dict[tuple[str, str], tuple[list[int], list[int]]] = {}
        for first, second in pairs:
            ones, others = tokens[first], tokens[second]
            found[first, second] = (
                self._both([repeat(tok, 2) for tok in ones], others, seqs),
                self._both([repeat(tok, 2) for tok in others], ones, seqs),
            )
        return found

    def index_both(
        self,
        view: View,
        pairs: Sequence[tuple[str, str]],
        seqs: Mapping[int, int],
        spaces: Collection[tuple[str, str]] | None = None,
    ) -> dict[tuple[str, str], list[int]]:
        """For each pair of terms, every live fact of the view that holds both, by sequence
        number."""
        tokens = self._term_tokens(view, sorted({t for pair in pairs for t in pair}), spaces)
        return {(a, b): self._both(tokens[a], tokens[b], seqs) for a, b in pairs}

    def _both(self, ones: list[str], others: list[str], seqs: Mapping[int, int]) -> list[int]:
        """The facts holding a token of `ones` and the same namespace's of `others`."""
        keys: Iterable[Any]
        if self._sqlite:
            match = " OR ".join(f'("{a}" AND "{b}")' for a, b in zip(ones, others, strict=True))
            docs = self._driver(_SQLITE_MATCHING, [match])[0][0] if match else None
            keys = numbered(docs, None) if docs else []
        else:
            params = {"org": self.org, "first": ones, "second": others}
            keys = [int(seq) for (seq,) in self.conn.execute(_POSTGRES_SHARED, params)]
        return [seq for seq in map(seqs.get, keys) if seq is not None]

    def _held_twice(self, tokens: list[str]) -> bool:
        """Whether a fact holds the term of these tokens more than once."""
        twice = [repeat(tok, 2) for tok in tokens]
        if self._sqlite:
            return any(self._driver(_SQLITE_ANY, [tok]) for tok in twice)
        params = {"org": self.org, "tokens": twice}
        return self.conn.execute(_POSTGRES_ANY, params).first() is not None

    def _tiers(self, tokens: list[str], first: int) -> Iterator[tuple[int, list[int]]]:
        """The facts holding a term at least `first`, `first` + 1, ... times, as (times,
        keys), each namespace's in order, up to the first tier none reaches."""
        if self._sqlite:
            for tok in tokens:
                for times, docs in self._repeats(tok, first):
                    yield times, list(numbered(docs, None))
            return
        asked = list(tokens)
        while asked:  # `_TIERS` tiers at once, then on for the tokens whose last was held
            tiers = {
                repeat(tok, times): (tok, times)
                for tok in asked
                for times in range(first, first + _TIERS)
            }
            params = {"org": self.org, "tokens": list(tiers)}
            rows = self.conn.execute(_POSTGRES_HOLDING, params).all()
            held: dict[int, list[int]] = {}
            for tier, key in rows:
                held.setdefault(tiers[tier][1], []).append(int(key))
            yield from sorted(held.items())
            last = {tiers[tier][0] for tier, _ in rows if tiers[tier][1] == first + _TIERS - 1}
            asked = [tok for tok in asked if tok in last]
            first += _TIERS

    def _term_tokens(
        self, view: View, terms: Sequence[str], spaces: Collection[tuple[str, str]] | None
    ) -> dict[str, list[str]]:
        """Each term's tokens, one for each namespace read, in the same order for all."""
        found: dict[str, list[str]] = {term: [] for term in terms}
        for tok, term in self._tokens(view, TERM, terms, spaces).items():
            found[term].append(tok)
        return found
