"""The rows a user's memory listing reads beyond the facts: the turns facts were read from."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import and_, or_, select
from sqlalchemy.engine import Connection

from statekeeper.model import Turn
from statekeeper.store.base import ArchivedTurn, chunks
from statekeeper.store.schema import transcript

_A = transcript.c


class MemoryRows:
    """The memory methods of a SQL unit of work (mixed into it)."""

    conn: Connection
    org: str

    def turns_said_at(
        self, user: str, moments: Sequence[tuple[int, datetime]]
    ) -> list[ArchivedTurn]:
        """A user's archived turns by index and moment, in any task (a fact read from a
        turn carries both), in no particular order; missing ones are skipped."""
        found: list[ArchivedTurn] = []
        for part in chunks(list(dict.fromkeys(moments))):
            wanted = or_(*(and_(_A.turn_index == i, _A.timestamp == t) for i, t in part))
            rows = self.conn.execute(
                select(
                    _A.task_id,
                    _A.turn_index,
                    _A.speaker,
                    _A.text,
                    _A.timestamp,
                    _A.scope,
                    _A.scope_id,
                ).where(_A.org_id == self.org, _A.user_id == user, wanted)
            )
            found += [
                ArchivedTurn(
                    task,
                    Turn(
                        index=index,
                        speaker=speaker,
                        text=said,
                        timestamp=moment,
                        scope=scope,
                        scope_id=scope_id,
                    ),
                )
                for task, index, speaker, said, moment, scope, scope_id in rows
            ]
        return found
