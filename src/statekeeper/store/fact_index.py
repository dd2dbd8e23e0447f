"""The index a context ranks facts by, kept in the store beside the facts.

Every live fact has one row here: its ranking terms (each as often as it occurs), the
values it asserts, its whole asserted text, and how many terms it has. A process's first
context reads the few postings its query and its dead values touch instead of loading every
fact, so it costs about the same at a thousand facts and at a hundred thousand.

The row is written with the fact and deleted when the fact ends (superseded, expired,
forgotten, erased), so the index only ever holds live facts. Terms and values are stored as
tokens: a digest of the fact's namespace (organization, user, capability) and of the term
or value, so that a lookup stays inside one namespace and the tokens hold no readable text.
SQLite indexes the tokens with FTS5, whose vocabulary table gives each token's documents
and occurrences; PostgreSQL pairs each token with its fact under a b-tree (`fact_terms`).
A term a fact holds k > 1 times adds a token of its own for each of 2..k (`repeat`), so
that the facts holding it at least twice are a short posting of their own: a query can then
learn how often a common word occurs in the few facts it shares with the query's other
words without reading the word's whole posting (context/partial.py).
What a row holds is decided by code and cue tables that change between versions, and by
this layout; the store keeps their fingerprint, and a store opened by a version with
another makes every row anew first (`refresh`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Collection, Generator, Iterable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from functools import lru_cache
from itertools import islice
from typing import Any

from sqlalchemy import (
    Column,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    Table,
    Text,
    bindparam,
    delete,
    insert,
    select,
    text,
)
from sqlalchemy.engine import Connection

from statekeeper.context.entries import cached_entry
from statekeeper.context.indexing import derivation
from statekeeper.model import Fact
from statekeeper.store.base import View, chunks

# Not in schema.py's metadata: version 1 creates that metadata whole, and this table comes
# with version 13 (which adds its token index and row-level security).
metadata = MetaData()

fact_index = Table(
    "fact_index",
    metadata,
    Column("org_id", Text, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("user_id", Text, nullable=False),
    Column("capability", Text, nullable=False),
    Column("length", Integer, nullable=False),  # ranking terms, for BM25's length norm
    Column("asserted", Text, nullable=False),  # what the fact still asserts, normalized
    Column("tokens", Text, nullable=False),  # space-separated, see `tokens`
    Column("figures", Text, nullable=False),  # JSON: the text's values, which cleaning reads
    PrimaryKeyConstraint("org_id", "seq"),
    Index("ix_fact_index_view", "org_id", "user_id", "capability", "seq", "length"),
)

# What the rows were made by (context/indexing.py's `derivation`).
fact_index_meta = Table(
    "fact_index_meta",
    metadata,
    Column("name", Text, nullable=False),
    Column("value", Text, nullable=False),
    PrimaryKeyConstraint("name"),
)
_DERIVATION = "derivation"
_LAYOUT = "repeats"  # rows whose tokens mark a term's repeats (`repeat`)
_BATCH = 1000

TERM, PART, WHOLE = "t", "v", "w"


@lru_cache(maxsize=4096)
def namespace(org: str, user: str, capability: str) -> str:
    return hashlib.blake2b(f"{org}\x1f{user}\x1f{capability}".encode(), digest_size=8).hexdigest()


@lru_cache(maxsize=16384)  # the common terms recur; a larger cache only slows collection
def token(space: str, kind: str, value: str) -> str:
    """A term or value of one namespace as the index stores it: letters and digits only,
    one token to any tokenizer, and no readable text."""
    return space + kind + hashlib.blake2b(value.encode(), digest_size=8).hexdigest()


def repeat(term_token: str, times: int) -> str:
    """The token a fact holds once for each `times` from 2 up to how often it holds a
    term: the facts holding the term at least `times` times. Still letters and digits."""
    return f"{term_token}r{times}"


def view_namespaces(view: View) -> list[str]:
    """The namespaces a view reads: the user's own and the shared, each with and without
    the view's capability."""
    return [namespace(view.org, user, cap) for user, cap in view_pairs(view)]


def view_pairs(view: View) -> list[tuple[str, str]]:
    """The (user, capability) of each namespace a view reads, in `view_namespaces`' order."""
    users = dict.fromkeys([view.user, ""])
    caps = dict.fromkeys(["", view.capability])
    return [(user, cap) for user in users for cap in caps]


def index_rows(pending: Sequence[tuple[Fact, int]]) -> list[tuple[Any, ...]]:
    """The rows of the live facts among newly inserted ones, in the table's column order."""
    return [_row(f, seq) for f, seq in pending if f.is_valid and not f.forgotten]


def _row(fact: Fact, seq: int) -> tuple[Any, ...]:
    entry = cached_entry(fact)
    space = namespace(fact.org, fact.user, fact.capability)
    words = [token(space, TERM, t) for t in entry.terms]
    words += [
        repeat(token(space, TERM, t), k)
        for t, times in Counter(entry.terms).items()
        for k in range(2, times + 1)
    ]
    words += [token(space, PART, p) for p in sorted(entry.parts)]
    words.append(token(space, WHOLE, entry.asserted))
    return (
        fact.org,
        seq,
        fact.user,
        fact.capability,
        len(entry.terms),
        entry.asserted,
        " ".join(words),
        json.dumps(sorted(entry.figures), ensure_ascii=False),
    )


_LIKE_SPECIAL = re.compile(r"([\\%_])")


def like(phrase: str) -> str:
    """A LIKE pattern for text holding a phrase, its wildcards escaped with a backslash."""
    return "%" + _LIKE_SPECIAL.sub(r"\\\1", phrase) + "%"


# -- SQLite: FTS5 over the tokens, read through its vocabulary tables -------------------------

SQLITE_INDEX = [
    """CREATE VIRTUAL TABLE fact_index_fts USING fts5(
           tokens, content='fact_index', content_rowid='rowid', detail=full, columnsize=0)""",
    # one row per occurrence of a token in a row: a term's documents with their counts
    "CREATE VIRTUAL TABLE fact_index_terms USING fts5vocab(fact_index_fts, 'instance')",
    """CREATE TRIGGER fact_index_fts_insert AFTER INSERT ON fact_index
       BEGIN INSERT INTO fact_index_fts(rowid, tokens) VALUES (new.rowid, new.tokens); END""",
    """CREATE TRIGGER fact_index_fts_delete AFTER DELETE ON fact_index
       BEGIN INSERT INTO fact_index_fts(fact_index_fts, rowid, tokens)
             VALUES ('delete', old.rowid, old.tokens); END""",
]

# A token's rows (by rowid), each once, found by the full-text index; a term's counts come
# from its repeat tokens (`repeat`), each a short posting, rather than from every occurrence
# of it (a name in a fifth of 75,000 facts: 1.0 ms against 1.7-2.3 from the vocabulary table,
# and no count to take in Python). A token names its namespace, so its rows are the view's.
# One token a statement: with an IN list, each row also carries its token's text. All in
# one text: a Python row each costs more than SQLite's own reading (a name's: 2.9 ms
# against 5.1, counted), and numbers parsed from text are objects the collector skips.
_SQLITE_DOCS = "SELECT group_concat(rowid) FROM fact_index_fts WHERE fact_index_fts MATCH ?"
# A token's rows from the vocabulary table: for a repeat token, each row once.
_SQLITE_POSTING = "SELECT group_concat(doc) FROM fact_index_terms WHERE term = ?"
_SQLITE_KEYS = "SELECT seq, rowid FROM fact_index WHERE org_id = ? AND seq IN ({seqs})"
_BY = 3  # terms a phrase's facts are looked up by
# The rows holding a phrase's tokens, found by the full-text index first.
_SQLITE_HOLDING = """
    SELECT x.seq, x.asserted, x.tokens FROM fact_index_fts
    CROSS JOIN fact_index AS x ON x.rowid = fact_index_fts.rowid
    WHERE fact_index_fts MATCH ? AND x.org_id = ? AND x.user_id IN ({users})
      AND x.capability IN ({caps}) AND x.asserted LIKE ? ESCAPE '\\'
"""
# By the view's index, named: to spare the sort, SQLite's planner would otherwise walk the
# organization's rows in order of the primary key, every user's, a large organization's new
# user's first context reading all of them to find none.
_SQLITE_VIEW_ROWS = """
    SELECT rowid, seq, length FROM fact_index INDEXED BY ix_fact_index_view
    WHERE org_id = ? AND user_id IN ({users}) AND capability IN ({caps}) ORDER BY seq
"""
_SQLITE_ASSERTING_ANY = """
    SELECT seq, asserted, tokens FROM fact_index
    WHERE org_id = ? AND user_id IN ({users}) AND capability IN ({caps})
      AND asserted LIKE ? ESCAPE '\\'
"""


def _marks(values: Sequence[object]) -> str:
    return ", ".join("?" * len(values))


# -- PostgreSQL: a table of (token, fact) pairs --------------------------------------------
# Row-level security lets the planner use an index only through leakproof operators (text
# equality), so PostgreSQL looks tokens up in a b-tree of pairs rather than a GIN index.

fact_terms = Table(
    "fact_terms",
    metadata,
    Column("org_id", Text, nullable=False),
    Column("token", Text, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("count", Integer, nullable=False),
    PrimaryKeyConstraint("org_id", "token", "seq"),
    Index("ix_fact_terms_seq", "org_id", "seq"),
)

_POSTGRES_POSTINGS = text(
    """
    SELECT token, seq, count FROM fact_terms WHERE org_id = :org AND token = ANY(:tokens)
    """
)
# The facts holding a token whose asserted text holds a pattern (the caller checks the rest
# of a phrase's tokens on each), for each (phrase number, token, pattern), the first few.
_POSTGRES_HOLDING = text(
    """
    SELECT x.seq, x.asserted, x.tokens FROM fact_terms AS t
    JOIN fact_index AS x ON x.org_id = t.org_id AND x.seq = t.seq
    WHERE t.org_id = :org AND t.token = ANY(:tokens) AND x.asserted LIKE :like ESCAPE '\\'
    """
)
_POSTGRES_HOLDING_EACH = text(
    """
    SELECT q.n, x.seq, x.asserted, x.tokens
    FROM unnest(CAST(:numbers AS int[]), CAST(:tokens AS text[]), CAST(:patterns AS text[]))
        AS q(n, token, pattern)
    CROSS JOIN LATERAL (
        SELECT f.seq, f.asserted, f.tokens FROM fact_terms AS t
        JOIN fact_index AS f ON f.org_id = t.org_id AND f.seq = t.seq
        WHERE t.org_id = :org AND t.token = q.token AND f.asserted LIKE q.pattern ESCAPE '\\'
        LIMIT :each
    ) AS x
    """
)
_POSTGRES_VIEW_ROWS = text(
    """
    SELECT seq, seq, length FROM fact_index
    WHERE org_id = :org AND user_id IN :users AND capability IN :caps ORDER BY seq
    """
).bindparams(bindparam("users", expanding=True), bindparam("caps", expanding=True))
_POSTGRES_ASSERTING_ANY = text(
    """
    SELECT seq, asserted, tokens FROM fact_index
    WHERE org_id = :org AND user_id IN :users AND capability IN :caps
      AND asserted LIKE :like ESCAPE '\\'
    """
).bindparams(bindparam("users", expanding=True), bindparam("caps", expanding=True))
_POSTGRES_UNTERM = text(
    """
    DELETE FROM fact_terms WHERE org_id = :org
      AND seq IN (SELECT seq FROM facts WHERE org_id = :org AND fact_id IN :ids)
    """
).bindparams(bindparam("ids", expanding=True))
_POSTGRES_UNTERM_USER = text(
    """
    DELETE FROM fact_terms WHERE org_id = :org
      AND seq IN (SELECT seq FROM fact_index WHERE org_id = :org AND user_id = :user)
    """
)


def term_rows(rows: Sequence[Sequence[Any]]) -> list[tuple[Any, ...]]:
    """The (token, fact) pairs of index rows, in `fact_terms`' column order."""
    pairs: list[tuple[Any, ...]] = []
    for org, seq, *_, tokens, _figures in rows:
        pairs += [(org, tok, seq, n) for tok, n in Counter(tokens.split()).items()]
    return pairs


_ANY_IN_SPACE = text(
    "SELECT 1 FROM fact_index WHERE org_id = :org AND user_id = :user AND capability = :cap"
    " LIMIT 1"
)
_UNINDEX = text(
    """
    DELETE FROM fact_index WHERE org_id = :org
      AND seq IN (SELECT seq FROM facts WHERE org_id = :org AND fact_id IN :ids)
    """
).bindparams(bindparam("ids", expanding=True))
_UNINDEX_USER = text("DELETE FROM fact_index WHERE org_id = :org AND user_id = :user")


class FactIndexRows:
    """The index methods of a SQL unit of work (mixed into it): rows kept with the facts,
    and the reads a snapshot makes of one view's index."""

    conn: Connection
    org: str

    # -- kept with the facts ----------------------------------------------------------------

    def index_written(self, rows: Sequence[Sequence[Any]]) -> list[tuple[Any, ...]]:
        """The token pairs a backend keeps beside index rows just written (PostgreSQL's
        `fact_terms`), to insert with them; none for SQLite, whose FTS5 keeps its own."""
        return [] if self._sqlite else term_rows(rows)

    def unindex_facts(self, fact_ids: Sequence[str]) -> None:
        """Take facts that end out of the index (those not in it are no matter)."""
        for part in chunks(list(fact_ids)):
            params = {"org": self.org, "ids": list(part)}
            if not self._sqlite:
                self.conn.execute(_POSTGRES_UNTERM, params)
            self.conn.execute(_UNINDEX, params)

    def unindex_user(self, user: str) -> None:
        if not self._sqlite:
            self.conn.execute(_POSTGRES_UNTERM_USER, {"org": self.org, "user": user})
        self.conn.execute(_UNINDEX_USER, {"org": self.org, "user": user})

    # -- what a snapshot reads ----------------------------------------------------------------

    def index_documents(self, view: View) -> list[tuple[int, int, int]]:
        """The view's live facts as (key, sequence number, ranking length), in order. A
        fact's key is what `index_postings` names it by: its row's own number where the
        backend has one (SQLite's rowid, which the full-text index returns), else its
        sequence number."""
        if self._sqlite:
            users, caps = _names(view)
            sql = _SQLITE_VIEW_ROWS.format(users=_marks(users), caps=_marks(caps))
            return self._driver(sql, [self.org, *users, *caps])
        rows = self.conn.execute(_POSTGRES_VIEW_ROWS, self._view(view))
        return [(int(k), int(s), int(n)) for k, s, n in rows]

    def index_spaces(self, view: View) -> list[tuple[str, str]]:
        """The (user, capability) of each of the view's namespaces that holds a live fact:
        a shared namespace often holds none, and its postings need not be asked for."""
        pairs = view_pairs(view)
        found = []
        for user, cap in pairs:
            params = {"org": self.org, "user": user, "cap": cap}
            if self.conn.execute(_ANY_IN_SPACE, params).first() is not None:
                found.append((user, cap))
        return found

    def index_keys(self, view: View, seqs: Sequence[int]) -> dict[int, int]:
        """The keys of live facts by sequence number (see `index_documents`)."""
        if not self._sqlite:
            return {seq: seq for seq in seqs}
        found: dict[int, int] = {}
        for part in chunks(list(seqs)):
            found.update(self._driver(_SQLITE_KEYS.format(seqs=_marks(part)), [self.org, *part]))
        return found

    def index_postings(
        self,
        view: View,
        kind: str,
        values: Sequence[str],
        seqs: Mapping[int, int] | None = None,
        spaces: Collection[tuple[str, str]] | None = None,
    ) -> dict[str, dict[int, int]]:
        """For each term (or value) of a kind, the view's live facts that hold it by key,
        each with how often; a value no fact holds maps to an empty posting. With `seqs`
        (each live fact's sequence number by key, see `index_documents`), by sequence
        number instead, leaving out the keys it does not hold. With `spaces`, only the
        view's namespaces of those (user, capability) pairs are read: the others hold
        none of its live facts (`index_spaces`)."""
        by_token = self._tokens(view, kind, values, spaces)
        found: dict[str, dict[int, int]] = {value: {} for value in values}
        if self._sqlite:
            for tok, value in by_token.items():
                [[docs]] = self._driver(_SQLITE_DOCS, [f'"{tok}"'])
                if not docs:
                    continue
                # Each fact once, then those holding a term more than once, tier by tier
                # (`repeat`): no occurrence to count one by one.
                counted: dict[Any, int] = dict.fromkeys(numbered(docs, seqs), 1)
                for times, more in self._repeats(tok) if kind == TERM else ():
                    counted.update(dict.fromkeys(numbered(more, seqs), times))
                counted.pop(None, None)  # keys of facts `seqs` does not hold
                if found[value]:  # another namespace's: other rows, other keys
                    found[value].update(counted)
                else:
                    found[value] = counted
            return found
        for part in chunks(list(by_token)):
            params = {"org": self.org, "tokens": list(part)}
            for tok, seq, count in self.conn.execute(_POSTGRES_POSTINGS, params):
                key = int(seq)  # a fact's key is its sequence number here
                if seqs is None or key in seqs:
                    found[by_token[tok]][key] = int(count)
        return found

    def asserting(
        self, view: View, terms: Sequence[str], phrase: str
    ) -> Generator[tuple[int, str], None, None]:
        """The view's live facts that hold every one of `terms` (every fact, when there are
        none) and whose asserted text holds `phrase` as a substring, as (sequence number,
        asserted text). Whether a fact holds the phrase as words is for the caller to
        decide; it may stop early."""
        spaces = view_namespaces(view)
        wanted = [{token(s, TERM, t) for t in terms} for s in spaces]
        # Found by way of the terms likeliest to be rare (figures, long words): few facts
        # hold them, and the index finds those in a few steps. The rest of the terms are
        # checked on each fact found.
        likeliest = _likeliest_rare(terms)
        if self._sqlite:
            users, caps = _names(view)
            marks = {"users": _marks(users), "caps": _marks(caps)}
            if not terms:
                sql = _SQLITE_ASSERTING_ANY.format(**marks)
                params: list[Any] = [self.org, *users, *caps, like(phrase)]
            else:
                match = " OR ".join(
                    "(" + " AND ".join(f'"{token(s, TERM, t)}"' for t in likeliest[:_BY]) + ")"
                    for s in spaces
                )
                sql = _SQLITE_HOLDING.format(**marks)
                params = [match, self.org, *users, *caps, like(phrase)]
            rows = self._stream(sql, params)
        elif not terms:
            rows = iter(
                self.conn.execute(
                    _POSTGRES_ASSERTING_ANY, {**self._view(view), "like": like(phrase)}
                )
            )
        else:
            rarest = [token(s, TERM, likeliest[0]) for s in spaces]
            params2 = {"org": self.org, "tokens": rarest, "like": like(phrase)}
            rows = iter(self.conn.execute(_POSTGRES_HOLDING, params2))
        for seq, asserted, held in rows:
            mine = set(held.split())
            if any(tokens <= mine for tokens in wanted):
                yield int(seq), str(asserted)

    def asserting_each(
        self, view: View, phrases: Sequence[tuple[str, Sequence[str]]], each: int
    ) -> dict[str, tuple[list[tuple[int, str]], bool]]:
        """For each (phrase, its terms), some of the facts `asserting` would give, read at
        once, and whether they are all of them: at least `each` are read, unless there are
        fewer."""
        found: dict[str, tuple[list[tuple[int, str]], bool]] = {}
        spaces = view_namespaces(view)
        pending: list[tuple[str, Sequence[str]]] = []
        for phrase, terms in phrases:
            if self._sqlite or not terms:  # SQLite reads each in a step
                with closing(self.asserting(view, terms, phrase)) as each_read:
                    first = list(islice(each_read, each))
                found[phrase] = (first, len(first) < each)
            else:
                pending.append((phrase, terms))
        numbers, tokens, patterns = [], [], []
        for n, (phrase, terms) in enumerate(pending):
            for space in spaces:
                numbers.append(n)
                tokens.append(token(space, TERM, _likeliest_rare(terms)[0]))
                patterns.append(like(phrase))
        read: dict[int, list[tuple[int, str, str]]] = {n: [] for n in range(len(pending))}
        if pending:
            params = {
                "org": self.org,
                "numbers": numbers,
                "tokens": tokens,
                "patterns": patterns,
                "each": each,
            }
            for n, seq, asserted, held in self.conn.execute(_POSTGRES_HOLDING_EACH, params):
                read[n].append((int(seq), str(asserted), str(held)))
        for n, (phrase, terms) in enumerate(pending):
            wanted = [{token(s, TERM, t) for t in terms} for s in spaces]
            rows = [
                (seq, asserted)
                for seq, asserted, held in read[n]
                if any(w <= set(held.split()) for w in wanted)
            ]
            found[phrase] = (rows, len(read[n]) < each)  # fewer than asked: all were read
        return found

    def _repeats(self, term_token: str, first: int = 2) -> Iterator[tuple[int, str]]:
        """SQLite's facts holding a term at least `first`, `first` + 1, ... times, as
        (times, keys joined by commas), up to the first tier no fact reaches."""
        times = first
        while docs := self._driver(_SQLITE_POSTING, [repeat(term_token, times)])[0][0]:
            yield times, docs
            times += 1

    @property
    def _sqlite(self) -> bool:
        return self.conn.dialect.name == "sqlite"

    def _driver(self, sql: str, params: Sequence[Any]) -> list[Any]:
        """A read on the driver's own cursor: these run by the hundred on a first context,
        and SQLAlchemy's work per statement costs several times SQLite's."""
        cursor = self.conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            cursor.execute(sql, params)
            return list(cursor.fetchall())
        finally:
            cursor.close()

    def _stream(self, sql: str, params: Sequence[Any]) -> Iterator[Any]:
        """Rows of a read on the driver's cursor as the caller takes them."""
        cursor = self.conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            cursor.execute(sql, params)
            while batch := cursor.fetchmany(16):
                yield from batch
        finally:
            cursor.close()

    def _view(self, view: View) -> dict[str, Any]:
        """The parameters that confine a statement to one view's namespaces."""
        users, caps = _names(view)
        return {"org": self.org, "users": users, "caps": caps}

    def _tokens(
        self,
        view: View,
        kind: str,
        values: Sequence[str],
        spaces: Collection[tuple[str, str]] | None = None,
    ) -> dict[str, str]:
        """Each value's token in each of the view's namespaces (or those of `spaces`):
        token to value."""
        read = view_namespaces(view)
        if spaces is not None:
            pairs = view_pairs(view)
            read = [s for s, pair in zip(read, pairs, strict=True) if pair in spaces]
        return {token(s, kind, v): v for v in values for s in read}


def numbered(docs: str, seqs: Mapping[int, int] | None) -> Iterable[Any]:
    """Keys joined by commas, each as its sequence number when `seqs` is given (None for a
    key it does not hold)."""
    numbers: list[int] = json.loads(f"[{docs}]")
    return numbers if seqs is None else map(seqs.get, numbers)


def _likeliest_rare(terms: Sequence[str]) -> list[str]:
    """Terms, those likeliest to be held by few facts first: figures, then long words."""
    return sorted(terms, key=lambda t: (not any(c.isdigit() for c in t), -len(t)))


def _names(view: View) -> tuple[list[str], list[str]]:
    """The users and capabilities a view reads, each once."""
    return list(dict.fromkeys([view.user, ""])), list(dict.fromkeys(["", view.capability]))


# -- made anew for another version --------------------------------------------------------


def is_fresh(conn: Connection) -> bool:
    """Whether the rows were made by this version's code, cue tables and layout (one query)."""
    made_by = conn.execute(
        select(fact_index_meta.c.value).where(fact_index_meta.c.name == _DERIVATION)
    ).scalar()
    return made_by == _made_by()


def _made_by() -> str:
    """The fingerprint of what makes a row: the entries' derivation and the tokens' layout."""
    return f"{derivation()}/{_LAYOUT}"


def refresh(conn: Connection) -> None:
    """Make every row anew if another version made them, inside the caller's transaction
    (which holds the store's migration lock): a reader must never compare entries this
    version derives from a changed fact with entries another version stored."""
    if is_fresh(conn):
        return
    with _owner(conn):
        if conn.dialect.name != "sqlite":
            conn.execute(delete(fact_terms))
        conn.execute(delete(fact_index))
    index_stored_facts(conn)
    conn.execute(delete(fact_index_meta).where(fact_index_meta.c.name == _DERIVATION))
    conn.execute(insert(fact_index_meta).values(name=_DERIVATION, value=_made_by()))


def index_stored_facts(conn: Connection) -> None:
    """Index every organization's live facts not indexed yet."""
    from statekeeper.store.schema import facts
    from statekeeper.store.sql import row_to_fact

    f, x = facts.c, fact_index.c
    indexed = select(x.seq).where(x.org_id == f.org_id, x.seq == f.seq).exists()
    columns = [c.name for c in fact_index.columns]
    terms = [c.name for c in fact_terms.columns]
    with _owner(conn):
        found = conn.execute(
            select(facts)
            .where(f.is_valid.is_(True), f.forgotten.is_(False), ~indexed)
            .order_by(f.org_id, f.seq),
            execution_options={"stream_results": True},
        ).mappings()
        for batch in found.partitions(_BATCH):
            pending = [(row_to_fact(r), int(r["seq"])) for r in batch]
            made = index_rows(pending)
            if made:
                conn.execute(insert(fact_index), [dict(zip(columns, r, strict=True)) for r in made])
            if made and conn.dialect.name != "sqlite":
                pairs = [dict(zip(terms, r, strict=True)) for r in term_rows(made)]
                conn.execute(insert(fact_terms), pairs)


@contextmanager
def _owner(conn: Connection) -> Iterator[None]:
    """On PostgreSQL, the tables' owner reads and writes every organization's rows for the
    while: row-level security, forced on the owner too, would let it see none."""
    owner = conn.dialect.name == "postgresql"
    tables = ("facts", "fact_index", "fact_terms")
    if owner:
        for table in tables:
            conn.execute(text(f"ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY"))
    yield
    if owner:
        for table in tables:
            conn.execute(text(f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY"))
