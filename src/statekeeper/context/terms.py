"""Query terms for full-text ranking: content words and numbers, stop words dropped."""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[A-Za-z][A-Za-z'\-]*[A-Za-z]|\d[\d,.]*%?|[A-Za-z]")
STOP_WORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers him his how i if in into is it its itself just
    let lets let's me more most my no nor not now of off on once only or other our ours out over
    own same she should so some such than that the their them then there these they this those
    through to too under until up very was we were what when where which while who whom why will
    with would you your yours please tell know want need give get current currently right
    okay ok hi hello thanks thank should shall may might must""".split()
)
MAX_TERMS = 32
# A possessive's "'s": the full-text index splits "Dana's" into "dana" and "s", so a query
# term that keeps it matches only the same possessive, never the plain name.
_POSSESSIVE = re.compile(r"'s$")


def content_words(text: str) -> list[str]:
    """Content words of a text in order, repeats kept, stop words dropped."""
    words = []
    for raw in _TOKEN.findall(text.lower()):
        term = _POSSESSIVE.sub("", raw).strip("'-").rstrip(".,")
        if len(term) >= 2 and term not in STOP_WORDS:
            words.append(term)
    return words


def query_terms(text: str) -> list[str]:
    """Distinct content words of a query, in order, at most MAX_TERMS."""
    return list(dict.fromkeys(content_words(text)))[:MAX_TERMS]
