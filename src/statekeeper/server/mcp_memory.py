"""MCP tools for shared memory beyond facts: capability lessons and consolidation, and the
organization's documents.

Each tool is its REST route (`routes_memory.py`) called with the same arguments, so the
roles' rules, the key's maturity in a capability and the documents' readers decide alike
over both. No tool takes a principal or a maturity.
"""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from pydantic import Field, StrictBool, StrictFloat, StrictInt, StrictStr

from statekeeper.capability import ConsolidationReport, Lesson
from statekeeper.engine import Engine
from statekeeper.knowledge import Document
from statekeeper.server import routes_memory
from statekeeper.server.mcp_hints import ADD, DELETE, READ, REPLACE, SETTLE, Call, Who
from statekeeper.server.schemas import ConsolidateIn, DocumentIn, LessonIn

Capability = Annotated[StrictStr, Field(description="The capability, e.g. calendar.")]


def add_memory_tools(server: MCPServer[Any], engine: Engine, who: Who) -> None:
    """Register the lesson, consolidation and document tools on `server`."""

    @server.tool(annotations=ADD)
    def learn_lesson(
        call: Call,
        capability: Capability,
        text: StrictStr,
        level: Annotated[StrictStr, Field(description="event, heuristic or strategy.")] = "event",
    ) -> Lesson:
        """Record what was learned doing a kind of work: an event (one observation), a
        heuristic (a pattern) or a strategy (a playbook), as far as this principal's
        maturity in the capability allows."""
        lesson = LessonIn(text=text, level=level)
        return routes_memory.learn(capability, lesson, who(call), engine)

    @server.tool(annotations=READ)
    def list_lessons(
        call: Call,
        capability: Capability,
        level: StrictStr | None = None,
        history: StrictBool = False,
    ) -> list[Lesson]:
        """A capability's lessons: strategies, heuristics, then events, newest first in
        each; with `history`, also those consolidation ended, each with what it became."""
        return routes_memory.lessons(capability, who(call), engine, level, history)

    @server.tool(annotations=SETTLE)
    def consolidate_capability(
        call: Call,
        capability: Capability,
        similarity: StrictFloat | None = None,
        min_cluster: StrictInt | None = None,
    ) -> ConsolidationReport:
        """Cluster a capability's similar events into heuristics, and retire duplicated
        and thin lessons (kept as history). Running it again changes nothing new."""
        options = ConsolidateIn(similarity=similarity, min_cluster=min_cluster)
        return routes_memory.consolidate(capability, who(call), engine, options)

    @server.tool(annotations=REPLACE)
    def add_document(
        call: Call,
        doc_id: StrictStr,
        text: StrictStr,
        source: StrictStr | None = None,
        acl: Annotated[
            list[StrictStr] | None,
            Field(
                description="user:<id>, authority:<rung> or permission:<name> entries; "
                "none for the whole organization."
            ),
        ] = None,
    ) -> Document:
        """Store a document of the organization for contexts to draw on; one of the same id
        is replaced."""
        document = DocumentIn(id=doc_id, text=text, source=source, acl=acl)
        return routes_memory.add_document(document, who(call), engine)

    @server.tool(annotations=READ)
    def list_documents(call: Call) -> list[Document]:
        """The organization's documents the principal may read."""
        return routes_memory.documents(who(call), engine)

    @server.tool(annotations=DELETE)
    def remove_document(call: Call, doc_id: StrictStr) -> dict[str, str]:
        """Remove a document, with its chunks and their index entries."""
        routes_memory.remove_document(doc_id, who(call), engine)
        return {"removed": doc_id}
