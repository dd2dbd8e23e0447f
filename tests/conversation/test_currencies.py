"""Amounts in the currencies people write, and the currency data CLDR gives."""

from __future__ import annotations

import runpy
from importlib import resources
from pathlib import Path

import pytest

from statekeeper.text.values import typed_values


def money(text: str) -> list[str]:
    return [v.text for v in typed_values(text) if v.kind == "money"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a code or a local sign before the amount
        ("the deposit was KSh 12,000 cash", ["KSh 12,000"]),
        ("PHP 2,750 per night for the sea view", ["PHP 2,750"]),
        ("fare is R$ 310,00 each way", ["R$ 310,00"]),
        ("₦18,500 for the generator hire", ["₦18,500"]),
        ("EC$640.00 for the mooring", ["EC$640.00"]),
        # the currency after it
        ("that comes to 2.450,00 zł with VAT", ["2.450,00 zł"]),
        ("the frame was 215 GBP", ["215 GBP"]),
        ("88,50 EUR for the lot", ["88,50 EUR"]),
        # an amount grouped in points, not a phone number
        ("insured for €2.300.000,00 in transit", ["€2.300.000,00"]),
        # thousands grouped by spaces, to the sentence's full stop, cents after a comma
        ("Fee agreed: SEK 14 750.", ["SEK 14 750"]),
        ("the quote is CZK 1 380 000.", ["CZK 1 380 000"]),
        ("rent PLN 3 400,50 a month", ["PLN 3 400,50"]),
        ("pay 2 640 zł by Friday", ["2 640 zł"]),
        # capitals that are words, and units, are no currency
        ("ALL 3 rooms are booked", []),
        ("TOP 10 songs of the year", []),
        ("a 12 km walk", []),
    ],
)
def test_an_amount_in_a_written_currency_is_money(text: str, expected: list[str]) -> None:
    assert money(text) == expected


@pytest.mark.parametrize(
    ("a", "b"),
    [("88,50 EUR", "88.50 EUR"), ("€2.300.000,00", "€2,300,000.00"), ("KSh 12,000", "ksh 12000")],
)
def test_an_amount_however_grouped_is_one_amount(a: str, b: str) -> None:
    assert typed_values(a)[0].key == typed_values(b)[0].key


def test_the_currency_data_is_what_cldr_gives() -> None:
    script = Path(__file__).resolve().parents[2] / "scripts" / "build_currencies.py"
    render = runpy.run_path(str(script))["render"]
    shipped = resources.files("statekeeper.text").joinpath("currencies.toml").read_text("utf-8")
    assert shipped == render()
