"""What a new value is said of: its subject, its owner, or a role that sets it apart from
what a known value is a value of ("the 20GB plan is $55", "Tom's flight", "my billing
address")."""

from __future__ import annotations

import re
from functools import lru_cache

from statekeeper.conversation.changes.labels import with_slots
from statekeeper.conversation.changes.operations import Known
from statekeeper.conversation.changes.wording import CLAUSE_BREAK, clause_start
from statekeeper.conversation.cues import table
from statekeeper.conversation.relayed import said_by_others
from statekeeper.nlu.assertions import QUALIFIERS
from statekeeper.nlu.topic import stem, topic_terms
from statekeeper.text.values import (
    POSSESSIVE,
    TypedValue,
    compatible,
    owns_what_follows,
    typed_values,
)

_COPULA = re.compile(r"\b(?:is|are|was|were)\b", re.I)


# A name in the possessive: "Tom's", "the Hendersons'"; not a pronoun's "It's", nor a
# day's or a month's ("Monday's meeting").
_OWNER = re.compile(
    r"\b(?!(?:It|He|She|That|There|What|Let|Here|Who|Where|This|Today|Tonight|Tomorrow"
    r"|Yesterday|Everyone|Everything|Nobody|Somebody|Someone|Mon|Tues|Wednes|Thurs|Fri|Satur|Sun"
    r"|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*(?:['’]|s['’]))"
    r"([A-Z][a-z]+(?:\s[A-Z][a-z]+)?|\d+[A-Z]|[A-Z]\d+)(?:['’]s|s['’])(?=\s)"
)  # a code owns things too: "4C's rent", "B12's lease"


def owned_by_another(sentence: str, new: TypedValue, old: Known) -> bool:
    """Whether the clause gives the new value to a thing of someone named whom the old
    value's fact does not name: "Tom's flight moved to 6pm" is no new time of our flight,
    though it is of "Tom's flight: 4pm"."""
    lead = sentence[clause_start(sentence, new.start) : new.start]
    return owned_apart(lead, f"{old.source.key or ''} {old.source.text}")


def owned_by_one_named(turn: str, at: int, new: TypedValue, old: Known) -> bool:
    """Whether the clause gives the new value to "her" or "his" thing, after a person the
    turn names whom the old value's fact neither names nor serves: "Ms Obi tutors the boy.
    Her pay is £30" is no new price parents are charged."""
    person = _owner_before(turn, at, new)
    if person is None:
        return False
    key = (old.source.key or "").lower()
    fact = f"{key} {old.source.text}".lower()
    words = [w for w in POSSESSIVE.sub("", person).split() if len(w) > 2]
    return not any(w.lower() in fact for w in words) and not table("served").search(key.replace("_", " "))


def owned_by_another_named(turn: str, at: int, new: TypedValue, old: Known) -> bool:
    """Whether "her" or "his" thing is of a person the turn names, while the old value's
    fact is of another person it names: "Mrs Okafor wants her lunch call at 12:45 from now
    on" changes nothing of "Mr Banda: morning call 08:00", however firmly it changes."""
    person = _owner_before(turn, at, new, in_clause=True)
    return person is not None and _people_apart(person, old.source.text)


def owned_by_a_family(sentence: str, new: TypedValue, old: Known) -> bool:
    """Whether a family the sentence names ("the Delaneys") makes the value theirs ("have put
    their two into Camp Osprey") while the old value's fact does not name them: another
    household's pick, not ours."""
    family = _FAMILY_THEIRS.search(sentence, 0, new.start)
    return family is not None and family.group(1).lower() not in old.source.text.lower()


# A family by its surname in the plural, then what is theirs: "the Delaneys have put their".
_FAMILY_THEIRS = re.compile(
    r"^\W*(?i:(?:so|and|also|apparently|oh|btw|fyi|well|anyway)\W+)?[Tt]he ([A-Z][a-z]{2,})s"
    r"\s+(?:have|has|'ve|are|were|just|put|moved|booked|got|went|chose|paid|picked|took|sent)\b"
    r"[^.;!?]{0,60}?\btheir\b"
)


def owner_apart(lead: str, fact: str) -> bool:
    """Whether the words before a thing give it to "her" or "his", after a person they
    name, while the fact names other people only: "Mrs Okafor wants her lunch call" says
    nothing of "Mr Banda: morning call"."""
    if not _HIS_OR_HER_LAST.search(lead):
        return False
    people = [v.text for v in typed_values(lead) if v.kind == "name"]
    return bool(people) and _people_apart(people[-1], fact)


def _people_apart(person: str, fact: str) -> bool:
    """Whether a fact names people, none of them `person`."""
    ours = {w.lower() for w in POSSESSIVE.sub("", person).split() if len(w) > 2}
    theirs = {w.lower() for v in typed_values(fact) if v.kind == "name" for w in v.text.split()}
    return bool(theirs) and not ours & theirs


_HIS_OR_HER_LAST = re.compile(r"\b(?:his|her)\s+$", re.I)


def _owner_before(turn: str, at: int, new: TypedValue, *, in_clause: bool = False) -> str | None:
    """The person a turn names last before the clause that gives the new value to "her" or
    "his" thing (or, `in_clause`, before that word in the clause too: "Tariq needs his
    shift moved"); None when the clause gives it to no one's."""
    sentence_start = at - new.start
    lead = turn[sentence_start + clause_start(turn[sentence_start:], new.start) : at]
    owner = _HIS_OR_HER.search(lead)
    if owner is None:
        return None
    upto = at - len(lead) + (owner.start() if in_clause else 0)
    people = [v.text for v in typed_values(turn[:upto]) if v.kind == "name"]
    return people[-1] if people else None


# A thing named first in words passed on, then what it does or is: "ziggy's booked",
# "Fernhill has moved". Words that name nothing in particular are no such thing.
_REPORTED_SUBJECT = re.compile(
    r"\s*([A-Za-z][\w-]*)(?:'s|\s+(?:is|was|has|had|will|'ll|got|gets))\b"
)
_RELAY_BEFORE = re.compile(r"\b(?:says|said|say|reckons|told (?:me|us|her|him|them))\s*:?\s*$")
_SENTENCE_STOP = re.compile(r"[.!?;]")
_NO_SUBJECT = frozenset(
    "he she they it we you i the a an this that these those there here our my your his her "
    "their its one everyone everything someone something nobody all both each".split()
)


def reported_subjects(turn: str) -> tuple[tuple[int, int, str], ...]:
    """Where a turn passes on someone else's words about a thing they name first ("mark
    says ziggy's booked for a wedding"), with that thing's word, lower-cased."""
    found = []
    for claim in said_by_others(turn):
        verb = _RELAY_BEFORE.search(turn[: claim.start].lower())
        first = _REPORTED_SUBJECT.match(turn, claim.start, claim.end)
        if verb is None or first is None:
            continue  # the words passed on do not open on the thing they are about
        word = first.group(1)
        if word.lower() in _NO_SUBJECT or typed_values(word):
            continue
        stop = _SENTENCE_STOP.search(turn, claim.start, claim.end)
        found.append((claim.start, stop.start() if stop else claim.end, word.lower()))
    return tuple(found)


def reported_of_another(reports: tuple[tuple[int, int, str], ...], at: int, old: Known) -> bool:
    """Whether a new value at `at` is in words passed on about a thing the old value's
    fact does not name: Ziggy's booking is no new date of the booking Juno and Pip have."""
    fact = f"{old.source.key or ''} {old.source.text}".lower()
    return any(
        start <= at < end and re.search(rf"\b{re.escape(word)}\b", fact) is None
        for start, end, word in reports
    )


# What follows a person who asks for something: "Mrs Okafor at number 3 wants ...".
_WISHES = re.compile(
    r"^\s*(?:(?:at|from|in|of|on) [\w' ]{1,25}?\s)?(?:wants|would like|'d like|asked|asks|"
    r"is asking|has asked|needs|wishes|prefers|requested|would prefer)\b",
    re.I,
)


def asks_for(sentence: str, new: TypedValue) -> bool:
    """Whether a name is of the one who asks for something, not a new value of a slot:
    "Mrs Okafor wants her lunch call at 12:45", "Dev from accounts needs the key"."""
    return new.kind == "name" and bool(_WISHES.match(sentence[new.end :]))


_HIS_OR_HER = re.compile(r"\b(?:his|her)\b", re.I)


def owned_apart(words: str, fact: str) -> bool:
    """Whether words name the owner of their thing ("Anneke's flight", "4C's rent") and the
    fact names no such owner: the thing is someone else's."""
    owners = [m.group(1) for m in _OWNER.finditer(words)]
    return bool(owners) and not any(
        w.lower() in fact.lower() for owner in owners for w in owner.split()
    )


def whose(sentence: str, new: TypedValue, old: Known) -> bool:
    """Whether a name or a code is said as the owner of the thing the old value belongs
    to: the word after "Lin Zhao's" names the committee whose chair changes, and "4C's
    rent" is unit 4C's. "Lincoln Middle's field" names a place, a value of its own."""
    owned = owns_what_follows(sentence, new)  # "4C's rent": the unit's
    if not owned and (new.kind != "name" or not POSSESSIVE.search(new.text)):
        return False
    after = topic_terms(" ".join(sentence[new.end :].split()[:2 if owned else 1]))
    return bool(after & old.anchor)


# A value inside a subject, a noun or two before its verb: "the 20GB plan is ...".
_SAYS_OF = r"(?:is|are|was|were|got|costs?|runs?|has|have|comes with|offers|includes)"
_BEFORE_ITS_VERB = re.compile(rf"\s+(?:[a-z][\w'-]*\s+){{0,2}}{_SAYS_OF}\s+")


def names_which(sentence: str, value: TypedValue) -> bool:
    """Whether a value only tells which thing its clause speaks of, by standing in the
    subject of another value: "the 20GB plan is $55" says a price of the 20GB plan."""
    verb = _BEFORE_ITS_VERB.match(sentence, value.end)
    if verb is None:
        return False
    rest = sentence[verb.end() :]
    said = rest[: m.start()] if (m := CLAUSE_BREAK.search(rest)) else rest
    if m is not None and _POINTS_BACK.match(rest[m.end() :]):
        said = rest  # "Room 12 got repainted, its capacity is 30": of Room 12 too
    return bool(typed_values(said))


_ROLE_TABLES = ("shipping", "billing", "paying", "work", "home")


# Roles that name different slots: a billing address is never the shipping one, nor a work
# phone the home one, nor what we charge what we pay. A home or a work place may well be
# where things now ship.
_CLASHING_ROLES = (
    frozenset({"billing", "shipping"}),
    frozenset({"work", "home"}),
    frozenset({"billing", "paying"}),
)


def clash(new: frozenset[str], old: frozenset[str]) -> bool:
    """Whether a new value's roles set it apart from an old value's."""
    return any(
        a in new and b in old and a not in old
        for pair in _CLASHING_ROLES
        for a in pair
        for b in pair - {a}
    )


@lru_cache(maxsize=8192)
def roles(text: str) -> frozenset[str]:
    """The roles a text gives what it speaks of (shipping, billing, paying, work, home); a live
    fact's text is read again for every new value of every turn, so this is kept."""
    lowered = text.lower()
    return frozenset(r for r in _ROLE_TABLES if table(f"role_{r}").search(lowered))


_SUBJECT_IS = re.compile(
    r"([a-z][a-z' ]{0,30}?)\s+(?:is|are|was|will be|'s)\s+(?:now\s+|still\s+)?"
    r"(?:(?:at|on|in|from)\s+)?$",
    re.I,
)


# The thing a move is said of, just before the value it moved to: "my cleaning got moved
# to Monday".
_SUBJECT_MOVED = re.compile(
    r"\b(?:the|my|our|his|her|their)\s+([a-z][a-z' ]{0,30}?)\s+(?:(?:got|has been|have been|"
    r"was|were|is|are|just|finally)\s+)*(?:moved|pushed|bumped|rescheduled|shifted|changed|"
    r"switched|postponed|delayed)\s+(?:(?:back|up|out|forward)\s+)?(?:to|till|until)\s+$",
    re.I,
)


def called_otherwise(sentence: str, new: TypedValue, old: Known) -> bool:
    """Whether the clause gives the new value a subject the old one's words do not name:
    "the caterer is Blue Fig" is no new venue."""
    return _named_otherwise(_SUBJECT_IS, sentence, new, old)


# A value brought in as one of a new thing, by an indefinite noun before "of", or after it
# as whom it came from: "a pledge of £25,000", "an extra deposit of $300", "a pledge of
# £25,000 from Mrs Pascoe". Words that count or group ("a couple of") are not such a noun.
_INTRODUCED = re.compile(
    r"\b(?:a|an|another|one more)\s+((?:[a-z-]+\s+){0,2}?(?!(?:couple|lot|bunch|few|number|"
    r"handful|pair|dozen|series|maximum|minimum|total)\b)[a-z-]+)\s+"
    r"(?:of\s+(?:about\s+|around\s+|roughly\s+|some\s+|nearly\s+|almost\s+|over\s+)?"
    r"|(?:of\s+\S+(?:\s+\S+){0,2}\s+)?(?:from|by)\s+(?:the\s+)?)$",
    re.I,
)


def introduced_otherwise(sentence: str, new: TypedValue, old: Known) -> bool:
    """Whether the new value comes as that of a new thing the old value's words do not
    name: "we've had a pledge of £25,000" is no new appeal target, "a refund of €45" no new
    fee."""
    subject = _subject(_INTRODUCED, sentence, new)
    if subject is None:
        return False
    if _names_apart(subject, old):
        return True
    # "an internal deadline of 7 March" names the deadline, as one of another sort
    own = topic_terms(f"{old.source.key or ''} {old.source.text}") | old.anchor
    return any(
        w not in _SAME_SORT and not w.endswith("er") and not topic_terms(w) & own
        for w in subject.lower().split()[:-1]
    )


# Words before a noun that say it changed, not that it is another: "a new deadline of ...",
# "a revised budget of ..." (and comparatives: "a later date of ...").
_SAME_SORT = frozenset(
    "new revised updated amended final fresh extended adjusted corrected changed current "
    "proper actual real firm agreed confirmed official".split()
)


def moved_otherwise(sentence: str, new: TypedValue, old: Known) -> bool:
    """Whether the clause says a thing the old value's words do not name moved to the new
    value: "my cleaning got moved to Monday" is no new payroll day."""
    return _named_otherwise(_SUBJECT_MOVED, sentence, new, old)


def _named_otherwise(pattern: re.Pattern[str], sentence: str, new: TypedValue, old: Known) -> bool:
    subject = _subject(pattern, sentence, new)
    return subject is not None and _names_apart(subject, old)


def _subject(pattern: re.Pattern[str], sentence: str, new: TypedValue) -> str | None:
    """The words `pattern` finds as the new value's subject in its clause, if any."""
    found = pattern.search(sentence, clause_start(sentence, new.start), new.start)
    return found.group(1) if found else None


def _names_apart(subject: str, old: Known) -> bool:
    """Whether a subject names something, none of it what the old value's words name."""
    named = topic_terms(subject)
    return bool(named) and not with_slots(named) & old.anchor


# A relative clause opened after a comma ("the depot, which now closes at 5:45"): what it says
# is said of the words just before it.
_RELATIVE = re.compile(r",\s+(?:which|where|who|whose)\b[^,;.!?]*$", re.I)


def told_of_its_antecedent(sentence: str, new: TypedValue, old: Known) -> bool:
    """Whether a value lies in a relative clause whose antecedent the old value's fact does
    not name: "the depot on Rye Street, which now closes at 5:45" gives the depot's
    closing time, not a new time of our truck's arrival."""
    clause = _RELATIVE.search(sentence, 0, new.start)
    if clause is None:
        return False
    lead = sentence[: clause.start()].rsplit(",", 1)[-1].split()[-4:]
    named = with_slots(topic_terms(" ".join(lead)))
    fact = with_slots(topic_terms(f"{old.source.key or ''} {old.source.text}"))
    return bool(named) and not named & fact


def of_another(sentence: str, new: TypedValue, old: Known) -> bool:
    """Whether the new value's subject is set apart by a value the old one's fact holds
    another of: "the 20GB plan is $55" is no new price of our 10GB plan, nor "PO-7731 got
    bumped to 60 boxes, size L" a new size of PO-7730. A clause with no subject of its own
    speaks of its sentence's."""
    start = clause_start(sentence, new.start)
    subject = _SUBJECT.search(sentence[start : new.start])
    pointing = subject is not None and _POINTS_BACK.fullmatch(subject.group(1).strip())
    if subject is None and _appended(sentence, start) or pointing:
        # its sentence's subject, or the one "theirs" points back at: "Block D also got
        # cut, theirs is down to 700 m³"
        subject = _SUBJECT.search(sentence[: new.start])
    return subject is not None and set_apart(subject.group(1), old.source.text)


# A subject that points back at the one its sentence opened with: "theirs", "its capacity".
_POINTS_BACK = re.compile(r"(?:theirs|hers|they|it|that one)\b|(?:its|their|his|her)\s+.+", re.I)


def _appended(sentence: str, start: int) -> bool:
    """Whether a clause is a few words added to the one before it, with no verb of its own:
    ", size L" after "PO-7731 got bumped to 60 boxes"."""
    clause = CLAUSE_BREAK.split(sentence[start:], maxsplit=1)[0]
    return start > 0 and len(clause.split()) <= 3 and _SUBJECT.search(f"x {clause}") is None


def set_apart(subject: str, fact: str) -> bool:
    """Whether a subject is set apart from what a fact speaks of by a value the fact holds
    another of ("the 20GB plan" beside "Phone plan: 10GB for $45"), or by a word before a
    head they share where the fact has another ("the staging DB" beside "Prod DB host")."""
    held = typed_values(fact)
    if any(v.key != h.key and compatible(h, v) for v in typed_values(subject) for h in held):
        return True
    if _numbered_apart(subject, fact):
        return True
    ours, theirs = _modified(subject, last_phrase=True), _modified(fact)
    their_words = {w for words in theirs.values() for w in words}
    our_words = {w for words in ours.values() for w in words}
    # a fact that speaks of a "crew call" and a "cast call" sets neither apart
    return any(
        head in theirs and not words & theirs[head] and not words & their_words
        and not theirs[head] & our_words
        for head, words in ours.items()
    )  # fmt: skip


# A thing named by its word and its number: "van 9", "truck #7", "bay 4B".
_NUMBERED = re.compile(r"\b([a-z]{2,})\s+#?(\d+[a-z]?)\b")
_NOT_LABELS = frozenset("at on in by to of for from about over under and or the".split())


def _numbered_apart(subject: str, fact: str) -> bool:
    """Whether the subject names a sibling of the fact's numbered thing: "van 9" beside
    "van 12 oil change due ..."."""
    ours = {(w, n) for w, n in _NUMBERED.findall(subject.lower()) if w not in _NOT_LABELS}
    theirs = {(w, n) for w, n in _NUMBERED.findall(fact.lower()) if w not in _NOT_LABELS}
    return any(w == v and n != m for w, n in ours for v, m in theirs) and not any(
        n in fact.lower().split() for _, n in ours
    )


# Words that place a thing in a sequence or a set, not tell it from its siblings.
_PLACING = frozenset("next last first upcoming previous latest other same main whole".split())
# Where the noun phrase a subject ends with begins: after a determiner or a possessive.
_PHRASE_START = re.compile(r".*(?:\b(?:the|a|an|our|my|your|their|his|her|its|this|that)\s|'s\s)", re.I)


@lru_cache(maxsize=4096)
def _modified(text: str, last_phrase: bool = False) -> dict[str, set[str]]:
    """Each content word of a text (of its last noun phrase, with `last_phrase`) with the
    content words just before it, where there are: "Prod DB host" gives {"db": {"prod"},
    "host": {"db"}}; "with her schedule the defense", as a last phrase, gives {}."""
    start = _PHRASE_START.match(text) if last_phrase else None
    phrase = text[start.end() :] if start else text
    tokens = re.findall(r"[\w'-]+", phrase.lower())
    words = [
        stem(w)
        for w in tokens
        if w not in QUALIFIERS and w not in _PLACING and not any(c.isdigit() for c in w)
    ]
    content = [w if topic_terms(w) else "" for w in words]
    modified: dict[str, set[str]] = {}
    for before, word in zip(content, content[1:], strict=False):
        if word and before:
            modified.setdefault(word, set()).add(before)
    return modified


# up to its clause's verb, or an arrow to its new value ("van 3 -> 07:00")
_SUBJECT = re.compile(rf"^(.*?)\s+(?:(?:{_SAYS_OF}|will be)\b|(?:→|->|=>|⇒)(?=\s))", re.I)


def said_of(sentence: str, value: TypedValue) -> bool:
    """Whether the sentence says something of the value beside naming it."""
    rest = sentence[: value.start] + " " + sentence[value.end :]
    return bool(topic_terms(rest)) or _COPULA.search(rest) is not None  # "ours is X"
