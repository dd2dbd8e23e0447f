"""Who a context is for: someone outside (a reply to a client, a public report), who is
shown nothing said for us only, or ourselves, who are shown all of it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.cues import found
from statekeeper.model import INTERNAL

EXTERNAL = "external"
AUDIENCES = (INTERNAL, EXTERNAL)


# Whom a restriction lets know, by name: "between me and Rita", "Bethan only", "stays with
# me and Lena", "goes no further than Omar", "nobody but Ines".
_ALLOWED = re.compile(
    r"\bbetween (?:me|us|you),? (?:and|n|&) (?:the )?([A-Z][\w'-]+)"
    r"|\b([A-Z][a-z][\w'-]+) only\b"
    r"|\bstays? with (?:me |you )?(?:and )?([A-Z][\w'-]+)"
    r"|\b(?i:no further than|(?:nobody|no one|no-one) (?:but|except|besides|other than))"
    r" (?:me,? (?:and )?|us,? (?:and )?)?([A-Z][\w'-]+)"
)
_CAPITALIZED = re.compile(r"\b[A-Z][a-z][\w'-]*")


def asked_by_allowed(query: str, notes: Sequence[str]) -> bool:
    """Whether the one a query opens with, who asks or is to be told, is someone a note of
    what was said for us only lets know by name: "Rita's doing the accounts. What do I
    tell her?" after "keep this between me and Rita"."""
    allowed = {
        name for note in notes for m in _ALLOWED.finditer(note) for name in m.groups() if name
    }
    asking = _CAPITALIZED.match(query.strip())  # the one the query opens with
    if asking is not None and asking.group(0).removesuffix("'s") in allowed:
        return True
    role = _ROLE.match(query.strip())  # "Ana Ruiz, the duty nurse, ...": by the role given
    return role is not None and any(_allows_role(note, role.group("role")) for note in notes)


# The one a query opens with, and the role it gives them: "Aoife Byrne, the duty nurse on
# nights, ...", "Dr Sen, our vet, ..."
_ROLE = re.compile(
    r"(?:(?:Dr|Mr|Mrs|Ms|Prof)\.? )?[A-Z][\w'-]+(?: [A-Z][\w'-]+){0,2},\s+(?:the|our|their)\s+"
    r"(?P<role>[a-z][\w-]*(?: [a-z][\w-]*){0,3}?)(?=\s+(?:on|at|for|from|who|this|today)\b|,)"
)


def _allows_role(note: str, role: str) -> bool:
    """Whether a note lets those of a role know: "for the duty nurse only", "nobody but the
    site foreman", "no one beyond the registrar and the duty nurse"."""
    return (
        re.search(
            r"(?i)(?:(?<!not )\bfor|\boutside|\bbeyond|\bbut|\bexcept|\bthan|\bwith)\s+"
            r"(?:(?:me|us|you),? and\s+)?(?:the |our )?(?:[\w-]+(?: [\w-]+)?,? (?:and|&) (?:the |our )?)?"
            + re.escape(role)
            + r"s?\b",
            note,
        )
        is not None
    )


def audience_of(query: str) -> str:
    """Whom a query's answer is for: outside (a reply, a public text) or ourselves."""
    if found("internal_audience", query):
        return INTERNAL
    return EXTERNAL if found("external_audience", query) else INTERNAL
