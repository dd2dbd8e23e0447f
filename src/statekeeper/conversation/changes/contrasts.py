"""A sentence that names the old value a new one replaces ("2014, not 2017", "Dock 3
instead of Dock 7"), says it gave way ("Bay 2 flooded, so use Bay 5"), or gives a value
the fate of another ("Bay 5 too")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from statekeeper.conversation.changes.operations import Known
from statekeeper.conversation.changes.out_of_reach import out_of_use
from statekeeper.conversation.changes.wording import clause_start
from statekeeper.conversation.cues import found
from statekeeper.text.moments import names_day
from statekeeper.text.values import TypedValue, compatible, typed_values


def matches_named(named: str | None, old: Known) -> bool:
    """Whether the old value a turn names ("not 7743", "5:30" for "5:30pm") is, or is
    inside, this known value."""
    if not named:
        return False
    after = r"(?:\s?(?:am|pm)\b|(?!\w))" if old.value.kind == "time" else r"(?!\w)"
    # not inside another figure: "15" is not named in "7.15pm" or "2:15"
    inside = r"(?<![\w$])(?<!\d[.:,])"
    if re.search(rf"{inside}{re.escape(named)}{after}", old.value.text, re.I) is not None:
        return True
    return old.value.kind == "date" and names_day(named, old.value.text)




# "08/11 now, not 07/11", "Studio 3, and not Studio 1", "650 please, not 600", "the 4th
# mate, not the 5th": a word of address or a particle between changes nothing
_NOT_BETWEEN = re.compile(
    r"^[\s,]*(?:(?:now|then|though|this time|please|pls|mate|sir|ma'?am|boss|love|dear|bro|"
    r"guys|po|lah|la|na|yeah|yes|ok|okay)[\s,]+)?(?:and\s+|but\s+)?not\s*$",
    re.I,
)
# An aside in brackets that contrasts nothing: "Studio 3 (the big one), not Studio 1".
_ASIDE = re.compile(r"\((?![^)]*\b(?:not|instead|rather)\b)[^)]*\)")
# A repair between two values: the second takes the first's place ("5:30, sorry, 6:15").
_REPAIR_BETWEEN = re.compile(
    r"^[\s,;.-]*(?:sorry|i mean|i meant|or rather|rather|no|make that|scratch that|"
    r"(?:no,? )?wait|(?:no,? )?actually|hang on)[\s,;.-]*$",
    re.I,
)
# ... or takes its place: "bus 22 replaces bus 17", "Dr. Ito takes over from Dr. Lee".
_INSTEAD_OF = re.compile(
    r"^[\s,]*(?:instead\s+of|rather\s+than|in\s+place\s+of|replacing|replaces|"
    r"(?:will|is\s+going\s+to)\s+replace|is\s+replacing|takes\s+over\s+from|"
    r"takes\s+the\s+place\s+of|supersedes|stands\s+in\s+for|in\s+preference\s+to|"
    # "7 July works better for us than 30 June", "Hall B suits us better than Hall A"
    r"(?:works|would\s+work|is|would\s+be|suits\s+(?:us|me|them))\s+(?:much\s+|far\s+)?"
    r"better(?:\s+for\s+(?:us|me|them|everyone))?\s+than)\s*$",
    re.I,
)
# What a listener wrote down, then what it should be: "you wrote 15, it's 50", "you've put
# Flat 3, should be Flat 8". The listener's version is the old value.
_HEARD = re.compile(
    r"\byou(?:'ve| have)? (?:wrote|written|put(?: down)?|typed|keyed|entered|got|have|heard|"
    r"read|said|noted|logged|booked)(?: it as| down| in| as)?\s*$",
    re.I,
)
_HEARD_BETWEEN = re.compile(
    r"^[\s,;.-]*(?:but |when |and )?(?:it'?s|it is|it was|that'?s|should be|should read|"
    r"needs to be|it should be|it needs to be|(?:it'?s )?meant to be|i said|i meant)\s*$",
    re.I,
)
_ARROW = re.compile(r"^\s*(?:->|→|=>|to)\s*$", re.I)
# A consequence between two values of a kind: the first gives way to the second.
_SO_BETWEEN = re.compile(
    r"[\s,;]so\s+|\btherefore\b|\bwhich means\b|[,;]\s+(?:use|try|switch to|go with)\s"
    r"|(?:[,;]|\s[-–—])\s+(?:[\w']+\s+){0,3}$",  # the next clause opens with the new one
    re.I,
)
# What says a value shares the old one's fate rather than takes its place: "Bay 5 too".
_ALIKE = re.compile(r"\b(?:too|also|as well|either|neither)\b", re.I)


def contrasted(sentence: str, *, steps: bool = True) -> dict[str, str]:
    """New values whose sentence names the value they replace, as new key -> old text:
    "2014 not 2017", "Dock 3 instead of Dock 7", "from 10 to 12", "2 weeks -> 3 weeks".
    Without `steps`, only those that say the old one is wrong or set aside, not a step
    from one to the other (which may be a range: "from 3 March to 28 June")."""
    sentence = _ASIDE.sub(lambda m: " " * len(m.group(0)), sentence)  # offsets kept
    values = typed_values(sentence)
    pairs = {}
    for n, (a, b) in enumerate(zip(values, values[1:], strict=False)):
        between = sentence[a.end : b.start]
        if _NOT_BETWEEN.match(between) or _INSTEAD_OF.match(between):
            # the new value is the nearest before of the old one's kind: "BA 119 at 8pm
            # instead of BA 117" puts BA 119 in BA 117's place, not 8pm
            new = next((v for v in reversed(values[: n + 1]) if compatible(b, v)), a)
            pairs[new.key] = b.text
        elif _REPAIR_BETWEEN.match(between) or (
            _HEARD_BETWEEN.match(between) and _HEARD.search(sentence[: a.start])
        ):
            pairs[b.key] = a.text
        elif steps and _ARROW.match(between) and (
            between.strip() != "to" or sentence[: a.start].rstrip().lower().endswith("from")
        ):
            pairs[b.key] = a.text
    return pairs


# A sentence that only denies a value: "Is not 11 persons.", "It's not Tuesday.", "Not 4B."
_DENIAL = re.compile(
    r"^\W*(?:(?:no|nope|sorry),?\s+)?(?:(?:it|that|this|which)(?:'s|\s+is|\s+was)\s+|is\s+|it\s+)?"
    r"not\s+(?:the\s+)?(?P<old>[^,.;!?]{1,40}?)\W*$",
    re.I,
)


# A clause that opens a sentence by calling a value wrong: "the 14th was wrong, sorry".
_CALLED_WRONG = re.compile(
    r"^\W*(?P<old>[^,.;!?]{1,40}?)\s+(?:was|is|'s)\s+(?:wrong|a typo|a mistake|incorrect)\b",
    re.I,
)


def denied_before(lead: str, sentence: str) -> dict[str, str]:
    """The first value of a sentence that follows one only denying a value of its kind, or
    opening by calling it wrong, as new key -> old text: "Is not 11 persons. We are 13
    persons.", "The 14th was wrong, sorry. She's down for 24 May." """
    denial = _DENIAL.match(lead.strip()) or _CALLED_WRONG.match(lead.strip())
    if denial is None:
        return {}
    denied = typed_values(denial.group("old"))
    if len(denied) != 1:
        return {}
    new = next((v for v in typed_values(sentence) if compatible(denied[0], v)), None)
    return {new.key: denied[0].text} if new is not None else {}


def gave_way(sentence: str, known: Sequence[Known]) -> dict[str, str]:
    """New values that follow a known value of their kind, said to be out of reach, across
    a consequence or opening the next clause, as new key -> old text: "Bay 2 flooded, so
    use Bay 5", "Dr. Lee is on leave, so Dr. Ito chairs", "Thursday's out, Friday works".
    A consequence alone is no replacement ("the budget is $900, so two tents at $300" keeps
    the budget), nor a value that fares alike ("Bay 2 is booked, Bay 5 too")."""
    pairs = {}
    for new in typed_values(sentence):
        for k in known:
            at, said = _last_mention(sentence, k.value, new.start)
            if at < 0 or k.value.kind != new.kind or k.value.key == new.key:
                continue
            between = sentence[at + len(said) : new.start]
            so = _SO_BETWEEN.search(between)
            said_of_old = (  # with the old one named: "the Bay 2 is flooded"
                sentence[clause_start(sentence, at) : at] + said + between[: so.start()]
                if so
                else ""
            )
            if so and out_of_use(said_of_old) and not fares_alike(sentence, new):
                pairs[new.key] = k.value.text
    return pairs


def _last_mention(sentence: str, value: TypedValue, before: int) -> tuple[int, str]:
    """Where a sentence last names a known value before `before`, and how: a person by
    their whole name or by one of its words ("Derek left" of "Derek Olsen"); -1 if not."""
    at = sentence.rfind(value.text, 0, before)
    if at >= 0 or value.kind != "name":
        return at, value.text
    words = [w for w in value.text.split() if len(w) > 2 and w[0].isupper()]
    found = [(m.start(), w) for w in words for m in re.finditer(rf"\b{re.escape(w)}\b", sentence[:before])]
    return max(found) if found else (-1, value.text)


# "so" as a consequence that introduces what now holds: "..., so: 44 Pine St" or "..., so
# 40 seats"; not "so far", "so much".
# "so" after a break in the sentence (a comma, a semicolon or a dash), or before what the
# arrangement now is: "they were £120 so it's £1,030 now"
_SO_THEN = re.compile(
    r"(?:(?:[,;]|\s[-–—])\s*(?:and\s+)?so(?::\s+[^.!?]*|\s+)"
    r"|\sso\s+(?:it|that|this|we|the total)(?:'s|'re|\s+is|\s+are|\s+comes\s+to)\s+(?:now\s+)?)$",
    re.I,
)


def concluded(sentence: str, new: TypedValue) -> bool:
    """Whether a value is what a circumstance leads to ("she's at her sister's all week,
    so: 44 Pine St"): the new arrangement, said as a consequence, after a clause that
    gives its reason."""
    return _SO_THEN.search(sentence, 0, new.start) is not None


def fares_alike(sentence: str, value: TypedValue) -> bool:
    """Whether the rest of a value's clause gives it the fate of what came before it
    ("Bay 5 too", "Friday is taken as well"): no replacement for it."""
    rest = sentence[value.end :]
    end = _OWN_CLAUSE_END.search(rest)
    rest = rest[: end.start() if end else None]
    return found("unavailable", rest) or _ALIKE.search(rest) is not None


# Where a value's own clause ends: at a break, or where a reason or another clause starts
# ("Lab 214 since 109 is booked" says nothing more of 214).
_OWN_CLAUSE_END = re.compile(
    r"[,;:]\s|\s[-–—]\s|\s(?:since|because|as|while|which|but|so|and)\s", re.I
)
