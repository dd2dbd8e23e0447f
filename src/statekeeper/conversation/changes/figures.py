"""One value written in more than one way: a code's figures alone, a time without its
half of the day, an amount with or without its currency."""

from __future__ import annotations

import re
from collections.abc import Iterable

from statekeeper.text.values import PENCE, TypedValue

_MERIDIEM = re.compile(r"[ap]\.?m\b|noon", re.I)


def without_meridiem(value: TypedValue) -> bool:
    return value.kind == "time" and not _MERIDIEM.search(value.text)


def clock_of(value: TypedValue) -> str:
    """A time's clock without its half of the day ("6:30" of "6:30pm"); empty for any other
    value, or a time written otherwise."""
    clock = _MERIDIEM.sub("", value.text).strip(" .") if value.kind == "time" else ""
    return clock if re.fullmatch(r"\d{1,2}[:.]\d{2}", clock) else ""


def digits(text: str) -> str:
    """A code's figures: a bare "7450" restates "Latitude 7450"."""
    return re.sub(r"\D", "", text)


_FIGURES = frozenset({"number", "money", "quantity"})


def same_figure(a: TypedValue, b: TypedValue) -> bool:
    """One amount, written with or without its currency ("2,480" and "$2,480.00")."""
    figures = [figure(v) for v in (a, b)]
    return None not in figures and figures[0] == figures[1]


def one_value(a: TypedValue, b: TypedValue) -> bool:
    """Whether two values are one written two ways: "2,480" and "$2,480.00", "3:30" and
    "3:30pm"."""
    if a.key == b.key or same_figure(a, b):
        return True
    return (
        a.kind == b.kind == "time"
        and (without_meridiem(a) or without_meridiem(b))
        and digits(a.text) == digits(b.text)
    )


def quotes_a_figure(value: TypedValue, known: Iterable[TypedValue]) -> bool:
    """Whether a bare number says again the figure of a known amount, share or count
    ("we're only taking the 25" of "25% crown reduction"): no new value of anything."""
    if value.kind != "number":
        return False
    said = figure(value)
    return said is not None and any(
        said == (figure(k) if k.kind != "percent" else _percent(k)) for k in known
    )


def _percent(value: TypedValue) -> float | None:
    share = re.match(r"(\d+(?:\.\d+)?)", value.text)
    return float(share.group(1)) if share else None


def figure(value: TypedValue) -> float | None:
    """The amount a number, a sum of money or a count holds, without currency or unit."""
    if value.kind not in _FIGURES:
        return None
    figure = _FIGURE.match(value.text)
    return float(figure.group(1).replace(",", "")) if figure else None


# An amount's figure, then nothing but a unit or a currency's letters: "$2,480.00",
# "1,200 seats"; "5521 0917" is an id, not an amount.
_FIGURE = re.compile(r"[$€£]?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s*[A-Za-z]+)?$")


def currency(value: TypedValue) -> str:
    """An amount's currency as written ("£", "CA$", "eur"); empty for other kinds."""
    if value.kind != "money":
        return ""
    if PENCE.fullmatch(value.text.lower()):
        return "£"
    return re.sub(r"[\d.,\s]|(?<=\d)[kmb]\b|million|billion|thousand", "", value.text.lower())
