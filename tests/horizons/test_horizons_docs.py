"""The agent loop in docs/horizons.md runs as written."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "horizons.md"


@dataclass
class Reply:
    text: str
    observations: list[str] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    done: bool = False


def test_the_documented_agent_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code = re.search(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert code is not None
    namespace: dict[str, Any] = {}
    exec(compile(code.group(1), str(DOC), "exec"), namespace)

    calls = 0

    async def llm(workspace: Any, messages: list[dict[str, Any]]) -> Reply:
        nonlocal calls
        calls += 1
        return Reply(f"step {calls}", [f"saw {calls}"], {f"fact_{calls}": calls}, calls % 2 == 0)

    db = tmp_path / "doc.db"
    monkeypatch.setenv("STATEKEEPER_URL", str(db))
    asyncio.run(namespace["main"](llm))
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM task_workspaces").fetchone() == (0,)
        keys = {k for (k,) in conn.execute("SELECT key FROM facts WHERE is_valid")}
        archived = conn.execute("SELECT text FROM transcript WHERE speaker LIKE 'workspace.obs%'")
        assert [t for (t,) in archived] == [f"saw {n}" for n in range(1, 5)]
    assert keys == {f"fact_{n}" for n in range(1, 5)}
