"""Phrase matching for ground-truth phrases, as docs/conformance.md defines it.

Plain substring search scores `$45` inside `$450` and `by` inside `nearby`; a plain `\\b`
on both ends breaks on phrases that start or end with a symbol (`$45`, `10%`). So each edge
of a phrase gets a boundary only when that edge is a word character.
"""

from __future__ import annotations

import re
from functools import lru_cache

REGEX_PREFIX = "regex:"

# Words a correct answer may well contain, so finding one proves nothing. Grouped by why.
_FUNCTION_WORDS = frozenset(
    """a an the this that these those it its you your and or but nor if then than as so
    at by for from in into onto of off on to with without via per about over under up
    before after during until since while is are was were be been being am will would
    shall should can could may might must do does did not no yes""".split()
)
_TIME_NOUNS = frozenset(
    """day days week weeks month months quarter quarters year years time date dates
    deadline deadlines schedule today tomorrow yesterday""".split()
)
_COMMERCIAL_NOUNS = frozenset(
    """budget cost costs price prices amount total color colour size option options detail
    details spec specs quantity number model product item order discount quote requirement
    requirements""".split()
)
_DECISION_VERBS = frozenset(
    """approve approved agree agreed decide decided choose chose select selected allocate
    allocated confirm confirmed expect expected request requested mention mentioned want
    wanted arriving returning using final""".split()
)
NON_DISCRIMINATIVE = _FUNCTION_WORDS | _TIME_NOUNS | _COMMERCIAL_NOUNS | _DECISION_VERBS

# Below this length a purely alphabetic phrase collides too easily ("HP", "AI").
_MIN_ALPHA_LEN = 3

# A must_not_mention phrase preceded by one of these (within the window) is being denied,
# not asserted: "it is no longer Friday" correctly distinguishes dead state.
NEGATION_CUES = (
    "not ",
    "n't ",
    "no longer",
    "never",
    "cannot",
    "can not",
    "instead of",
    "rather than",
    "no more",
    "avoid ",
    "without ",
    "isn't",
    "wasn't",
    "aren't",
    "weren't",
    "don't",
    "doesn't",
    "didn't",
    "superseded",
    "outdated",
    "previously",
    "used to be",
    "was changed",
    "replaced",
    "invalid",
    "not valid",
    "cancelled",
    "canceled",
)
NEGATION_WINDOW = 40


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


@lru_cache(maxsize=65536)
def boundary_pattern(phrase: str) -> re.Pattern[str]:
    """Case-insensitive pattern for one literal phrase, bounded on its word-character edges."""
    lead = r"(?<!\w)" if _is_word_char(phrase[:1]) else ""
    trail = r"(?!\w)" if _is_word_char(phrase[-1:]) else ""
    return re.compile(lead + re.escape(phrase) + trail, re.IGNORECASE)


@lru_cache(maxsize=16384)
def _regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def alternatives(phrase: str) -> list[str]:
    """The literal alternatives of a phrase (`a|b` is two); empty ones are dropped."""
    return [alt.strip() for alt in phrase.split("|") if alt.strip()]


def is_regex(phrase: str) -> bool:
    return phrase.strip().lower().startswith(REGEX_PREFIX)


def found(text: str, phrase: str) -> bool:
    """Is `phrase` in `text`? Handles `regex:` and `|` alternatives."""
    stripped = phrase.strip()
    if is_regex(stripped):
        return _regex(stripped[len(REGEX_PREFIX) :]).search(text) is not None
    return any(boundary_pattern(alt).search(text) for alt in alternatives(stripped))


def is_admissible(phrase: str) -> bool:
    """Can this must_not_mention phrase signal a failure, i.e. could no correct answer hold it?

    Rejected: empty phrases, lone symbols (`$`, `#`), a single ordinary word from the lists
    above, and short all-letter tokens. Multi-word phrases are kept ("approved for" is
    specific where "approved" is not); a regex is the author's explicit choice and is kept;
    alternatives are admissible only if every one is.
    """
    p = phrase.strip()
    if not p:
        return False
    if is_regex(p):
        return True
    if "|" in p:
        return all(is_admissible(alt) for alt in p.split("|"))
    if not any(c.isalnum() for c in p):
        return False
    if p.lower() in NON_DISCRIMINATIVE:
        return False
    if len(p) < _MIN_ALPHA_LEN and not any(c.isdigit() for c in p):
        return " " in p
    return True


def admissible(phrases: list[str]) -> list[str]:
    return [p for p in phrases if is_admissible(p)]


def asserted(text: str, phrase: str) -> bool:
    """Is `phrase` in `text` at least once outside a negation cue?

    A regex phrase is matched plainly: its author took control of what counts.
    """
    stripped = phrase.strip()
    if is_regex(stripped):
        return found(text, stripped)
    lowered = text.lower()
    for alt in alternatives(stripped):
        for match in boundary_pattern(alt).finditer(text):
            window = lowered[max(0, match.start() - NEGATION_WINDOW) : match.start()]
            if not any(cue in window for cue in NEGATION_CUES):
                return True
    return False


_YES_SIGNALS = ("yes", "go ahead", "proceed", "approved", "can do", "will do")
_NO_SIGNALS = (
    "no",
    "don't",
    "do not",
    "cannot",
    "can't",
    "should not",
    "shouldn't",
    "stop",
    "hold off",
    "not possible",
    "not permitted",
    "exceeds",
)


def _first_signal(text: str, signals: tuple[str, ...]) -> int | None:
    starts = [m.start() for s in signals if (m := boundary_pattern(s).search(text))]
    return min(starts) if starts else None


def read_yes_no(response: str) -> str | None:
    """The yes/no decision a response states, or None when it states none.

    Signals match on word boundaries ("no" is never read inside "now" or "know"). When both
    sides signal, a standalone "yes" or "no" decides; failing that, the earlier signal.
    """
    first_yes = _first_signal(response, _YES_SIGNALS)
    first_no = _first_signal(response, _NO_SIGNALS)
    if first_yes is None and first_no is None:
        return None
    if first_no is None:
        return "yes"
    if first_yes is None:
        return "no"
    explicit_yes = boundary_pattern("yes").search(response) is not None
    explicit_no = boundary_pattern("no").search(response) is not None
    if explicit_yes != explicit_no:
        return "yes" if explicit_yes else "no"
    return "yes" if first_yes < first_no else "no"


def decision_correct(response: str, expected: str) -> bool:
    """Does the response carry the expected decision?"""
    wanted = " ".join(expected.split()).lower()
    if wanted in ("yes", "no"):
        return read_yes_no(response) == wanted
    if not wanted:
        return False
    return boundary_pattern(wanted).search(" ".join(response.split())) is not None
