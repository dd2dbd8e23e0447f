"""Rows of the Cogency horizons inside one unit of work: profiles, workspaces, archived turns.

The store sees serialized JSON text only; `statekeeper.horizons` owns the dataclasses and
their codec, so imports keep flowing from the lifecycle to the store and never back. Every
statement filters on the unit of work's organization, like the rest of the store.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, bindparam, delete, func, insert, select, update
from sqlalchemy.engine import Connection

from statekeeper.errors import StoreError
from statekeeper.store.base import UnitOfWork
from statekeeper.store.driver import DriverQuery
from statekeeper.store.schema import task_workspaces, transcript, user_profiles

_P = user_profiles.c
_W = task_workspaces.c
_T = transcript.c
_WORKSPACE = DriverQuery(
    select(_W.workspace_data).where(
        _W.org_id == bindparam("org"),
        _W.task_id == bindparam("task"),
        _W.user_id == bindparam("user"),
    )
)


@dataclass(frozen=True)
class TranscriptEntry:
    """One archived record of a finished task: who or what said it, and when."""

    speaker: str
    text: str
    timestamp: datetime
    turn_index: int | None = None  # None: numbered after the task's last archived turn


class HorizonStore:
    """Horizon 1 and 2 rows, read and written in the transaction of a SQL unit of work."""

    def __init__(self, uow: UnitOfWork) -> None:
        conn = getattr(uow, "conn", None)
        org = getattr(uow, "org", None)
        if not isinstance(conn, Connection) or not isinstance(org, str):
            raise StoreError(f"{type(uow).__name__} does not support the horizons tables")
        self.conn = conn
        self.org = org

    # -- Horizon 1: user profiles -------------------------------------------------------

    def load_user_profile(self, user_id: str) -> str | None:
        return self.conn.execute(
            select(_P.profile_data).where(_P.org_id == self.org, _P.user_id == user_id)
        ).scalar_one_or_none()

    def save_user_profile(self, user_id: str, profile_data: str, at: datetime) -> None:
        """Insert or replace the user's profile."""
        where = and_(_P.org_id == self.org, _P.user_id == user_id)
        changed = self.conn.execute(
            update(user_profiles).where(where).values(profile_data=profile_data, updated_at=at)
        ).rowcount
        if not changed:
            self.conn.execute(
                insert(user_profiles).values(
                    org_id=self.org, user_id=user_id, profile_data=profile_data, updated_at=at
                )
            )

    # -- Horizon 2: task workspaces -----------------------------------------------------

    def _owner(self, task_id: str) -> str | None:
        return self.conn.execute(
            select(_W.user_id).where(_W.org_id == self.org, _W.task_id == task_id)
        ).scalar_one_or_none()

    def load_task_workspace(self, task_id: str, user_id: str) -> str | None:
        """The workspace JSON, or None when the task is missing or another user's."""
        found: str | None = _WORKSPACE.scalar(
            self.conn, {"org": self.org, "task": task_id, "user": user_id}
        )
        return found

    def save_task_workspace(
        self, task_id: str, user_id: str, workspace_data: str, at: datetime
    ) -> bool:
        """Insert or replace the workspace; False, writing nothing, if another user owns the id."""
        owner = self._owner(task_id)
        if owner is None:
            self.conn.execute(
                insert(task_workspaces).values(
                    org_id=self.org,
                    task_id=task_id,
                    user_id=user_id,
                    workspace_data=workspace_data,
                    updated_at=at,
                )
            )
            return True
        if owner != user_id:
            return False
        self.conn.execute(
            update(task_workspaces)
            .where(_W.org_id == self.org, _W.task_id == task_id, _W.user_id == user_id)
            .values(workspace_data=workspace_data, updated_at=at)
        )
        return True

    def delete_task_workspace(self, task_id: str, user_id: str) -> bool:
        """Delete the user's workspace of this task; False if there was none to delete."""
        deleted = self.conn.execute(
            delete(task_workspaces).where(
                _W.org_id == self.org, _W.task_id == task_id, _W.user_id == user_id
            )
        ).rowcount
        return bool(deleted)

    # -- transcript archive -------------------------------------------------------------

    def archived_turn_indices(self, user_id: str, task_id: str) -> set[int]:
        rows = self.conn.execute(
            select(_T.turn_index).where(
                _T.org_id == self.org, _T.user_id == user_id, _T.task_id == task_id
            )
        ).scalars()
        return set(rows)

    def archive(self, user_id: str, task_id: str, entries: Sequence[TranscriptEntry]) -> None:
        """Append entries to the task's transcript; unnumbered ones follow the last index."""
        if not entries:
            return
        last = self.conn.execute(
            select(func.max(_T.turn_index)).where(
                _T.org_id == self.org, _T.user_id == user_id, _T.task_id == task_id
            )
        ).scalar_one()
        numbered = [e.turn_index for e in entries if e.turn_index is not None]
        following = max([-1 if last is None else int(last), *numbered]) + 1
        rows = []
        for entry in entries:
            index = entry.turn_index
            if index is None:
                index, following = following, following + 1
            rows.append(
                {
                    "org_id": self.org,
                    "user_id": user_id,
                    "task_id": task_id,
                    "turn_index": index,
                    "speaker": entry.speaker,
                    "text": entry.text,
                    "timestamp": entry.timestamp,
                }
            )
        self.conn.execute(insert(transcript), rows)
