"""Contact details a turn gives, as a pure function: a phone number, an e-mail address or a
street address stated for us ("Phone number: 555-0134", "ship it to 48 Cedar St", "my
email is ..."), each under a key its role names ("shipping_address", "work_email").

A detail is a thing a person or a place has one of, so stating one is recording it,
whatever verb carries it. Only sentences that report something of ours count: a question,
a condition, a story of the past, someone else's own affair or wish records nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import table
from statekeeper.text.values import typed_values

DETAIL_KINDS = ("phone", "email", "address")
# The roles a detail may have, by its kind: an e-mail is never shipped to.
_ROLES = {
    "address": ("shipping", "billing", "work", "home"),
    "phone": ("billing", "work", "home"),
    "email": ("billing", "work"),
}


@dataclass(frozen=True)
class Detail:
    key: str
    value: str


def details(turn: str) -> list[Detail]:
    """The contact details a turn states for us, each once, in the order said."""
    found: dict[str, Detail] = {}
    for sentence in sentences(turn):
        if not sentence.reports or sentence.wanted:
            continue
        for value in typed_values(sentence.text):
            if value.kind in DETAIL_KINDS and value.text not in found:
                words = sentence.text[: value.start].lower()
                key = _key(value.kind, words)
                if key == value.kind and table("someone_else").search(words):
                    continue  # "my brother lives at ...": his, with no role of ours
                if table("past_detail").search(words[-60:]):
                    continue  # "my old number was ...": a detail of the past
                found[value.text] = Detail(key, value.text)
    return list(found.values())


def _key(kind: str, before: str) -> str:
    """A detail's key: its kind, after the role the words before it give, nearest first."""
    best: tuple[int, str] | None = None
    for role in _ROLES[kind]:
        for hit in table(f"role_{role}").finditer(before):
            if best is None or hit.start() > best[0]:
                best = (hit.start(), role)
    return f"{best[1]}_{kind}" if best else kind
