"""An extractor backed by a language model with structured output.

The model proposes candidate facts for one turn, constrained by a JSON schema; the engine
then applies them under its own rules (scope, authority, supersession), so a model's
mistake can add a wrong fact but never bypass those checks.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from statekeeper.llm.base import StructuredLLMClient, with_retries
from statekeeper.model import Fact
from statekeeper.nlu.extract import Candidate, Extraction

SYSTEM = """You maintain the memory of an assistant. Read one conversation turn and list the \
facts it states or corrects, as short values under snake_case keys. When the turn corrects a \
known fact, use that fact's key and set "replaces" to it. Facts from hypotheticals, \
brainstorming or rough estimates get scope "hypothetical"; drafts get "draft"; everything \
else "global". When the turn cancels or drops a known fact with nothing in its place, give \
that fact's key with action "retract"; when it says a known fact must be kept from some \
readers ("HR only", "keep this between us"), give its key with action "restrict" and the \
readers allowed. Questions, greetings and chit-chat state no facts. Never invent a fact the \
turn does not state."""


def strict_schema(model: type[Extraction] = Extraction) -> dict[str, Any]:
    """The model's JSON schema in the strict form structured outputs require: every property
    required, no additional properties, optional fields nullable, references inlined."""
    schema = model.model_json_schema()
    definitions = schema.pop("$defs", {})

    def resolve(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return resolve(copy.deepcopy(definitions[node["$ref"].split("/")[-1]]))
            node = {k: resolve(v) for k, v in node.items() if k not in ("default", "title")}
            if node.get("type") == "object" and "properties" in node:
                node["required"] = sorted(node["properties"])
                node["additionalProperties"] = False
            return node
        if isinstance(node, list):
            return [resolve(item) for item in node]
        return node

    resolved: dict[str, Any] = resolve(schema)
    return resolved


class LLMExtractor:
    """Candidate facts from a model that answers with JSON matching `Extraction`."""

    def __init__(self, client: StructuredLLMClient, *, max_known: int = 40) -> None:
        self.client = client
        self.max_known = max_known
        self.schema = strict_schema()

    def extract(self, text: str, *, speaker: str, known: Sequence[Fact]) -> list[Candidate]:
        lines = [f"- {fact.key}: {fact.text}" for fact in known[: self.max_known]]
        prompt = (
            "Known facts:\n" + ("\n".join(lines) or "(none)") + f"\n\nTurn by {speaker}:\n{text}"
        )
        answer = with_retries(
            lambda: self.client.complete_json(SYSTEM, prompt, self.schema, "record_facts"),
            base_delay=0.5,
        )
        return _valid_candidates(answer.get("facts"))


def _valid_candidates(items: Any) -> list[Candidate]:
    """Each candidate stands or falls alone: one malformed entry never sinks the others."""
    if not isinstance(items, list):
        return []
    found = []
    for item in items:
        try:
            found.append(Candidate.model_validate(item))
        except ValidationError:
            continue
    return found
