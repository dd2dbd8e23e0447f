"""Keeping dead values out of everything that carries them.

A superseded, expired, withheld or out-of-scope fact is not only left out of the facts
section: its value is also removed from recent turns and from live facts that mention it
("changed from X"), so the model never sees it. A value that a live fact still holds is not
dead, even if a dead fact also held it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable, Set
from dataclasses import dataclass, field
from functools import lru_cache

from statekeeper.memo import memoized
from statekeeper.text.values import calendar_word, typed_values

REDACTED = "[outdated]"
WITHHELD_MARK = "[withheld]"

# Values worth matching on their own inside longer text: money, percentages, numbers with a
# unit, times, dates, weekdays and months, addresses, product names, codes, and capitalized
# multi-word names. Each kind is found on its own, so a name never swallows a date.
_KINDS = tuple(
    re.compile(p)
    for p in (
        r"[$€£¥]\s?\d(?:[\d,]*\d)?(?:\.\d+)?\s?(?:[kKmMbB]\b|million|billion|thousand)?",
        r"\b\d[\d,]*(?:\.\d+)?\s?%",
        r"(?<![\d.:])\b\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm|AM|PM)\b",  # "2.30pm" whole
        r"\b\d{1,2}:\d{2}\b",
        r"\b\d{4}-\d{2}-\d{2}\b",
        # a month and its day, not a month before a time ("12 Sept 19:15")
        r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b(?![:.]\d)",
        r"\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b",
        r"\b\d[\d,]*(?:\.\d+)?\s+[a-z]+s\b",
        r"\b\d+\s+[A-Z][a-z]+\s+(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Lane|Ln|Dr|Drive|Way)\b\.?",
        r"\b[A-Z][a-z]+[A-Z]\w*\b",  # product and company names: MongoDB, VendorA
        r"\b[A-Z]{2,}\w*-?\d+\b|#\d+\b",  # codes: TICKET-42, #1234
        r"(?<![$€£¥.,\d])\b\d{1,4}[A-JLN-Z]\b",  # rooms, seats, gates: 4B, 14C (not 1M or 5K)
    )
)
_NAME = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+\b")
_NOT_IN_NAMES = re.compile(
    r"\b(?:But|And|The|So|Then|To|We|If|Our|This|That|It|In|On|At|For|Per|As|Hold|Note|Update|"
    r"Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)(?:day)?\b|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b"
)
_MIN_PHRASE = 4
_WORD_RUN = re.compile(r"\w+")


@memoized(65536)
def value_parts(text: str) -> frozenset[str]:
    """The distinctive values inside a text, normalized for comparison."""
    found = {norm(m.group(0)) for kind in _KINDS for m in kind.finditer(text)}
    found |= {
        norm(m.group(0)) for m in _NAME.finditer(text) if not _NOT_IN_NAMES.search(m.group(0))
    }
    return frozenset(found)


# The figure of an amount without its currency or whole cents: "2,480" of "$2,480.00".
_BARE_AMOUNT = re.compile(r"(?<![\d.,])(\d[\d,]*)(?:\.00)?\b(?![.,]\d)")
# A time of the clock with its half of the day: "2:15pm" is quoted as "2:15" too.
_CLOCK_MARKED = re.compile(r"(\d{1,2}:\d{2})\s?(?:[ap]\.?m\.?)", re.I)
_CARRIED_KINDS = frozenset({"phone", "email", "money", "quantity", "code", "number", "address", "date"})


@memoized(65536)
def typed_parts(text: str) -> frozenset[str]:
    """The typed values of a text that other texts quote on their own: a phone number, a
    code, a figure with its unit, and the figure alone when it has three digits or more
    ("the 3,560 in our notes" quotes "3,560 sq ft")."""
    found = set()
    for value in typed_values(text):
        clock = _CLOCK_MARKED.fullmatch(value.text) if value.kind == "time" else None
        if clock is not None:  # "the 2:15" quotes "2:15pm"
            found.add(clock.group(1))
        if value.kind not in _CARRIED_KINDS:
            continue
        found.add(norm(value.text))
        if value.kind == "address":  # "42 Elm Ct" quotes "42 Elm Ct, Salem"
            found.add(norm(value.text.split(",", 1)[0]))
        if value.kind == "quantity":
            figure = value.text.split()[0].split("-")[0]
            if sum(c.isdigit() for c in figure) >= 3:
                found.add(figure)
        if value.kind == "money":  # "the 2,480" quotes "$2,480.00"
            bare = _BARE_AMOUNT.search(value.text)
            if bare is not None and sum(c.isdigit() for c in bare.group(1)) >= 3:
                found.add(bare.group(1))
            found |= _currency_sides(value.text)
    return frozenset(p for p in found if _phrase_worthy(p))


_SYMBOL = re.compile(r"[$€£¥]")


def _currency_sides(money: str) -> set[str]:
    """An amount with its currency's sign on either side: "€24,80" quotes "24,80 €"."""
    sign = _SYMBOL.search(money)
    if sign is None:
        return set()
    amount = (money[: sign.start()] + money[sign.end() :]).strip()
    return {norm(f"{sign.group(0)}{amount}"), norm(f"{amount} {sign.group(0)}")}


# Not a part of a word joined by a hyphen: "Corp-5G" names the network, "Corp" alone
# names nothing, and masking it would hit "Corp-Secure".
_PROPER_WORD = re.compile(
    r"(?:(?<=[\w,;:] )|(?<=\b(?:Mr|Ms|Dr)\. )|(?<=\bMrs\. )|(?<=\bProf\. ))"
    r"(?!(?:Mr|Mrs|Ms|Dr|Prof)\b)(?:[A-Z]{3,}|[A-Z][a-z]+(?:[A-Z]\w*)?)\b(?!-\w)"
)  # after a title too ("Hale" of "Mr. Hale"); the title itself names no one


# A value that is a short name on its own: "Rex", "Ada", "NYC". Too short to be a phrase,
# but a name, not a common word: a dead pet's, person's or place's name is masked.
_SHORT_NAME = re.compile(r"[A-Z][a-z]{1,2}|[A-Z]{2,3}")


_ITEM_WORDS = 4  # an item longer than this is a clause
_ITEM_SEPARATOR = re.compile(r"[,;]\s+(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


def list_items(text: str) -> frozenset[str]:
    """The items of a text that lists them after its label ("Areas: Eastmoor, Clintonville"
    holds "eastmoor" and "clintonville"): an item the live version dropped is dead where
    any turn names it."""
    _, colon, body = text.partition(": ")
    body = re.sub(r"\s*\([^)]*\)", "", body)  # "Dr. Ruiz (chair)" is the item "Dr. Ruiz"
    items = [norm(i.strip(" .")) for i in _ITEM_SEPARATOR.split(body)]
    if not colon or len(items) < 2 or any(len(i.split()) > _ITEM_WORDS for i in items):
        return frozenset()  # a sentence, not a list of names
    return frozenset(i for i in items if _phrase_worthy(i))


def proper_words(text: str) -> frozenset[str]:
    """Capitalized words and acronyms inside a sentence (not its first word): the names
    of people, companies and programs ("Halvex", "QRM", "BrightPath"), normalized. A
    month or a weekday names a time: a dead "June 24" leaves other dates in June alone.
    Words of a heading in capitals ("BOARD AND STAFF LEADS ONLY") are no acronyms."""
    shouted = {
        run.start() + m.start()
        for run in _SHOUTED.finditer(text)
        for m in _CAPS.finditer(run.group(0))
    }
    words = (norm(m.group(0)) for m in _PROPER_WORD.finditer(text) if m.start() not in shouted)
    return frozenset(w for w in words if not calendar_word(w))


# Three or more words in capitals in a row: a heading or a shout, not a run of acronyms.
_SHOUTED = re.compile(r"\b[A-Z]{2,}(?:[\s/&-]+[A-Z]{2,}\b){2,}")
_CAPS = re.compile(r"\b[A-Z]{2,}\b")


_IDENTIFYING_KINDS = frozenset({"phone", "email", "money", "code", "number", "address"})


def identifying_parts(text: str) -> frozenset[str]:
    """What in a text could say whose it was, quoted on its own elsewhere: its numbers,
    codes, amounts, phone numbers, e-mail and street addresses, and proper names ("SSN
    ends in 6789" quotes "SSN last four: 6789")."""
    found = {norm(v.text) for v in typed_values(text) if v.kind in _IDENTIFYING_KINDS}
    return frozenset(p for p in found | proper_words(text) if _phrase_worthy(p))


def norm(value: str) -> str:
    return " ".join(value.lower().split())


@dataclass(frozen=True)
class LiveValues:
    """What live texts hold, asked for membership only, so that a caller keeping counts up
    to date can answer without going through every text again."""

    wholes: Container[str]  # normalized whole texts
    parts: Set[str]  # value parts
    contains: Callable[[str], bool]  # a normalized phrase found inside some live text

    @classmethod
    def of(cls, texts: Iterable[str]) -> LiveValues:
        texts = list(texts)
        blob = "\n".join(norm(t) for t in texts)  # phrases never span lines: one search each
        return cls(
            {norm(t) for t in texts},
            frozenset(p for t in texts for p in value_parts(t)),
            lambda phrase: contains_phrase(blob, phrase),
        )


@dataclass(frozen=True)
class DeadValues:
    """What must not be shown: normalized phrases, matched on word boundaries.

    A phrase matched on word boundaries holds its first run of word characters as a whole
    word of the text, so each phrase is filed under that run: a text is only tested for the
    phrases filed under its own words (and the rare phrases with no word at all)."""

    phrases: tuple[str, ...] = ()
    label: str = REDACTED  # what a phrase is replaced with
    _by_word: dict[str, list[str]] = field(init=False, repr=False, compare=False)
    _wordless: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _rank: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_word: dict[str, list[str]] = {}
        wordless = []
        for phrase in self.phrases:
            run = _WORD_RUN.search(phrase)
            if run is None:
                wordless.append(phrase)
            else:
                by_word.setdefault(run.group(0), []).append(phrase)
        object.__setattr__(self, "_by_word", by_word)
        object.__setattr__(self, "_wordless", tuple(wordless))
        object.__setattr__(self, "_rank", {p: n for n, p in enumerate(self.phrases)})

    @classmethod
    def build(
        cls,
        dead_texts: Iterable[str],
        live: LiveValues | Iterable[str],
        label: str = REDACTED,
    ) -> DeadValues:
        """The phrases of dead texts that no live text still holds, their proper names
        among them: a withheld fact's subcontractor is not to be named anywhere, nor a
        supplier that was replaced."""
        if not isinstance(live, LiveValues):
            live = LiveValues.of(live)
        phrases: set[str] = set()
        for text in dead_texts:
            phrases |= {p for p in proper_words(text) if not live.contains(p)}
            whole = norm(text)
            if not whole or whole in live.wholes:
                continue
            core = norm(re.sub(r"\([^)]*\)", " ", whole))  # "phased rollout (tentative)"
            for phrase in {whole, core}:
                if _phrase_worthy(phrase) and not live.contains(phrase):
                    phrases.add(phrase)
            if _SHORT_NAME.fullmatch(text.strip()) and not live.contains(whole):
                phrases.add(whole)
            phrases |= {p for p in value_parts(text) if p not in live.parts}
            phrases |= {p for p in typed_parts(text) if not live.contains(p)}
            phrases |= {p for p in list_items(text) if not live.contains(p)}
        return cls(tuple(sorted(phrases, key=len, reverse=True)), label)

    def found_in(self, text: str) -> bool:
        return self.redact(text) != text

    def redact(self, text: str) -> str:
        """Replace every dead phrase in `text`. The phrases filed under the text's words,
        and found in it as plain substrings, are the few a regular expression then looks
        for, so many dead values cost little."""
        normalized = norm(text)
        filed = self._by_word
        present = [
            p
            for word in filed.keys() & _WORD_RUN.findall(normalized)
            for p in filed[word]
            if p in normalized
        ]
        present += [p for p in self._wordless if p in normalized]
        if not present:
            return text
        present.sort(key=self._rank.__getitem__)  # longer phrases first, as listed
        return phrase_pattern(tuple(present)).sub(self.label, text)


@lru_cache(maxsize=4096)
def phrase_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """Any of these normalized phrases, whole, in any spacing and case; the first listed
    wins where two start at one place, so list longer phrases first."""
    alternatives = "|".join(_flexible(p) for p in phrases)
    return re.compile(rf"(?<![\w$€£¥])(?:{alternatives})(?![\w%])", re.IGNORECASE)


def contains_phrase(text: str, phrase: str) -> bool:
    """Whether a normalized phrase occurs in a normalized text on word boundaries."""
    if phrase not in text:  # the cheap test first; the boundaries only when it might match
        return False
    return _whole_phrase(phrase).search(text) is not None


@memoized(65536)
def _whole_phrase(phrase: str) -> re.Pattern[str]:
    """A phrase on word boundaries, compiled once: a store's dead values are tens of
    thousands of phrases, far more than the `re` module's own cache keeps."""
    return re.compile(rf"(?<![\w$€£¥]){re.escape(phrase)}(?![\w%])")


def _phrase_worthy(phrase: str) -> bool:
    """Long enough to mean something on its own; a bare number counts from two digits."""
    return len(phrase) >= _MIN_PHRASE or (phrase.replace(",", "").isdigit() and len(phrase) >= 2)


def _flexible(phrase: str) -> str:
    return r"\s+".join(re.escape(word) for word in phrase.split(" "))
