"""The specification's context algorithm: identity, environment, ranked facts up to their
share of the budget, then the working set with what remains. The budget always holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from statekeeper.context import format as fmt
from statekeeper.context.tokens import Tokenizer
from statekeeper.errors import BudgetTooSmallError
from statekeeper.model import Context, Fact, Omission, Turn, WorkingSetItem

SEPARATOR = "\n\n"


@dataclass(frozen=True)
class Layers:
    """Everything a context may hold, already filtered, ranked and cleaned."""

    identity: str
    environment: str
    constraints: Sequence[tuple[Fact, str]] = ()
    # live statements of equal authorities that conflict, one group per dispute
    conflicts: Sequence[Sequence[tuple[Fact, str]]] = ()
    facts: Sequence[tuple[Fact, str]] = ()
    workspace: str = ""  # the current task's workspace, rendered and cleaned
    items: Sequence[WorkingSetItem] = ()
    turns: Sequence[tuple[Turn, str]] = ()  # oldest first
    recalled: Sequence[tuple[Turn, str]] = ()  # past turns, best match first
    # chunks of documents the reader may read, best match first: (omission detail, line)
    knowledge: Sequence[tuple[str, str]] = ()
    # the capability's lessons, in the order to keep them: (omission detail, line)
    lessons: Sequence[tuple[str, str]] = ()
    capability: str = ""
    withheld: int = 0
    omitted: Sequence[Omission] = field(default_factory=tuple)


@dataclass
class _Packer:
    tokenizer: Tokenizer
    limit: int
    used: int = 0

    def cost(self, text: str) -> int:
        """A line's tokens with the line break that follows it, counted as the whole text's
        count will split it, so that count finds every line already counted."""
        return self.tokenizer.count(text + "\n")

    def take(self, text: str, limit: int | None = None) -> bool:
        cost = self.cost(text)
        if self.used + cost > (self.limit if limit is None else limit):
            return False
        self.used += cost
        return True


def assemble(
    layers: Layers,
    budget: int,
    tokenizer: Tokenizer,
    fact_share: float = 0.7,
    show_metadata: bool = True,
    recall_share: float = 0.0,
    knowledge_share: float = 0.0,
    capability_share: float = 0.0,
) -> Context:
    """`recall_share` is the most of the budget recalled turns may take, from what facts
    and the working set leave; `knowledge_share` the most document chunks may take, from
    what facts and the working set leave, before recalled turns; `capability_share` the
    most the capability's lessons may take, before document chunks."""
    identity_tokens = tokenizer.count(layers.identity)
    if identity_tokens > budget:
        raise BudgetTooSmallError(budget, identity_tokens)
    omitted = list(layers.omitted)
    packer = _Packer(tokenizer, budget, identity_tokens)
    sections: list[list[str]] = [[layers.identity]]

    environment = layers.environment
    if not packer.take(environment):
        environment = tokenizer.truncate(environment, max(budget - packer.used - 2, 0))
        packer.take(environment)
    if environment:
        sections.append([environment])

    fact_limit = packer.used + int((budget - packer.used) * fact_share)
    included: list[str] = []

    # Each entry is a line and the facts it shows: one fact, or a group in conflict.
    def one_each(group: Sequence[tuple[Fact, str]]) -> list[tuple[list[Fact], str]]:
        return [([f], fmt.fact_line(f, text, show_metadata)) for f, text in group]

    conflicts = [([f for f, _ in group], fmt.conflict_line(group)) for group in layers.conflicts]
    for header, entries in (
        (fmt.CONSTRAINTS_HEADER, one_each(layers.constraints)),
        (fmt.CONFLICTS_HEADER, conflicts),
        (fmt.FACTS_HEADER, one_each(layers.facts)),
    ):
        lines = _pack_lines(header, entries, packer, fact_limit, included, omitted)
        if lines:
            sections.append(lines)
    if layers.withheld:
        line = fmt.withheld_line(layers.withheld)
        if packer.take(line):
            sections.append([line])

    working = _pack_working_set(layers, packer, omitted)
    lessons_limit = min(budget, packer.used + int(budget * capability_share))
    header = fmt.capability_header(layers.capability)
    lessons = _pack_knowledge(layers.lessons, packer, lessons_limit, omitted, header)
    knowledge_limit = min(budget, packer.used + int(budget * knowledge_share))
    knowledge = _pack_knowledge(layers.knowledge, packer, knowledge_limit, omitted)
    recall_limit = min(budget, packer.used + int(budget * recall_share))
    recalled = _pack_recalled(layers.recalled, packer, recall_limit, omitted)
    sections += [lines for lines in (lessons, knowledge, recalled, working) if lines]

    text, tokens = _fit(SEPARATOR.join("\n".join(lines) for lines in sections), budget, tokenizer)
    return Context(
        text=text,
        tokens=tokens,
        budget=budget,
        included=tuple(included),
        omitted=tuple(omitted),
        withheld=layers.withheld,
    )


def _pack_lines(
    header: str,
    entries: Sequence[tuple[Sequence[Fact], str]],
    packer: _Packer,
    limit: int,
    included: list[str],
    omitted: list[Omission],
) -> list[str]:
    """A section's lines, in order, while they fit; what does not fit is omitted."""
    lines: list[str] = []
    for shown, line in entries:
        needed = line if lines else f"{header}\n{line}"
        if packer.take(needed, limit):
            lines.append(line)
            included.extend(fact.id for fact in shown)
        else:
            omitted.extend(
                Omission(reason="budget", fact_id=fact.id, detail=fact.key) for fact in shown
            )
    return [header, *lines] if lines else []


def _pack_working_set(layers: Layers, packer: _Packer, omitted: list[Omission]) -> list[str]:
    lines: list[str] = []
    for line in [*layers.workspace.splitlines(), *(fmt.item_line(i) for i in layers.items)]:
        needed = line if lines else f"{fmt.WORKING_HEADER}\n{line}"
        if packer.take(needed):
            lines += [line] if lines else [fmt.WORKING_HEADER, line]
        else:
            omitted.append(Omission(reason="budget", detail=f"working set: {line[:40]}"))
    # Newest turns matter most: take them newest first, show them oldest first.
    taken: list[str] = []
    for turn, text in reversed(layers.turns):
        line = fmt.turn_line(turn, text)
        needed = line if taken else f"{fmt.TURNS_HEADER}\n{line}"
        if not packer.take(needed):
            omitted.append(Omission(reason="budget", detail=f"turn {turn.index}"))
            break
        taken.append(line)
    if taken:
        if lines:
            lines.append("")
        lines += [fmt.TURNS_HEADER, *reversed(taken)]
    return lines


def _pack_recalled(
    recalled: Sequence[tuple[Turn, str]], packer: _Packer, limit: int, omitted: list[Omission]
) -> list[str]:
    """The best matches while they fit, shown in the order they were said. Once what is
    left cannot hold even a line's date and speaker, no later turn is formatted to try."""
    taken: list[tuple[Turn, str]] = []
    for n, (turn, text) in enumerate(recalled):
        if packer.used + packer.cost(fmt.recalled_line(turn, "")) > limit:
            omitted.extend(_budget_omission(t) for t, _ in recalled[n:])
            break
        line = fmt.recalled_line(turn, text)
        if packer.take(line if taken else f"{fmt.RECALLED_HEADER}\n{line}", limit):
            taken.append((turn, line))
        else:
            omitted.append(_budget_omission(turn))
    taken.sort(key=lambda pair: (pair[0].timestamp, pair[0].index))
    return [fmt.RECALLED_HEADER, *(line for _, line in taken)] if taken else []


def _budget_omission(turn: Turn) -> Omission:
    return Omission(reason="budget", detail=f"recalled turn {turn.index}")


def _pack_knowledge(
    chunks: Sequence[tuple[str, str]],
    packer: _Packer,
    limit: int,
    omitted: list[Omission],
    header: str = fmt.KNOWLEDGE_HEADER,
) -> list[str]:
    """The best chunks (or lessons) while they fit, best first; one too long for what is
    left is passed over for shorter ones after it."""
    lines: list[str] = []
    for detail, line in chunks:
        if packer.take(line if lines else f"{header}\n{line}", limit):
            lines.append(line)
        else:
            omitted.append(Omission(reason="budget", detail=detail))
    return [header, *lines] if lines else []


def _fit(text: str, budget: int, tokenizer: Tokenizer) -> tuple[str, int]:
    """Per-line counts can differ from the joined text's by a token; drop lines until the
    exact count of the whole text fits. Returns the text and that exact count."""
    tokens = tokenizer.count(text)
    while tokens > budget:
        head, _, _ = text.rpartition("\n")
        text = head.rstrip() if head else tokenizer.truncate(text, budget)
        tokens = tokenizer.count(text)
    return text, tokens
