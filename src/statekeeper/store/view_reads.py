"""The reads of the facts table a snapshot makes instead of loading every fact of a view.

A context needs, besides the facts its query ranks, the few live facts every reading weighs
(scoped, restricted, waiting for review, expiring), the newest constraints, and the most
recently ended facts, whose values are scrubbed from everything shown. Each read has a partial index holding
only such rows, and states the index's own predicate, which is how SQLite knows to use it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, and_, bindparam, literal_column, select, text
from sqlalchemy.engine import Connection

from statekeeper.memo import memoized
from statekeeper.model import SourceType, value_text
from statekeeper.store.base import Ended, Stamped, View, chunks
from statekeeper.store.driver import DriverQuery
from statekeeper.store.fact_index import fact_index
from statekeeper.store.schema import facts

LIVE = "is_valid AND NOT forgotten"
DEAD = "NOT is_valid AND NOT forgotten"
# A live fact every reading weighs: not global, restricted, waiting for review, or expiring.
NOTEWORTHY = (
    "scope <> 'global' OR required_authority IS NOT NULL OR required_permissions <> '[]'"
    " OR needs_review OR expires_at IS NOT NULL"
)
ENDED = 'coalesce(invalidated_at, "timestamp")'  # when a dead fact ended

# The partial indexes these reads use (migration 13 creates them): each holds only the rows
# its read returns, so the read costs what it returns, not what the view holds.
INDEXES = [
    f"""CREATE INDEX IF NOT EXISTS ix_facts_noteworthy ON facts (org_id, user_id, capability, seq)
        WHERE {LIVE} AND ({NOTEWORTHY})""",
    f"""CREATE INDEX IF NOT EXISTS ix_facts_ended ON facts (org_id, user_id, {ENDED}, seq)
        WHERE {DEAD}""",
    f"""CREATE INDEX IF NOT EXISTS ix_facts_constraints
        ON facts (org_id, user_id, capability, seq) WHERE {LIVE} AND is_constraint""",
]

_F = facts.c
CONVERSATION = SourceType.CONVERSATION
_X = fact_index.c
# A fact with the values of its text the index keeps for a live fact (none for a dead one).
_WITH_FIGURES = select(facts, _X.figures).select_from(
    facts.outerjoin(fact_index, and_(_X.org_id == _F.org_id, _X.seq == _F.seq))
)
_WHEN = literal_column(ENDED, DateTime)  # when a dead fact ended, as the index orders it
_VIEW = and_(
    _F.org_id == bindparam("org"),
    _F.user_id.in_(bindparam("users", expanding=True)),
    _F.capability.in_(bindparam("caps", expanding=True)),
)
_NOTEWORTHY = _WITH_FIGURES.where(_VIEW, text(LIVE), text(f"({NOTEWORTHY})"))
# Live global facts that may have been recorded from conversation: the source's type is
# checked on the parsed rows (a speaker's name may hold the word too).
_RECORDED = select(_F.seq, _F.source).where(
    _VIEW, text(LIVE), text("scope = 'global'"), _F.source.like("%conversation%")
)
# One namespace at a time, newest first, as the index orders them.
_CONSTRAINTS = _WITH_FIGURES.where(
    _F.org_id == bindparam("org"),
    _F.user_id == bindparam("user"),
    _F.capability == bindparam("capability"),
    text(LIVE),
    text("is_constraint"),
).order_by(_F.seq.desc())


# By the organization's own keys; the view is checked on the rows (a filter on the
# namespace would lead SQLite to walk the namespace instead).
_BY_SEQ = _WITH_FIGURES.where(
    _F.org_id == bindparam("org"), _F.seq.in_(bindparam("seqs", expanding=True))
)
_BY_ID = _WITH_FIGURES.where(
    _F.org_id == bindparam("org"), _F.fact_id.in_(bindparam("ids", expanding=True))
)
_DEAD_COLUMNS = (_WHEN.label("ended"), _F.seq, _F.fact_id, _F.value)
# One user's namespace at a time: the index orders each by when its facts ended.
_DEAD = (
    select(*_DEAD_COLUMNS)
    .where(
        _F.org_id == bindparam("org"),
        _F.user_id == bindparam("user"),
        _F.capability.in_(bindparam("caps", expanding=True)),
        text(DEAD),
    )
    .order_by(_WHEN.desc(), _F.seq.desc())
)
_DEAD_SINCE = _DEAD.where(_WHEN >= bindparam("since", type_=DateTime))
_DEAD_BY_ID = select(*_DEAD_COLUMNS, _F.user_id, _F.capability).where(
    _F.org_id == bindparam("org"), _F.fact_id.in_(bindparam("ids", expanding=True)), text(DEAD)
)


class ViewQuery:
    """A select of one view's fact rows, on the driver's cursor. The view's lists of users
    and capabilities come in two lengths only (with a capability or without), so each
    shape is compiled once instead of SQLAlchemy expanding them on every call."""

    def __init__(self, columns: Sequence[str], *conditions: Any) -> None:
        self.columns = list(columns)
        users = _F.user_id.in_([bindparam("user"), bindparam("shared_user")])
        self._shapes = {
            size: DriverQuery(
                select(*(_F[name] for name in self.columns)).where(
                    _F.org_id == bindparam("org"),
                    users,
                    _F.capability.in_([bindparam(f"cap{n}") for n in range(size)]),
                    *conditions,
                )
            )
            for size in (1, 2)
        }

    def rows(self, conn: Connection, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        """The rows for `params` as a view's reads give them (org, users, caps and the
        rest), as tuples in the order of the columns."""
        values = {k: v for k, v in params.items() if k not in ("users", "caps")}
        users = list(params["users"])  # the user and the shared namespace, or one of both
        values["user"], values["shared_user"] = users[0], users[-1]
        values.update((f"cap{n}", cap) for n, cap in enumerate(params["caps"]))
        return self._shapes[len(params["caps"])].rows(conn, values)

    def mappings(self, conn: Connection, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The rows as mappings of column names."""
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows(conn, params)]


_LIVE_VALUES = ViewQuery(["seq", "value"], text(LIVE))


def _text(stored: str) -> str:
    """A stored value's text: a plain string's without decoding it."""
    if stored.startswith('"') and "\\" not in stored:
        return stored[1:-1]
    return value_text(json.loads(stored))


def _ended(row: Any) -> Ended:
    ended, seq, fact_id, value = row
    return Ended(ended, int(seq), str(fact_id), value_text(json.loads(value)))


@memoized(65536)
def _figures(stored: str | None) -> frozenset[str] | None:
    return None if stored is None else frozenset(json.loads(stored))


def _visible(row: Mapping[Any, Any], view: View) -> bool:
    return row["user_id"] in (view.user, "") and row["capability"] in ("", view.capability)


class ViewRows:
    """The view reads of a SQL unit of work (mixed into it)."""

    conn: Connection
    org: str

    def noteworthy_facts(self, view: View) -> list[Stamped]:
        """The view's live facts that every reading weighs (see NOTEWORTHY)."""
        return self._stamped(self.conn.execute(_NOTEWORTHY, self._in(view)).mappings().all())

    def recorded_seqs(self, view: View) -> list[int]:
        """The sequence numbers of the view's live global facts recorded from conversation."""
        from statekeeper.store.sql import parse_source

        rows = self.conn.execute(_RECORDED, self._in(view))
        return [int(seq) for seq, source in rows if parse_source(source).type == CONVERSATION]

    def live_texts(self, view: View) -> list[tuple[int, str]]:
        """Every live fact of the view: its sequence number and its text."""
        rows = _LIVE_VALUES.rows(self.conn, self._in(view))
        return [(int(seq), _text(value)) for seq, value in rows]

    def newest_constraints(self, view: View, limit: int | None) -> list[Stamped]:
        """The view's newest live constraints, newest first (`limit` None: all)."""
        statement = _CONSTRAINTS if limit is None else _CONSTRAINTS.limit(limit)
        found: list[Stamped] = []
        for user in dict.fromkeys([view.user, ""]):
            for capability in dict.fromkeys(["", view.capability]):
                params = {"org": self.org, "user": user, "capability": capability}
                found += self._stamped(self.conn.execute(statement, params).mappings().all())
        found.sort(key=lambda s: s.seq, reverse=True)
        return found if limit is None else found[:limit]

    def facts_by_seq(self, view: View, seqs: Sequence[int]) -> list[Stamped]:
        """The view's facts with these sequence numbers, live or dead, in no order."""
        found: list[Stamped] = []
        for part in chunks(list(seqs)):
            rows = self.conn.execute(_BY_SEQ, {"org": self.org, "seqs": list(part)}).mappings()
            found += self._stamped([r for r in rows.all() if _visible(r, view)])
        return found

    def live_facts_by_id(self, view: View, fact_ids: Sequence[str]) -> list[Stamped]:
        """The view's live facts among these ids, in no order."""
        found: list[Stamped] = []
        for part in chunks(list(fact_ids)):
            rows = self.conn.execute(_BY_ID, {"org": self.org, "ids": list(part)}).mappings()
            found += self._stamped(
                [
                    r
                    for r in rows.all()
                    if _visible(r, view) and r["is_valid"] and not r["forgotten"]
                ]
            )
        return found

    def ended_facts(
        self, view: View, limit: int | None = None, since: datetime | None = None
    ) -> list[Ended]:
        """The view's dead (not forgotten) facts, the most recently ended first: the
        `limit` latest, or all; with `since`, those that ended then or later."""
        statement = _DEAD if since is None else _DEAD_SINCE
        if limit is not None:
            statement = statement.limit(limit)
        found: list[Ended] = []
        for user in dict.fromkeys([view.user, ""]):
            params = {**self._in(view), "user": user, "since": since}
            found += [_ended(r) for r in self.conn.execute(statement, params)]
        found.sort(key=lambda e: (e.when, e.seq), reverse=True)
        return found if limit is None else found[:limit]

    def ended_by_id(self, view: View, fact_ids: Sequence[str]) -> list[Ended]:
        """The view's dead (not forgotten) facts among these ids, in no order."""
        found: list[Ended] = []
        for part in chunks(list(fact_ids)):
            rows = self.conn.execute(_DEAD_BY_ID, {"org": self.org, "ids": list(part)})
            found += [
                _ended(r[:4])
                for r in rows
                if r[4] in (view.user, "") and r[5] in ("", view.capability)
            ]
        return found

    def _in(self, view: View, **more: Any) -> dict[str, Any]:
        return {
            "org": self.org,
            "users": list(dict.fromkeys([view.user, ""])),
            "caps": list(dict.fromkeys(["", view.capability])),
            **more,
        }

    @staticmethod
    def _stamped(rows: Sequence[Mapping[Any, Any]]) -> list[Stamped]:
        from statekeeper.store.sql import row_to_fact

        return [
            Stamped(row_to_fact(r), int(r["seq"]), int(r["rev"]), _figures(r["figures"]))
            for r in rows
        ]
