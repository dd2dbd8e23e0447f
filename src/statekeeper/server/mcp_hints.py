"""What the MCP tools share: who is asking, and the hints a client reads about each tool
(whether it only reads, may destroy, gives the same result when called again)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver import Context as McpContext
from mcp.types import ToolAnnotations

from statekeeper.server.keys import Holder

Call = McpContext[Any, Any]
Who = Callable[[Call], Holder]  # who is asking, from the call's transport


def _hints(read_only: bool, destructive: bool, idempotent: bool) -> ToolAnnotations:
    return ToolAnnotations(
        read_only_hint=read_only,
        destructive_hint=destructive,
        idempotent_hint=idempotent,
        open_world_hint=False,
    )


READ = _hints(read_only=True, destructive=False, idempotent=True)
ADD = _hints(read_only=False, destructive=False, idempotent=False)
DELETE = _hints(read_only=False, destructive=True, idempotent=True)
REPLACE = _hints(read_only=False, destructive=True, idempotent=True)  # same id: replaced
SETTLE = _hints(read_only=False, destructive=False, idempotent=True)  # again: no change
