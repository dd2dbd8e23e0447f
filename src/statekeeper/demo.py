"""A guided replay of one working day at an online outfitter, on an embedded SQLite file.

It shows what statekeeper does on every turn: an address changes in plain words, an order
approved emphatically is cancelled once, an intern proposes a discount above the CFO's
policy, a hypothetical stays hypothetical, a flash sale expires, the returns desk learns
over three tasks and consolidates what it learned, and a finance document reaches a
manager's context and never an intern's. At each question the assembled context is
printed, with what was left out and why.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from statekeeper.engine import Engine, Session
from statekeeper.errors import AuthorityError
from statekeeper.model import ACT_FOR_OTHERS, Principal, Scope, Source, SourceType


class DemoClock:
    """The demo's own time, so every run prints the same contexts."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 9, 0)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def run(path: Path, console: Console | None = None, budget: int = 600) -> None:
    console = console or Console()
    for leftover in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        leftover.unlink(missing_ok=True)
    clock = DemoClock()
    engine = Engine.open(path, clock=clock)
    dana = Principal(
        org="northwind",
        org_name="Northwind Outfitters",
        user="dana",
        name="Dana Reyes",
        authority="Operations Manager",
        department="Operations",
    )
    intern = Principal(
        org="northwind",
        org_name="Northwind Outfitters",
        user="sam",
        name="Sam Lee",
        authority="intern",
    )
    ops = engine.session(dana, task_id="order-4512")
    # The policy and signal feeds write for the people and systems they relay.
    feeds = engine.session(
        Principal(org="northwind", user="feeds", permissions=frozenset({ACT_FOR_OTHERS}))
    )

    def say(text: str, who: Session = ops) -> None:
        clock.advance(minutes=2)
        who.observe(who.principal.name or who.principal.user, text)
        console.print(f"[bold cyan]{who.principal.name}:[/] {text}")

    def ask(question: str, session: Session = ops) -> None:
        clock.advance(minutes=1)
        context = session.context(question, budget=budget)
        console.print(
            Panel(
                Text(context.text),
                title=f"context for: {question}",
                subtitle=f"{context.tokens}/{context.budget} tokens",
            )
        )
        if context.omitted:
            table = Table("left out", "why", box=None)
            for omission in context.omitted:
                table.add_row(Text(omission.fact_id or omission.detail), Text(omission.reason))
            console.print(table)

    console.rule("Morning: the facts of the day")
    feeds.write(
        "discount_policy",
        "Discounts above 12% need the CFO's written approval",
        source=Source(type=SourceType.POLICY, authority="executive", speaker="CFO Priya Shah"),
    )
    feeds.write(
        "flash_sale",
        "20% off all rain jackets until 11:00",
        ttl=timedelta(hours=2),
        source=Source(type=SourceType.SYSTEM, authority="policy", origin="environment"),
    )
    ops.write("shipping_address", "123 Main St, Springfield")
    say("Please ship order #4512 to 123 Main St, Springfield.")
    ops.write("order_4512_status", "approved")
    say("Order #4512 is approved. Approved! Yes, definitely approved, go ahead.")
    ask("Where should order #4512 ship, and can it go out today?")

    console.rule("The customer moves, then cancels")
    say("Actually, the customer moved: change the shipping address to 456 Oak Ave, Riverside.")
    say("The customer just called back: cancel order #4512.")
    ask("Should we still ship order #4512?")

    console.rule("An intern proposes a discount above policy")
    sam = engine.session(intern, task_id="order-4512")
    try:
        sam.write(
            "discount_policy",
            "Offer 25% off to make up for the trouble",
            supersedes="discount_policy",
        )
    except AuthorityError as refused:
        console.print(f"[yellow]refused:[/] {refused}")
    ask("Can we offer the customer 25% off?", sam)

    console.rule("A hypothetical stays hypothetical")
    say("What if we gave everyone free shipping this month? Rough numbers only.")
    ops.write("free_shipping", "Free shipping on every order this month", scope=Scope.HYPOTHETICAL)
    say("Anyway, back to order #4512.")
    ask("What is our shipping policy for order #4512?")

    console.rule("Three hours later: the flash sale has ended")
    clock.advance(hours=3)
    ask("Can the customer still get the rain jacket flash sale price?")

    console.rule("The returns desk learns over three tasks, then consolidates")
    for task, event in enumerate(
        (
            "Refund of order #3310 stalled: the return label was never scanned by the carrier",
            "Refund of order #3388 stalled: the carrier never scanned the return label",
            "Refund of order #3402 stalled: the return label was not scanned at drop-off",
        )
    ):
        junior = engine.session(dana, task_id=f"return-{task}", capability="returns")
        junior.learn(event)
        console.print(f"[dim]task return-{task}:[/] learned {event!r}")
    try:
        junior.learn("Always refund before the label is scanned", level="strategy")
    except AuthorityError as refused:
        console.print(f"[yellow]refused:[/] {refused}")
    report = engine.consolidate(org="northwind", capability="returns")
    console.print(
        f"consolidation: {len(report.clusters)} cluster, {report.heuristics_written} "
        f"heuristic written, {report.events_merged} events merged"
    )
    returns = engine.session(dana, task_id="return-4", capability="returns")
    ask("A refund is stuck, what should I check?", returns)

    console.rule("A document one person may read, and another may not")
    feeds.add_document(
        "margins-2026",
        "Rain jacket margin is 41%; the floor for any discount is a 30% margin.",
        source="finance handbook",
        acl=["authority:manager"],
    )
    ask("What margin do rain jackets carry?", ops)
    ask("What margin do rain jackets carry?", sam)

    console.rule("The audit trail keeps every version")
    for fact in ops.history("shipping_address"):
        state = "current" if fact.is_valid else (fact.invalid_reason or "superseded")
        console.print(f"{fact.timestamp:%H:%M}  {fact.value}  [dim]{state}[/]")
    engine.close()
