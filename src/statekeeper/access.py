"""Authority ladder and the read and supersede checks built on it.

The ladder is configurable per deployment. Job titles are common in identity data, so a
title that is not a rung is placed by the words it contains ("Vendor Manager" ranks as a
manager, "VP of Sales" as an executive).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from statekeeper.errors import PrincipalError
from statekeeper.model import INTERNAL, Fact, MemoryType, Principal, SourceType

DEFAULT_RUNGS: tuple[str, ...] = ("guest", "subordinate", "peer", "manager", "executive", "policy")

DEFAULT_ALIASES: Mapping[str, str] = {
    "unverified": "guest",
    "anonymous": "guest",
    "external": "guest",
    "intern": "subordinate",
    "junior": "subordinate",
    "trainee": "subordinate",
    "contractor": "subordinate",
    "employee": "peer",
    "staff": "peer",
    "user": "peer",
    "member": "peer",
    "colleague": "peer",
    "analyst": "peer",
    "engineer": "peer",
    "specialist": "peer",
    "associate": "peer",
    "coordinator": "peer",
    "lead": "manager",
    "supervisor": "manager",
    "admin": "manager",
    "director": "executive",
    "vp": "executive",
    "svp": "executive",
    "evp": "executive",
    "head": "executive",
    "chief": "executive",
    "ceo": "executive",
    "cfo": "executive",
    "cto": "executive",
    "coo": "executive",
    "ciso": "executive",
    "president": "executive",
    "partner": "executive",
    "owner": "executive",
    "board": "policy",
    "system": "policy",
    "compliance": "policy",
    "regulation": "policy",
    "legal": "policy",
    "administrator": "manager",
    "officer": "peer",
    "liaison": "peer",
    "representative": "peer",
    "rep": "peer",
    "scribe": "peer",
    "assistant": "subordinate",
    "secretary": "subordinate",
    "clerk": "subordinate",
    "apprentice": "subordinate",
}

_WORD = re.compile(r"[a-z]+")
# A title's head comes before its complement: "Head of Sales", "Assistant to the CEO".
_COMPLEMENT = re.compile(r"\b(?:of|to|for|at|in|on|with|from)\b|,")
# Words before a head that move it: a chief officer leads, a deputy director does not.
_RAISING = frozenset({"chief"})
_LOWERING = frozenset({"assistant", "associate", "deputy", "junior", "vice", "sub", "under"})


@dataclass(frozen=True)
class AuthorityLadder:
    """Ordered authority levels, lowest first, with aliases and title words mapped onto them."""

    rungs: Sequence[str] = DEFAULT_RUNGS
    aliases: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_ALIASES))

    def __post_init__(self) -> None:
        if not self.rungs or len(set(self.rungs)) != len(self.rungs):
            raise PrincipalError("rungs", list(self.rungs), "must be non-empty and unique")
        unknown = {target for target in self.aliases.values() if target not in self.rungs}
        if unknown:
            raise PrincipalError("aliases", sorted(unknown), "alias targets must be rungs")

    def rung(self, authority: str) -> str | None:
        """The rung an authority or title stands on, or None when nothing in it is known.

        A title ranks by its head, the last word before any complement ("Legal intern" is
        an intern, "System Administrator" an administrator, "Head of Sales" a head): the
        words that modify it say of what, not how high. A modifier of rank moves the head
        one rung ("Deputy Director", "Chief Compliance Officer"). A head the ladder does
        not know ranks as the lowest word it does know in the title."""
        name = authority.strip().lower()
        if name in self.rungs:
            return name
        if name in self.aliases:
            return self.aliases[name]
        if "vice president" in name:
            return self._word_rung("vp")
        words = _WORD.findall(_COMPLEMENT.split(name, maxsplit=1)[0]) or _WORD.findall(name)
        if not words:
            return None
        head, modifiers = self._word_rung(words[-1]), set(words[:-1])
        if head is None:
            known = [r for r in map(self._word_rung, _WORD.findall(name)) if r is not None]
            return min(known, key=self.rungs.index) if known else None
        rank = self.rungs.index(head)
        raising = [r for r in map(self._word_rung, modifiers & _RAISING) if r is not None]
        if raising:
            rank = max(rank, *map(self.rungs.index, raising))
        elif modifiers & _LOWERING:
            rank = max(rank - 1, 0)
        return self.rungs[rank]

    def _word_rung(self, word: str) -> str | None:
        if word in self.rungs:
            return word
        return self.aliases.get(word)

    def rank(self, authority: str) -> int:
        rung = self.rung(authority)
        if rung is None:
            raise PrincipalError("authority", authority, f"not on the ladder {list(self.rungs)}")
        return self.rungs.index(rung)

    def rank_or(self, authority: str | None, default: int) -> int:
        if authority is None:
            return default
        rung = self.rung(authority)
        return default if rung is None else self.rungs.index(rung)


@dataclass(frozen=True)
class Access:
    """Decides what a principal may read and override; asked at query time, never cached."""

    ladder: AuthorityLadder = field(default_factory=AuthorityLadder)

    def can_read(self, principal: Principal, fact: Fact, external: bool = False) -> bool:
        """Whether a principal may see a fact; with `external`, for a text written to
        someone outside, which leaves out what was said for us only."""
        if fact.org != principal.org:
            return False
        if fact.user not in ("", principal.user):
            return False
        if fact.capability not in ("", principal.capability):
            return False
        held = principal.permissions - {INTERNAL} if external else principal.permissions | {INTERNAL}
        if fact.required_permissions - held:
            return False
        if fact.required_authority is not None:
            needed = self.ladder.rank_or(fact.required_authority, len(self.ladder.rungs))
            return self.ladder.rank(principal.authority) >= needed
        return True

    def source_rank(self, fact: Fact) -> int:
        """The authority a fact was set with; unknown sources count as peers."""
        peer = self.ladder.rungs.index("peer") if "peer" in self.ladder.rungs else 0
        return self.ladder.rank_or(fact.source.authority, peer)

    def can_supersede(self, writer_authority: str, holder: Fact, strict: bool = True) -> bool:
        """A lower authority never overrides a higher one; equal or higher may.

        With `strict=False` (corrections read from conversation) the rule guards what binds:
        policies, constraints and organizational knowledge, and anything against a writer
        below peer level. A peer may still correct a senior colleague's plain statement of
        fact when the conversation shows it was wrong, and an outsider how to reach them."""
        peer = self.ladder.rungs.index("peer") if "peer" in self.ladder.rungs else 0
        writer = self.ladder.rank_or(writer_authority, peer)
        if writer >= self.source_rank(holder):
            return True
        if strict or binding(holder):
            return False
        return writer >= peer or (self.outsider(writer_authority) and personal_detail(holder))

    def outsider(self, authority: str) -> bool:
        """Whether an authority is the lowest rung's: someone the records are about (a
        customer, a patient, a guest), not staff who keep them."""
        return self.ladder.rank_or(authority, -1) == 0


# The words of a key that records how to reach the person it is kept for, and nothing
# else: "customer_email", "home_phone", "shipping_address" (never "support_email").
_CONTACT_HEADS = frozenset({"email", "mail", "phone", "mobile", "cell", "telephone", "address"})
_CONTACT_WORDS = _CONTACT_HEADS | frozenset(
    """customer client guest patient member caller account holder user my own personal
    primary preferred main home work alternate backup secondary current new contact number e
    shipping billing delivery mailing postal street""".split()
)


def personal_detail(fact: Fact) -> bool:
    """Whether a fact is how to reach the person it is kept for. Such a detail is theirs
    to correct, whoever recorded it: a customer's new e-mail replaces the one on file."""
    words = set(re.findall(r"[a-z]+", fact.key.lower()))
    return bool(words & _CONTACT_HEADS) and words <= _CONTACT_WORDS


def binding(fact: Fact) -> bool:
    """Facts whose authority matters more than their recency."""
    return (
        fact.is_constraint
        or fact.source.type == SourceType.POLICY
        or fact.memory_type == MemoryType.ORGANIZATIONAL
    )


def permissions(values: Iterable[str]) -> frozenset[str]:
    return frozenset(v.strip() for v in values if v and v.strip())
