"""A turn as sentences, each with what decides whether it asserts anything of ours: its
mood, whether it is conditional, hypothetical, set in the past, someone else's, or a
confirmation of what stands."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from statekeeper.conversation.cues import found, table
from statekeeper.memo import memoized
from statekeeper.nlu.interpret import NEGATED_CHANGE, is_question, narrates
from statekeeper.text.values import typed_values

# A condition before what a sentence says makes it no statement: "if the hall is full,
# we'll switch".
CONDITIONAL = re.compile(
    # after a word that only links it on: "also if he's late we ...", "and if it rains"
    r"^\W*(?:(?:also|and|but|so|plus|oh|ok(?:ay)?|well|then),?\s+)?"
    r"(?:if|unless|in case|assuming|provided|as long as)\b"
    # a condition reported or put inside: "she did say if it alarms again we'll shift it"
    r"|\b(?:say|says|said|told (?:us|me|them|her|him|you)|warned|reckons?)(?: that)?[,:]? (?:if|unless|in case)\b",
    re.I,
)
# A sentence ends at a stop or a line break; "$1.5M", "v2.14.3" and "Dr. Ruiz" stay whole,
# and so does "5:30 p.m." before a word in small letters.
_SENTENCE_END = re.compile(
    r"(?<=[.!?])(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bSt\.)(?<!\bvs\.)(?<!\bMrs\.)(?<!\bProf\.)"
    r"(?<!\bapprox\.)(?<!\be\.g\.)(?<!\bi\.e\.)"
    # "tel. 512 330 871", "ref. 4471", "No. 12": an abbreviation before what it labels
    r"(?<!\b[Tt]el\.)(?<!\b[Rr]ef\.)(?<!\b[Ee]xt\.)(?<!\b[Nn]o\.)"
    r"(?<!\b[aApP]\.[mM]\.(?=\s[a-z]))\s+"  # "5:30 p.m. at the pier" goes on
    r"|(?<=\b[Nn]o\.)\s+(?=\D)"  # "I said no. The van ..." ends its sentence
    r"|(?<=[.!?]['\"’”])\s+|\n+"
    # a guess that opens a clause of its own after a comma is a sentence of its own: "it's
    # 80 cm, not 79, I reckon whoever measured him had him slouching" states the 80 cm
    r"|(?<=,)\s+(?=(?i:i|we) (?i:reckon|think|guess|suppose|bet|suspect)\s+\w+(?:\s+\S+){2,})"
    # ... and so is a question passed on in a clause of its own: "our talk moves to 09:45,
    # and she asks if we can bring the engine"
    r"|(?<=,)\s+(?=(?i:(?:and|but|so|then) )?(?i:she|he|they|i|we) (?i:ask(?:s|ed)?"
    r" (?:(?:me|us|him|her|them) )?(?:if|whether)|wants? to know|wanted to know)\b)"
)


# Dictation runs its sentences together unpunctuated: a long run of words with no mark
# inside is parted where a conjunction opens a new subject and its verb ("... so the van's
# booked and the driver says ten is fine and we can't park there ...").
_DICTATION_WORDS = 20
_DICTATED_JOIN = re.compile(
    r"\s(?=(?:and|so|but|then|cos|because)\s+(?:[\w-]+\s+){0,2}?[\w-]*(?:'re|'s|'m|'ve|'ll|\s+"
    r"(?:is|are|was|were|can'?t|cant|won'?t|wont|will|has|have|had|goes|gets|got|comes|stays"
    r"|said|says|agreed|decided|wants?|needs?|moved|changed))\b)"
    # ... or where a subject with its verb run together opens one: "same time i've asked"
    r"|(?<!\bso)(?<!\band)(?<!\bbut)(?<!\bthen)(?<!\bcos)(?<!\bbecause)"
    r"\s(?=(?:i|we|he|she|they)(?:'ve|'m|'ll|'d|'re)\s)",
    re.I,
)


def _dictated(part: str) -> list[str]:
    """The sentences of a long run of dictation with no marks."""
    if len(part.split()) < _DICTATION_WORDS:
        return [part]
    return [p for p in _DICTATED_JOIN.split(part) if p.strip()]


# A clause ends at a comma, semicolon, colon or dash, or before "but": "moved it to the
# 13th, still Bay 2" keeps the bay and moves the date.
_CLAUSE_END = re.compile(r"[,;]\s|:\s|\s[-–—]\s|\s(?=but\s)")


# What opens a consequence the speaker draws: "..., so go-live is now Nov 23".
_CONSEQUENCE = re.compile(
    r",?\s+(?:so|which means|therefore|hence)\s+(?!(?:far|much|many|long|that|to|as|on|forth)\b)",
    re.I,
)


# A condition inside a clause: what follows it is asked of, not said to stay ("booth 9 if
# it is still free").
_CONDITION = re.compile(r"\b(?:if|unless|in case|assuming|provided|as long as)\b", re.I)


# "Same X" keeps what X names: the kinds of value each word names.
_SAME_KINDS = {
    **dict.fromkeys(("time", "times", "hour", "slot"), ("time",)),
    **dict.fromkeys(("day", "date", "dates", "days", "week"), ("date", "weekday")),
    **dict.fromkeys(("price", "cost", "rate", "fee", "amount"), ("money", "percent")),
    **dict.fromkeys(
        ("place", "venue", "room", "address", "location", "spot"), ("name", "address", "code")
    ),
}
_SAME = re.compile(r"\b(?:the )?same (\w+)")


def _kinds_kept(clause: str) -> frozenset[str] | None:
    """The kinds of value a clause that keeps something keeps, when it keeps only what
    "same X" names ("Thursday, same time" keeps times); None when it keeps all."""
    lowered = clause.lower()
    kinds = frozenset(k for word in _SAME.findall(lowered) for k in _SAME_KINDS.get(word, ()))
    if not kinds or stays(_SAME.sub(" ", lowered)):
        return None
    return kinds


def _keeps_all(clause: str) -> bool:
    """Whether a clause keeps whatever it names."""
    return stays(clause) and _kinds_kept(clause) is None


def stays(clause: str) -> bool:
    """Whether a clause says something stays as it is."""
    condition = _CONDITION.search(clause)
    said = clause[: condition.start()] if condition else clause
    return NEGATED_CHANGE.search(said.lower()) is not None or found("keeps", said)


@dataclass(frozen=True)
class Sentence:
    text: str
    start: int  # where it starts in the turn
    question: bool = False
    conditional: bool = False
    hypothetical: bool = False
    past: bool = False
    third_party: bool = False
    keeps: bool = False
    wanted: bool = False  # someone else's wish or request: "the client wants 100 units"
    scheduled: bool = False  # a change dated to a later cycle: "at renewal it goes to $90"
    generic: bool = False  # of things in general: "rent around here averages $1,800"

    @property
    def reports(self) -> bool:
        """Whether the sentence tells of something done or decided: not a question, a
        condition, a musing, a story of the past, someone else's own affair, a change
        that waits for a later cycle, or what holds of things in general."""
        return not (
            self.question
            or self.conditional
            or self.hypothetical
            or self.past
            or self.third_party
            or self.scheduled
            or self.generic
        )

    @property
    def asserts(self) -> bool:
        """Whether the sentence can state a new value of ours in some clause."""
        whole = len(self.clauses()) == 1 and self._opens_keeping_all()
        return self.reports and not whole and not self.only_keeps

    @property
    def only_keeps(self) -> bool:
        """Whether the sentence keeps what it names, states no value, and says nothing
        else but remarks ("the strap is still with Ingrid, she borrowed it")."""
        return not typed_values(self.text) and self._opens_keeping_all()

    def _opens_keeping_all(self) -> bool:
        """Whether the sentence's first clause keeps whatever it names."""
        return self.keeps and _keeps_all(self.text[: self.clauses()[0][1]])

    def wanted_at(self, offset: int) -> bool:
        """Whether what the sentence says at `offset` is someone's wish, not what follows
        from it: in "the client asked for more time, so go-live is now Nov 23" the date is
        the speaker's own conclusion."""
        if not self.wanted:
            return False
        since = max((m.end() for m in _CONSEQUENCE.finditer(self.text, 0, offset)), default=0)
        # to the end of the value's clause: "going with Theo at 1pm, he wants 4 hours" wishes
        # for the hours, not the time
        end = next((b for a, b in self.clauses() if a <= offset < b), len(self.text))
        return found("wanted", self.text[since:end])

    def clauses(self) -> list[tuple[int, int]]:
        """Where each clause starts and ends in the sentence."""
        bounds = [0, *(m.end() for m in _CLAUSE_END.finditer(self.text)), len(self.text)]
        return [(a, b) for a, b in zip(bounds, bounds[1:], strict=False) if b > a]

    def keeps_at(self, offset: int, kind: str | None = None) -> bool:
        """Whether the clause around `offset` (in the sentence) says something stays, so a
        value there (of `kind`, when given) is the standing one, not a new one. "Same time"
        keeps a time: "Thursday, same time" moves the day."""
        if not self.keeps:
            return False
        for start, end in self.clauses():
            if start <= offset < end:
                clause = self.text[start:end]
                if not stays(clause):
                    return False
                kinds = _kinds_kept(clause)
                return kind is None or kinds is None or kind in kinds
        return False


    def said_same(self) -> frozenset[str]:
        """The kinds of value the sentence says stay the same ("Thursday, same time"): it
        changes the thing that has them, in something else."""
        if not self.keeps:
            return frozenset()
        clauses = (self.text[a:b] for a, b in self.clauses())
        return frozenset(k for c in clauses if stays(c) for k in _kinds_kept(c) or ())


# A word of assent that may come before the yes itself: "great, book it", "ok, do it".
_OPENING = re.compile(r"^\W*(?:(?:great|ok(?:ay)?|cool|alright|perfect|awesome)[,!]\s*)?([^.!?,;:]*)", re.I)
_POLITE = re.compile(r"\s+(?:please|pls|plz|thanks|thank you|thx|ta|cheers|thing)$")
_AMENDED = re.compile(r"^\W*[\w' ]*?[,;]?\s*\b(?:but|except|though|although|however)\b", re.I)


def confirms(turn: str) -> bool:
    """Whether a turn opens by saying yes to what was just said to it ("yep", "that's
    right, and ...", a thumbs-up), with no amendment in the same breath ("yes, but ...")."""
    if _AMENDED.match(turn):
        return False
    if table("assent_signs").match(turn.lstrip()):
        return True
    opening = _OPENING.match(turn)
    said = opening.group(1).strip().lower() if opening else ""
    said = _POLITE.sub("", said)
    if said and table("confirmations").fullmatch(said) is not None:
        return True
    # a yes said twice over, with no comma between: "ok good", "yes perfect, send it"
    lead, _, rest = said.partition(" ")
    return (
        found("assent_leads", lead)
        and bool(rest)
        and table("confirmations").fullmatch(rest) is not None
    )


# Who a line of a pasted chat or log is from: a bracketed stamp or name ("[Tomasz]", "[09/05,
# 08:14]"), names in capitals ("Imke"), a role in brackets ("Renata (IC)").
_BRACKETED = r"\[[^\]\n]{1,40}\]"
_NAMES = r"[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2}"
_ROLE = r"\([^)\n]{1,40}\)"
# A line's label before its words, a bare "Name: " included: a sentence's mood is read after
# it ("[Tomasz]: if it rains ..." is a condition).
_LINE_LABEL = re.compile(rf"^(?:[-*•]\s*)?(?:{_BRACKETED}:?\s*)?(?:{_NAMES}(?:\s*{_ROLE})?:\s+)?")
# A speaker's label only, as pasted logs write it: "[Kezia]: ", "[09/05, 08:14] Imke: ",
# "Dev (unit manager): " (not a bare "Venue: ", which labels a value).
_SPEAKER_LABEL = re.compile(rf"^\s*(?:{_BRACKETED}\s*(?:{_NAMES}\s*)?|{_NAMES}\s*{_ROLE}\s*):")


def line_speaker(sentence: str) -> str | None:
    """Who a line of a pasted chat or log is from, by its label; None when it has none."""
    label = _SPEAKER_LABEL.match(sentence)
    return label.group(0).strip(" :") if label else None


def sentences(text: str) -> list[Sentence]:
    """A turn's sentences, each with how it is said (a fresh list: callers may change it)."""
    return list(_read_sentences(text))


@memoized(4096)
def _read_sentences(text: str) -> tuple[Sentence, ...]:
    """Read once a text: the rules of a turn ask for its sentences a dozen times."""
    out = []
    position = 0
    marked = re.search(r"[,;:.!?](?!\d)", text) is not None  # dictation has no marks at all
    parts = _SENTENCE_END.split(text)
    for part in parts if marked else [p for whole in parts for p in _dictated(whole)]:
        start = text.find(part, position)
        position = start + len(part)
        stripped = _LINE_LABEL.sub("", part.strip(), count=1)
        if not stripped:
            continue
        out.append(
            Sentence(
                text=part,
                start=start,
                question=is_question(stripped),
                conditional=CONDITIONAL.search(stripped) is not None,
                hypothetical=found("reported_question", stripped)
                or found("conditional_offer", stripped)
                or found("guess", stripped)
                or found("counterfactual", stripped)
                or found("joke", stripped),
                past=narrates(stripped),
                third_party=(found("third_party", stripped) or found("third_party_own", stripped))
                and not found("own_order", stripped),
                wanted=found("wanted", stripped),
                scheduled=found("later_cycle", stripped),
                generic=found("generic", stripped),
                keeps=stays(stripped),
            )
        )
    return tuple(_disowned(out))


def _disowned(said: list[Sentence]) -> list[Sentence]:
    """The sentences a remark after them calls another's ("... reserved their side at
    $27,000. not our number obv", "she's 14 Feb now, different thing"), marked someone
    else's affair."""
    out = list(said)
    for n, sentence in enumerate(said):
        cue = table("disowning").search(sentence.text.lower())
        if cue is None:
            continue
        if cue.start() > 0 and re.search(r"\d", sentence.text[: cue.start()]):
            out[n] = replace(out[n], third_party=True)  # "... 14 Feb, different thing"
        elif n and cue.start() <= _REMARK_LEAD:
            out[n - 1] = replace(out[n - 1], third_party=True)
    return out


_REMARK_LEAD = 12  # characters before a remark that opens its sentence ("Also, that's ...")
