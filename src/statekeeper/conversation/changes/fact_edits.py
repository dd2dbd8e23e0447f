"""Edits of a fact's text: a value changed, an item taken out, and a total kept the sum
of the amounts it totals."""

from __future__ import annotations

import re

from statekeeper.conversation.changes.totals import stated_as_total
from statekeeper.nlu.topic import topic_terms
from statekeeper.text.values import TypedValue, typed_values


def without(text: str, item: str) -> str:
    """A list's text with one item taken out, and the separators left tidy; a total that
    was the sum of its amounts is the sum of those left. Nothing is left when what follows
    the item only told more of it ("RSA token, posted to her home" without the token)."""
    at = text.find(item)
    if at < 0:
        return text
    if at == 0 and _TELLS_MORE.match(text[len(item) :]):
        return ""
    item = _numbered_entry(text, at, item)
    item = _headed_entry(text, at, item)
    at = text.find(item)
    rest = text[:at] + text[at + len(item) :]
    rest = re.sub(r"\s*(?:,\s*|;\s*)(?:and\s+)?(?=[,;.]|$)", "", rest)
    rest = re.sub(r"\s*[,;]\s*(?=\()", " ", rest)  # "A 4, B 2, (total 6)" without B 2
    rest = re.sub(r"(,|;|:)\s*(?:,|;)\s*", r"\1 ", rest)
    rest = re.sub(r":(?:\s+(?:and\s+)?,?\s*|,\s*)", ": ", rest)  # "9:40" keeps its colon
    return retotalled(text, re.sub(r"\s{2,}", " ", rest).strip(" ,;\n"))


# The number that opens an entry of a numbered list: "2) ", "3. ".
_ENTRY_NUMBER = re.compile(r"\s*\d{1,2}[.)]\s+")


def _numbered_entry(text: str, at: int, item: str) -> str:
    """The whole entry of a numbered list an item opens ("2) Blue Door Print, proofs to
    the studio", to the next ";" or line, the line's end with it), or the item itself where
    it opens none."""
    begin = max(text.rfind(";", 0, at), text.rfind("\n", 0, at), text.rfind(":", 0, at)) + 1
    if not _ENTRY_NUMBER.fullmatch(text, begin, at):
        return item
    ends = [e for e in (text.find(";", at), text.find("\n", at)) if e >= 0]
    end = min(ends) if ends else len(text)
    entry = text[begin:end].lstrip(" \t")
    return entry + "\n" if text.startswith("\n", end) else entry


def _headed_entry(text: str, at: int, item: str) -> str:
    """The whole entry of a list of entries parted by semicolons that an item heads ("4471
    boiler service 09:00, Mrs Kay, 3 Elm Row" of "...; 4471 boiler service 09:00, Mrs
    Kay, 3 Elm Row; ..."): taking out what names a record takes out all it tells. The item
    itself where it heads none, or where the entry is a group of plain items."""
    if ";" not in text:
        return item
    semicolon = text.rfind(";", 0, at)
    begin = (semicolon if semicolon >= 0 else text.find(":", 0, at)) + 1  # after the label
    end = text.find(";", at)
    end = len(text) if end < 0 else end
    if text[begin:at].strip() or "," not in text[at + len(item) : end]:
        return item
    if not (typed_values(item) and typed_values(text[at + len(item) : end])):
        return item  # "soup, bread; mains: ...": items, not records with their details
    return text[at:end].rstrip()


# What goes on about the thing just named rather than naming another: ", posted to her",
# ", delivered Friday", ", to be collected".
_TELLS_MORE = re.compile(r"^\s*,\s*(?:[a-z]+ed|to be|to|for|with|via|by|from)\b")
_PLAIN_MONEY = re.compile(r"^(\D*?)(\d[\d,]*)(\.\d+)?$")


def retotalled(before: str, after: str) -> str:
    """`after` with its total ("total $50,000") set to the sum of its other amounts, when
    in `before` the total was exactly the sum of the amounts then listed: a total derived
    from its lines follows them, and a stale one is never shown as live."""
    old_total, old_lines = _total_and_lines(before)
    new_total, new_lines = _total_and_lines(after)
    if old_total is None or new_total is None or not new_lines:
        return _recounted(before, after)
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
    totals = [v for v in amounts if stated_as_total(text, v)]
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


# A count said as the sum of the counts listed before it: "A 4, B 2, C 1 (total 7 crates)".
_COUNT_TOTAL = re.compile(
    r"\b(?:total(?:ling)?|in all)\W{0,3}(\d+)\b|\b(\d+)\s+(?:[a-z]+\s+)?(?:in all|in total|altogether)\b",
    re.I,
)
_ENDING_COUNT = re.compile(r"\s(\d+)\W*$")


def _recounted(before: str, after: str) -> str:
    """`after` with its count total ("total 7 crates") set to the sum of the counts its
    items end with, when in `before` it was exactly their sum."""
    old, new = _COUNT_TOTAL.search(before), _COUNT_TOTAL.search(after)
    if old is None or new is None:
        return after
    figure = new.lastindex or 1  # the group the total's figure is in
    if old.group(old.lastindex or 1) != new.group(figure):
        return after  # the total itself was changed: the speaker's figure stands
    old_lines, new_lines = (
        _ending_counts(before[: old.start()]),
        _ending_counts(after[: new.start()]),
    )
    if len(old_lines) < 2 or not new_lines or sum(old_lines) != int(new.group(figure)):
        return after
    return after[: new.start(figure)] + str(sum(new_lines)) + after[new.end(figure) :]


def _ending_counts(text: str) -> list[int]:
    """The counts the items of a list end with ("Ana 4, Bo 2" -> 4, 2); none unless all do."""
    items = [i for i in re.split(r"[,;]\s*", text.rpartition(":")[2]) if i.strip(" (")]
    counts = [_ENDING_COUNT.search(" " + i) for i in items]
    return [int(c.group(1)) for c in counts if c] if all(counts) else []
