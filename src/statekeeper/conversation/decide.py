"""What a turn changes, decided against what is already known, as a pure function.

A turn's asserting sentences state typed values. A new value replaces a known value of the
same kind when the evidence says they are values of one thing: the turn names the old one
as wrong ("2014, not 2017"), the two differ as a slip of the hand does ("73391842" and
"73391824"), the words around them agree ("the patio is 30 sq ft" and "300 sq ft for the
patio"), or it is the only value of its kind in sight and the turn signals a
change. The evidence adds up to a score; the best old value must score enough and beat the
next one, or nothing happens: a missed change costs less than a wrong one, and the turn
itself can still be recalled.

A retraction names an item ("leave the gift wrap off", "86 the soup") that a known list
holds; the item is taken out of it, or the whole fact ends when the item is all it says.

The parts moved so far live in `statekeeper.conversation.changes`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from statekeeper.conversation.changes.in_house import brought_in_house
from statekeeper.conversation.changes.labels import anchor, slot_name, with_slots
from statekeeper.conversation.changes.operations import Operation, Replace, Retract, Source
from statekeeper.conversation.changes.out_of_reach import disowns
from statekeeper.conversation.changes.recurring_days import with_its_days
from statekeeper.conversation.changes.replacements import replacements
from statekeeper.conversation.changes.rewordings import reworded
from statekeeper.conversation.changes.steps import stepped
from statekeeper.conversation.changes.subjects import set_apart
from statekeeper.conversation.changes.swaps import word_swaps
from statekeeper.conversation.changes.wording import DETERMINERS, clause_at, undetermined
from statekeeper.conversation.clauses import Sentence, sentences
from statekeeper.conversation.cues import table, tables
from statekeeper.nlu.interpret import narrates
from statekeeper.nlu.topic import topic_terms
from statekeeper.text.values import (
    TypedValue,
    typed_values,
)

__all__ = [
    "Operation",
    "Replace",
    "Retract",
    "Source",
    "anchor",
    "decide",
    "disowns",
    "replaced",
    "set_apart",
    "slot_name",
    "undetermined",
    "without",
]


def decide(turn: str, sources: Sequence[Source]) -> list[Operation]:
    """The replacements and retractions a user's turn makes to what `sources` state."""
    said = sentences(turn)
    ops: list[Operation] = list(replacements(turn, said, sources))
    changed = {op.old.source for op in ops if isinstance(op, Replace)}
    ops += _untaken(ops, word_swaps(said, sources))
    ops += _untaken(ops, reworded(said, sources, changed))
    ops += _untaken(ops, brought_in_house(said, sources))
    days = with_its_days(turn, ops, sources)  # all the new one's days, over any one of them
    ops = [op for op in ops if not _same_span(op, days)]
    ops += days
    ops += _untaken(ops, stepped(said, sources))
    replaced = {op.old.source for op in ops if isinstance(op, Replace)}
    ops += [r for r in _retractions(said, sources) if r.source not in replaced]
    return ops


def _same_span(op: Operation, others: Sequence[Replace]) -> bool:
    """Whether an operation replaces the span one of `others` replaces."""
    return isinstance(op, Replace) and any(
        (op.old.source, op.old_text) == (o.old.source, o.old_text) for o in others
    )


def _untaken(ops: Sequence[Operation], more: Sequence[Replace]) -> list[Replace]:
    """Those of `more` that change a span no earlier operation changes."""
    taken = {(op.old.source, op.old_text) for op in ops if isinstance(op, Replace)}
    return [op for op in more if (op.old.source, op.old_text) not in taken]


# -- retractions ----------------------------------------------------------------------------

_ITEM_WORDS = 12  # longer than this, a piece of a turn is a sentence, not a list item
_ITEM_SPLIT = re.compile(r",(?!\d{3})|[;:]|\band\b|\bplus\b|\n")  # not "$12,000"
# A word of an item's name; a figure's thousands stay with it ("the 2,480").
_TOKEN = r"(?:[\w'’&/#$.-]|(?<=\d),(?=\d{3}\b))+"
_WORDS = rf"(?:{_TOKEN}\s+){{0,5}}?{_TOKEN}?"
# A noun phrase with no determiner inside it: what a thing given up is called.
_NOUN = rf"(?!(?:the|a|an|our|my|your|their|this|that)\b){_TOKEN}"
_PHRASE = rf"(?:{_NOUN}\s+){{0,3}}{_NOUN}"
# A noun phrase after a preposition is no subject: "the lights in the lobby are off".
_NOT_AFTER_PREPOSITION = "".join(
    rf"(?<!\b{p} )" for p in "in of at on for with to from by about near under over".split()
)


@cache
def _retraction_pattern() -> re.Pattern[str]:
    before = "|".join(tables()["retract_before"])
    particled = "|".join(tables()["retract_with_particle"])
    after = "|".join(tables()["retract_after"])
    ends = rf"(?=\s+(?:{after})\b|\s*(?:[;!?]|[,.](?!\d))|\s+(?:for|because|since|from|so|but|and)\b|\s*$)"
    holder = "|".join(tables()["retract_holder"])
    given_up = "|".join(tables()["retracted_after"])
    return re.compile(
        rf"(?<![\w'])(?:(?:{before})\s+(?:(?:him|her|them|it)\s+from\s+)?(?:on\s+|about\s+)?"
        rf"(?P<obj>{_WORDS}){ends}"
        rf"|(?:{particled})\s+(?P<held>{_WORDS})(?=\s+(?:off|out)\b)"
        rf"|(?:{particled})\s+(?:off|out)\s+(?!of\b)(?P<taken>{_WORDS}){ends}"
        rf"|(?:{holder})\s+(?:no\s+longer\s+(?P<was>{_WORDS}){ends}"
        rf"|not\s+(?P<was_then>{_WORDS})\s+any\s?more\b)"
        rf"|(?:^|{_NOT_AFTER_PREPOSITION}\b(?:the|our|my)\s+)(?P<subject>{_PHRASE})\s+(?:{given_up})"
        rf"(?=\s*[,.;!?]|\s+(?:any\s?more|after all|now|either|for now)\b|\s*$))",
        re.IGNORECASE,
    )


def _retractions(said: Sequence[Sentence], sources: Sequence[Source]) -> list[Retract]:
    pattern = _retraction_pattern()
    vague = table("vague_items")
    out: list[Retract] = []
    for sentence in said:
        if not (sentence.reports or sentence.past and _told_now(sentence)):
            continue
        for match in pattern.finditer(sentence.text):
            if _PASSIVE.search(sentence.text, 0, match.start()):
                continue  # "it is cancelled due to the budget": what follows is no object
            if not sentence.reports and narrates(clause_at(sentence, match.start())):
                continue  # the story's own clause: "last year we dropped the brunch"
            group = next(g for g in _OBJECTS if match.group(g))
            words = match.group(group)
            if _PRONOUN.fullmatch(words):  # "we're out of halibut, take it off the board"
                before = sentence.text[: match.start()]
                words = _run_out(before) or _named_before(before, sources) or words
            wanted = _item_terms(vague.sub(" ", words.lower()))
            if not wanted or _not_ours(sentence.text[: match.start()]):
                continue
            spoken = match.group(0)
            start, end = match.start(group) - match.start(), match.end(group) - match.start()
            removal = spoken[:start] + spoken[end:]
            open_items = [
                s for s in sources if not _restates(s, sentence, removal) and not _ended(s)
            ]
            hit = _item_holding(wanted, open_items)
            if hit is not None and hit[2] and _BARE_NO.match(spoken):
                continue  # "no ADA access" describes; only an item of a list is dropped by "no"
            if hit is not None and hit[2] and _DEMONSTRATIVE.match(words):
                continue  # "we won't need that prop": one already named, not all the props
            if hit is not None and all(r.source != hit[0] for r in out):
                source, item, whole = hit
                wordings = (
                    tuple(dict.fromkeys([*_wordings(wanted, open_items), undetermined(words)]))
                    if source.fact_id is None
                    else ()
                )
                out.append(Retract(source, item, whole, words, wordings))
    return out


_OBJECTS = ("obj", "held", "taken", "was", "was_then", "subject")
_PRONOUN = re.compile(r"it|them|that|this|those|these|him|her", re.I)
# A thing said to have run out, which a removal may then point back at with a pronoun.
_RUN_OUT = re.compile(
    rf"\b(?:(?:ran|run|running|are|is|we're|were) out of|no more|out of stock on)\s+"
    rf"(?:the\s+|our\s+)?(?P<before>{_WORDS})(?=\s*[,;.!?]|\s+(?:so|and|today|tonight)\b)"
    rf"|\b(?:the\s+|our\s+)?(?P<after>{_PHRASE})\s+(?:is|are|'s|was|were|just)\s+"
    rf"(?:sold out|out of stock|gone|unavailable|no longer available|not available|"
    rf"(?:fully )?booked(?: up)?|full)\b",
    re.I,
)


_THING = re.compile(rf"\b(?:the|our|my|that|this)\s+(?P<thing>{_PHRASE})", re.I)


def _named_before(text: str, sources: Sequence[Source]) -> str | None:
    """The last thing a text names that a live item is ("nobody touched the salad bar,
    let's drop it"): what a pronoun after it points back at."""
    for named in reversed(list(_THING.finditer(text))):
        thing = _PHRASE_END.split(named["thing"], maxsplit=1)[0]  # "the salad bar last time"
        wanted = _item_terms(thing.lower())
        if wanted and _item_holding(wanted, [s for s in sources if not _ended(s)]) is not None:
            return thing
    return None


# Where a thing's name ends before what is said of it: "the photo booth is too pricey".
_PHRASE_END = re.compile(
    r"\s+(?:is|are|was|were|has|have|had|looks?|seems?|got|gets|last|this|that|too|so|and|"
    r"but|again|already|never|always)\b.*",
    re.I,
)


def _run_out(text: str) -> str | None:
    """The last thing a clause says has run out ("we're out of halibut", "the blue ones
    are sold out"): what "take it off" after it names."""
    said = list(_RUN_OUT.finditer(text))
    return (said[-1]["before"] or said[-1]["after"]) if said else None


@cache
def _not_ours_pattern() -> re.Pattern[str]:
    others = "|".join(tables()["own_needs"])
    negated = r"(?:don'?t|do not|never|won'?t|can'?t|cannot|shouldn'?t|mustn'?t|not)(?:\s+\w+){0,2}"
    return re.compile(rf"(?<![\w'])(?:{others}|{negated})\s*$", re.IGNORECASE)


def _not_ours(before: str) -> bool:
    """Whether what comes before a removal makes it no removal of ours: a relation's own
    ("my colleague doesn't need a car"), or denied ("please don't cancel the order")."""
    return _not_ours_pattern().search(before) is not None


def _wordings(wanted: frozenset[str], sources: Sequence[Source]) -> tuple[str, ...]:
    """Every turn's wording of a list item holding the wanted words, without what comes
    before its noun phrase: "add a printed card" and "the printed card" are one item."""
    seen: dict[str, None] = {}  # in the order said
    for source in sources:
        if source.fact_id is not None:
            continue
        items = [i.strip(" .!") for i in _ITEM_SPLIT.split(source.text)]
        for item in items:
            if wanted <= _item_terms(item) and _listed(item, items):
                seen[_from_first(wanted, item)] = None
    return tuple(seen)


def _from_first(wanted: frozenset[str], item: str) -> str:
    """An item after the determiner that opens its noun phrase: "add the rush fee" ->
    "rush fee", "a $20 monthly gift to the food bank" -> "$20 monthly gift to the food
    bank"."""
    words = item.split()
    first = next((n for n, w in enumerate(words) if _item_terms(w) & wanted), 0)
    opens = [n for n in range(first) if words[n].lower() in DETERMINERS]
    return " ".join(words[opens[-1] + 1 if opens else 0 :])


_DEMONSTRATIVE = re.compile(r"(?:that|this|those|these)\s", re.I)
_BARE_NO = re.compile(r"no\b(?!\s+(?:need|longer))", re.I)
_ENDED = re.compile(r"\b(?:cancell?ed|called off|removed|dropped|withdrawn|scrapped)\b", re.I)
# A removal verb after a form of "be" or "get" is passive: "the launch was cancelled".
_PASSIVE = re.compile(r"\b(?:is|are|was|were|be|been|being|got|gets|get)\s+$", re.I)


def _restates(source: Source, sentence: Sentence, removal: str) -> bool:
    """Whether a source says what the sentence says, its removal included: the turn
    repeating a recorded fact retracts nothing of it. A removal said in words too common
    to be terms ("no need for the gift wrap") still has to be found in the source."""
    said = topic_terms(sentence.text)
    return (
        bool(said)
        and said <= topic_terms(source.text)
        and removal.strip().lower() in source.text.lower()
    )


def _ended(source: Source) -> bool:
    """Whether a source already says its matter is off: nothing is left to retract."""
    return _ENDED.search(source.text) is not None


_CLAUSE_SUBJECT = re.compile(r"\b(?:i|we|you|he|she|they|it)\b", re.I)


def _listed(item: str, items: Sequence[str]) -> bool:
    """Whether a piece of a turn reads as one item of a list: there are others, and it is
    a short phrase, not a clause with a subject of its own ("I need the report")."""
    return (
        len(items) >= 2
        and len(item.split()) <= _ITEM_WORDS
        and _CLAUSE_SUBJECT.search(item) is None
    )


def _item_terms(text: str) -> frozenset[str]:
    """The words that name an item, its numbers included ("order #4512" is the fact keyed
    order_4512_status)."""
    numbers = {n.lstrip("0") or "0" for n in re.findall(r"\d+", text)}
    return frozenset(t for t in topic_terms(text) if not t.lstrip("#").isdigit()) | numbers


def _told_now(sentence: Sentence) -> bool:
    """Whether a sentence set in the past only by a clause of its reasons still says
    something of now: "skip the churros, nobody ate them last time"."""
    return not (
        sentence.question
        or sentence.conditional
        or sentence.hypothetical
        or sentence.third_party
        or sentence.scheduled
    )


def _covers(wanted: frozenset[str], terms: frozenset[str]) -> bool:
    """Whether every wanted word is among the terms, itself or by a word of its slot ("the
    reservation" names a fact keyed "booking")."""
    slots = with_slots(terms)
    return all(w in terms or with_slots(frozenset({w})) - {w} & slots for w in wanted)


def _names_fact(wanted: frozenset[str], key_terms: frozenset[str], text: str) -> bool:
    """Whether the wanted words name a whole fact: its key by a word of its slot, and the
    rest from its text ("the Lumen reservation" for a booking at Lumen)."""
    keyed = {w for w in wanted if with_slots(frozenset({w})) - {w} & with_slots(key_terms)}
    return bool(keyed) and wanted - keyed <= _item_terms(text)


def _item_holding(
    wanted: frozenset[str], sources: Sequence[Source]
) -> tuple[Source, str, bool] | None:
    """The newest list item holding every wanted word: a live fact's before a turn's."""
    facts = [s for s in sources if s.fact_id is not None]
    turns = sorted(
        (s for s in sources if s.fact_id is None),
        key=lambda s: s.turn_index or 0,
        reverse=True,
    )
    for source in [*facts, *turns]:
        key_terms = _item_terms(source.key.replace("_", " ")) if source.key else frozenset()
        if source.fact_id is not None and (
            _covers(wanted, key_terms) or _names_fact(wanted, key_terms, source.text)
        ):
            return source, source.text, True
        items = [i.strip(" .!") for i in _ITEM_SPLIT.split(source.text)]
        holding = [i for i in items if i and _covers(wanted, _item_terms(i) | key_terms)]
        if len(holding) == 1:
            item = holding[0]
            if source.fact_id is None and not _listed(item, items):
                continue  # a turn's words are an item only inside a list of them
            first = items.index(item) == 0
            head = source.fact_id is not None and first and _head_with_details(items)
            whole = head or source.fact_id is not None and (
                _item_terms(source.text) <= _item_terms(item) | key_terms
                or first
                and ":" in source.text
            )
            return source, source.text if head else item, whole
    return None


def _head_with_details(items: Sequence[str]) -> bool:
    """Whether a fact's first part says what it is and when or how much, and the parts after
    it only add to that ("Lawn mowing every Thursday, GreenCut"): no list, so taking out the
    first part takes the whole."""
    def told(part: str) -> bool:
        return any(v.kind in _WHEN_OR_HOW_MUCH for v in typed_values(part))

    return told(items[0]) and not any(told(i) for i in items[1:])


_WHEN_OR_HOW_MUCH = frozenset(
    {"date", "weekday", "time", "duration", "money", "percent", "quantity", "number"}
)


def without(text: str, item: str) -> str:
    """A list's text with one item taken out, and the separators left tidy; a total that
    was the sum of its amounts is the sum of those left."""
    at = text.find(item)
    if at < 0:
        return text
    rest = text[:at] + text[at + len(item) :]
    rest = re.sub(r"\s*(?:,\s*|;\s*)(?:and\s+)?(?=[,;.]|$)", "", rest)
    rest = re.sub(r"(,|;|:)\s*(?:,|;)\s*", r"\1 ", rest)
    rest = re.sub(r":\s*(?:and\s+)?,?\s*", ": ", rest)
    return retotalled(text, re.sub(r"\s{2,}", " ", rest).strip(" ,;"))


_TOTAL = re.compile(r"\b(?:total|sum|altogether|in all)\W*(?:of\s+|is\s+|comes to\s+)?$", re.I)
_PLAIN_MONEY = re.compile(r"^(\D*?)(\d[\d,]*)(\.\d+)?$")


def retotalled(before: str, after: str) -> str:
    """`after` with its total ("total $50,000") set to the sum of its other amounts, when
    in `before` the total was exactly the sum of the amounts then listed: a total derived
    from its lines follows them, and a stale one is never shown as live."""
    old_total, old_lines = _total_and_lines(before)
    new_total, new_lines = _total_and_lines(after)
    if old_total is None or new_total is None or not new_lines:
        return after
    if new_total.text != old_total.text:
        return after  # the total itself was changed: the speaker's figure stands
    if _amount(old_total) != sum(_amount(v) for v in old_lines):
        return after
    figure = sum(_amount(v) for v in new_lines)
    found = _PLAIN_MONEY.match(new_total.text)
    assert found is not None  # a total and its lines are plain amounts, or not retotalled
    cents = f"{figure:,.2f}" if found.group(3) else f"{figure:,.0f}"
    return after[: new_total.start] + found.group(1) + cents + after[new_total.end :]


def _total_and_lines(text: str) -> tuple[TypedValue | None, list[TypedValue]]:
    amounts = [v for v in typed_values(text) if v.kind == "money"]
    if any(_PLAIN_MONEY.match(v.text) is None for v in amounts):
        return None, []  # "$1.2M", "$40k": no sum to check
    totals = [v for v in amounts if _TOTAL.search(text[: v.start])]
    if len(totals) != 1:
        return None, []
    return totals[0], [v for v in amounts if v is not totals[0]]


def _amount(value: TypedValue) -> float:
    found = _PLAIN_MONEY.match(value.text)
    assert found is not None
    return float(found.group(2).replace(",", "") + (found.group(3) or ""))


def replaced(text: str, old: str, new: str) -> str:
    """A fact's text with a value changed. When the value is all the text says apart
    from a qualifier ("$85 (draft)"), the new value stands alone: the qualifier was the
    old value's."""
    rest = text.replace(old, " ", 1)
    if rest == text:
        return text
    if not topic_terms(re.sub(r"\([^)]*\)", " ", rest)) and not _RATE.match(rest):
        return new
    return retotalled(text, text.replace(old, new, 1))


# What a figure is counted by, right after it ("$1,850/month", "$40 per night"): part of
# the rate, which a new figure said without it keeps.
_RATE = re.compile(
    r"\s*(?:/\s*|per\s+|an?\s+)(?:hour|hr|day|night|week|wk|month|mo|year|yr|person|head|"
    r"seat|user|unit|visit|session|class|lesson)s?\b",
    re.I,
)
