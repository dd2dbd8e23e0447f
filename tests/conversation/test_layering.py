"""Imports run one way: reading conversation never reaches back into the session, a store,
a server or a model client, not even for type checking."""

from __future__ import annotations

import ast
from pathlib import Path

import statekeeper.conversation

OUTER = ("statekeeper.engine", "statekeeper.aio", "statekeeper.store", "statekeeper.server",
         "statekeeper.llm")  # fmt: skip


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_conversation_imports_nothing_outer() -> None:
    package = Path(statekeeper.conversation.__file__).parent
    reached = {
        (path.name, name)
        for path in sorted(package.glob("*.py"))
        for name in imported(path)
        if name.startswith(OUTER)
    }
    assert reached == set()
