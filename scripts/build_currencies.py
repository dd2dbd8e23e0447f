"""Write src/statekeeper/text/currencies.toml from CLDR, read through babel: the ISO 4217
codes and the signs people write beside an amount ("KES", "Ksh", "zł", "R$", "₦").

Run by hand when babel's data moves on (`pip install babel`, then this script); a test
holds the file to what babel gives.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from babel import Locale, localedata, numbers

OUT = Path(__file__).resolve().parents[1] / "src" / "statekeeper" / "text" / "currencies.toml"
# Codes that are English words in capitals ("ALL 3 rooms", "TOP 10"): never read as money.
WORDS = frozenset({"ALL", "BAM", "BOB", "CUP", "GEL", "MAD", "MOP", "PEN", "SOS", "TOP", "TRY"})


def codes() -> list[str]:
    """Every currency code in use, written in capitals."""
    return sorted(c for c in numbers.list_currencies() if c.isalpha() and c not in WORDS)


def signs() -> list[str]:
    """Each territory's sign for its own currency, and the English signs ("CA$", "HK$")."""
    found = {numbers.get_currency_symbol(code, "en") for code in numbers.list_currencies()}
    for identifier in localedata.locale_identifiers():
        locale = Locale.parse(identifier)
        current = numbers.get_territory_currencies(locale.territory) if locale.territory else []
        if current:
            found.add(numbers.get_currency_symbol(current[0], locale))
    cleaned = {s.strip("\u200f\u200b\u202f ") for s in found}
    return sorted(s for s in cleaned if s and s != "¤" and _plain_sign(s))


def _plain_sign(sign: str) -> bool:
    """A sign that is no word or unit beside a figure: one with a mark or a letter of its
    own ("R$", "zł", "₦", "kr."), or of three letters or more with a capital ("Ksh",
    "FCFA"); not a code again, nor two bare letters ("Ft" is also feet, "KM" kilometres)."""
    if re.fullmatch(r"[A-Z]{3}", sign):
        return False
    if not re.fullmatch(r"[A-Za-z]+", sign):
        return True
    return len(sign) >= 3 and sign != sign.lower()


def render() -> str:
    def listed(name: str, items: list[str]) -> str:
        body = "".join(f'  "{item}",\n' for item in items)
        return f"{name} = [\n{body}]\n"

    return (
        "# Currencies beside an amount, from CLDR through babel: written by\n"
        "# scripts/build_currencies.py, not by hand.\n\n"
        + listed("codes", codes())
        + "\n"
        + listed("signs", signs())
    )


if __name__ == "__main__":
    OUT.write_text(render(), encoding="utf-8")
    sys.stdout.write(f"wrote {OUT.name}\n")
