"""How each layer reads in a context.

`show_metadata` is the paper's model-specific formatting switch: some models use validity
markers well, others are distracted by them. Dead values are never shown either way.
"""

from __future__ import annotations

from collections.abc import Sequence

from statekeeper.memo import memoized
from statekeeper.model import Environment, Fact, IdentityRole, Turn, WorkingSetItem, value_text
from statekeeper.text.moments import anchored


def identity_section(identity: IdentityRole) -> str:
    parts = [
        f"User: {identity.user_name} (id {identity.user_id})",
        f"Authority: {identity.authority}",
    ]
    if identity.department:
        parts.append(f"Department: {identity.department}")
    parts.append(f"Organization: {identity.organization}")
    if identity.permissions:
        parts.append("Permissions: " + ", ".join(identity.permissions))
    return "## Identity\n" + "\n".join(parts)


def environment_section(environment: Environment) -> str:
    now = environment.current_time
    lines = [f"Now: {now:%Y-%m-%d %H:%M} {environment.timezone}"]
    if environment.location:
        lines.append(f"Location: {environment.location}")
    for key in sorted(environment.external_data):
        lines.append(f"{key}: {value_text(environment.external_data[key])}")
    return "## Environment\n" + "\n".join(lines)


def fact_line(fact: Fact, text: str, show_metadata: bool) -> str:
    """One fact as a bullet; `text` is the value after hygiene."""
    return _fact_line(
        fact.key,
        text,
        fact.needs_review,
        # the members themselves: string enums, read as their values without a lookup
        fact.constraint_type if fact.is_constraint and fact.constraint_type else None,
        show_metadata and fact.supersedes is not None,
        fact.source.authority if show_metadata else None,
        # its text: a member is an object the collector follows, and with one the key of
        # every line cached would be followed too
        fact.scope.value if show_metadata else "global",
    )


@memoized(65536)
def _fact_line(
    label: str,
    text: str,
    needs_review: bool,
    constraint: str | None,
    replaces: bool,
    authority: str | None,
    scope: str,
) -> str:
    """The same fact renders the same line in every context: each is built once."""
    if needs_review:
        return (
            f"- {label}: NEEDS RECALCULATION (an input it was derived from changed;"
            " do not rely on its earlier figures)"
        )
    line = f"- {label}: {text}"
    if constraint:
        line = f"- [{constraint.upper()} CONSTRAINT] {label}: {text}"
    notes = []
    if replaces:
        notes.append("current; replaces an earlier value")
    if authority:
        notes.append(f"source authority: {authority}")
    if scope != "global":
        notes.append(f"scope: {scope}")
    if notes:
        line += f" ({'; '.join(notes)})"
    return line


def conflict_line(group: Sequence[tuple[Fact, str]]) -> str:
    """Statements of equal authorities that cannot both hold, side by side."""
    said = [
        f'{fact.source.speaker} ({fact.source.authority or "unknown authority"}) says "{text}"'
        f" [{fact.key}]"
        for fact, text in group
    ]
    return "- conflicting: " + "; ".join(said)


def item_line(item: WorkingSetItem) -> str:
    return f"- {item.key}: {value_text(item.value)}"


def turn_line(turn: Turn, text: str) -> str:
    return f"- {turn.speaker}: {text}"


def recalled_line(turn: Turn, text: str) -> str:
    """A past turn, dated and attributed: it is evidence of what was said then, and its
    "yesterday" or "last week" is said of that day."""
    return f"- {turn.timestamp:%Y-%m-%d}, {turn.speaker}: {anchored(text, turn.timestamp.date())}"


FACTS_HEADER = "## Current facts"
CONFLICTS_HEADER = (
    "## Unresolved conflicts (equal authorities disagree; neither overrides the other)"
)
CONSTRAINTS_HEADER = "## Constraints (must be respected)"
WORKING_HEADER = "## Working set"
KNOWLEDGE_HEADER = "## Organizational knowledge (from documents)"

TURNS_HEADER = "## Recent turns"
RECALLED_HEADER = "## Earlier in the conversation (what was said then; current facts above prevail)"


def capability_header(capability: str) -> str:
    return f"## Capability memory: {capability} (lessons learned doing this work)"


def withheld_line(count: int) -> str:
    noun = "fact is" if count == 1 else "facts are"
    return f"## Withheld\n{count} {noun} restricted for this user and not shown; do not speculate about them."
