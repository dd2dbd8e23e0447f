"""Words a turn passes on from someone it names by their standing: "Noor (intern) told the
caller: '...'", "our new hire Ben says ...", "Per the temp, ...". Who they are said to be,
and where their words run, as pure functions; whether their word counts against what it
would replace is for the caller to weigh, with the ladder of authority it keeps.

Only words passed on are read here: the role has to be said with the name (in parentheses,
in apposition, or before it) and a verb of saying or a quotation has to follow, so that a
name with a note beside it ("the annex (new wing) opens at 9") passes nothing on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from statekeeper.access import AuthorityLadder
from statekeeper.conversation.clauses import sentences
from statekeeper.conversation.cues import found, table


@dataclass(frozen=True)
class Relayed:
    """What `role` (the words that say who said it) said: the turn's text from `start` to
    `end`."""

    role: str
    start: int
    end: int


_NAME = r"[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?"
_DETERMINER = r"(?i:our|the|a|an|my|their|one of (?:our|the|my))"
_ROLE = r"(?:[a-z0-9][\w'’-]*\s+){0,3}?[a-z][\w'’-]*"
# Who said it, by name and role: "Noor (pharmacy intern)", "Ben, our new hire,", "our new
# hire Ben", and by role alone where a clause opens: "the temp", "a trainee".
_ATTRIBUTIONS = (
    re.compile(rf"\b{_NAME}\s*\((?P<role>[^()]{{1,60}})\)"),
    re.compile(rf"\b{_NAME},\s+(?P<role>{_DETERMINER}\s+{_ROLE}),"),
    re.compile(rf"(?P<role>\b{_DETERMINER}\s+{_ROLE})\s+{_NAME}\b"),
    re.compile(
        rf"(?:^|(?<=[,;:(]\s)|(?<=[,;:(])|\b(?i:per|according to)\s+)(?P<role>{_DETERMINER}\s+{_ROLE})\b"
    ),
)
_PER = re.compile(r"\b(?i:per|according to)\s+$")
_CLOSING = {'"': r'"', "“": "”", "‘": r"’(?!\w)", "'": r"'(?!\w)"}


def relayed(turn: str) -> list[Relayed]:
    """The words a turn passes on from someone named with their role, each once, in the
    order they come."""
    found_at: dict[int, Relayed] = {}
    taken: list[tuple[int, int]] = []
    for pattern in _ATTRIBUTIONS:
        for match in pattern.finditer(turn):
            if any(a <= match.start() < b for a, b in taken):
                continue  # the role of a name already read ("our new hire Ben")
            start = _said_from(turn, match)
            if start is None or start in found_at:
                continue
            taken.append(match.span())
            found_at[start] = Relayed(match.group("role").strip(), start, _said_to(turn, start))
    return [found_at[k] for k in sorted(found_at)]


# Someone other than us before a verb of saying, in their clause: "jannik on the weighbridge
# says", "the applicant says Kyle told her".
_CLAUSE_OPEN = re.compile(r"(?:^|[.;:!?\n]\s*|,\s+(?:and|but|so)\s+|\b(?:and|but)\s+)")
_OURS = re.compile(r"^\W*(?:i|we|you|me|us)\b", re.I)
_WHO_WORDS = 12  # longer, the words before the verb are no one's name and standing
# Whom it was told: "told her", "told the caller", "told his parents", "told the new
# tenants that".
_TO_WHOM = re.compile(
    r"\s*(?:(?:her|him|them|us|me|you|(?:the|his|her|their|our|my)\s+(?:\w+\s+)?\w+)\s+"
    r"(?=(?:that|the|a|an|it|we|they|he|she|you|our|their|his|her|its|this|these|those)\b))?"
    r"(?:that\s+)?",
    re.I,
)


def said_by_others(turn: str) -> list[Relayed]:
    """The words a turn passes on from anyone other than us, named or not: what follows a
    verb of saying whose subject, from its clause's start, is not the speaker's party
    ("jannik says we can take up to 16%", "Kyle at the counter told her the fee is $465")."""
    found: list[Relayed] = []
    for verb in table("relays").finditer(turn.lower()):
        opened = [m.end() for m in _CLAUSE_OPEN.finditer(turn, 0, verb.start())]
        who = turn[opened[-1] if opened else 0 : verb.start()].strip(" ,")
        if not who or _OURS.match(who) or len(who.split()) > _WHO_WORDS:
            continue
        start = verb.end() + _TO_WHOM.match(turn, verb.end()).end() - verb.end()  # type: ignore[union-attr]
        if not any(a <= start < b for _, a, b in ((f.role, f.start, f.end) for f in found)):
            found.append(Relayed(who, start, _said_to(turn, start)))
    return found


# A message passed on with its author: "Message from Ines on the parents' chat: '...'",
# "Tom texted: '...'". Its "I" and "my" are the author's.
_MESSAGE_FROM = re.compile(
    rf"\b(?i:message|note|text|e-?mail|voicemail|voice note|reply|dm)\s+from\s+(?P<who>{_NAME})"
    rf"[^:\n]{{0,60}}?:\s*(?=[\"“‘'])"
    rf"|\b(?P<author>{_NAME})\s+(?i:wrote|writes|texted|emailed|e-mailed|messaged|says|said)"
    rf"(?:\s+(?i:to us|to me|this))?\s*:\s*(?=[\"“‘'])"
)


def messages_from_others(turn: str) -> list[Relayed]:
    """The messages a turn quotes with their author's name ("Message from Ines: '...'"),
    each with the author as its `role`: first person inside one is the author, not us."""
    out = []
    for match in _MESSAGE_FROM.finditer(turn):
        who = match.group("who") or match.group("author")
        out.append(Relayed(who, match.end(), _said_to(turn, match.end())))
    return out


def _said_from(turn: str, match: re.Match[str]) -> int | None:
    """Where the words passed on start after who said them: past a verb of saying ("says",
    "told the caller"), a colon before a quotation, or the comma after "per the temp"."""
    rest = turn[match.end() :]
    lowered = rest.lower()
    if _PER.search(turn[: match.start("role")]):
        comma = re.match(r"\s*,\s*", rest)
        return match.end() + comma.end() if comma else None
    colon = re.match(r"\s*(?:again\s*)?:\s*(?=[\"“‘'])", rest)
    if colon:
        return match.end() + colon.end()
    lead = re.match(r"[\s,]*", lowered)
    verb = table("relays").match(lowered, lead.end() if lead else 0)
    return match.end() + verb.end() if verb else None


def _said_to(turn: str, start: int) -> int:
    """Where words passed on end: at the close of the quotation they open with (across
    sentences), or else at the end of their sentence."""
    quote = re.compile(r"[^\"“‘']{0,60}?:?\s*(?P<mark>[\"“‘'])").match(turn, start)
    if quote and not re.search(r"[.!?]", quote.group(0)):
        mark = quote.group("mark")
        closing = re.compile(_CLOSING[mark]).search(turn, quote.end())
        return closing.start() if closing else len(turn)
    for sentence in sentences(turn):
        if sentence.start <= start < sentence.start + len(sentence.text):
            return sentence.start + len(sentence.text)
    return len(turn)


def standing(role: str, ladder: AuthorityLadder) -> int | None:
    """The rank a role is said to have: its title's rank on the ladder ("legal intern"),
    or the ladder's junior rung where words place them below the staff they work among
    ("new", "temp", "volunteer"), whichever is lower; None when nothing in it ranks."""
    title = re.sub(rf"^{_DETERMINER}\s+", "", role.split(",")[0].strip())
    ranks = [ladder.rank_or(title, -1)]
    if found("junior_standing", role):
        ranks.append(ladder.rank_or("junior", -1))
    known = [r for r in ranks if r >= 0]
    return min(known) if known else None
