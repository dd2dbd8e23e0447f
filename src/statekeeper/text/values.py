"""Typed values inside free text: what kind of thing a span is, where it is, and what
stands around it.

A correction is recognised by the type of what it says (a new phone number where a phone
number was known), not by the verb that carries it, so every kind is found on its own and
the longest span wins where two kinds overlap. Phone numbers come from `phonenumbers`.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources

import phonenumbers

from statekeeper.nlu.topic import stem
from statekeeper.text.moments import in_words, ordinals_in_figures

_MONTH = r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
# A month typed in lower case, before its day ("feb 3"): "may" is left out, a verb as often.
_MONTH_LOWER = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_WEEKDAY = r"(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day|nesday|sday|rsday|urday)?s?\.?"
# A weekday typed in lower case: in full, or cut short where no other word is spelled so
# ("thurs", not "sat" or "wed").
_WEEKDAY_LOWER = r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|tues|weds|thurs)"
_ORDINAL = r"\d{1,2}(?:st|nd|rd|th)"
# Right after a weekday, in full or cut short: "Tuesday the ninth", "Sat the 16th".
_AFTER_WEEKDAY = "(?:" + "|".join(
    f"(?<={day} )" for day in ("day", "Mon", "Tue", "Tues", "Wed", "Thu", "Thur", "Thurs", "Fri", "Sat", "Sun")
) + ")"
# A day of the month spelled out from the fourth on ("the twelfth"), a date alone as "the
# 12th" is; "the first" and "the second" alone are more often of other things.
_SPELLED_LATER_DAY = (
    r"(?:(?:twenty|thirty)[- ])(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)"
    r"|fourth|fifth|sixth|seventh|eighth|ninth"
    r"|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth"
    r"|eighteenth|nineteenth|twentieth|thirtieth"
)
# Any day of the month spelled out ("the ninth"): a date beside a weekday or a month, since
# "the third floor" and "the second desk" are not.
_SPELLED_DAY = _SPELLED_LATER_DAY + "|first|second|third"
# What may follow a day of the month said as "the 9th": a preposition, a verb, a pronoun.
_AFTER_ORDINAL_DAY = (
    r"(?:of|at|in|on|and|or|to|for|from|by|until|till|through|is|be|was|are|were|works?|suits?|"
    r"would|will|could|should|then|instead|please|now|now|we|i|you|they|he|she|it|if|but|so|"
    r"as|not|rather|latest|onwards?|after|before|with|too|morning|afternoon|evening|night)"
)
_CALENDAR_WORD = re.compile(f"{_MONTH}|{_WEEKDAY}", re.IGNORECASE)


def calendar_word(word: str) -> bool:
    """Whether a word names a month or a weekday ("June", "Fri"): a time, not a thing."""
    return _CALENDAR_WORD.fullmatch(word) is not None
_STREET = (
    r"St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Lane|Ln|Dr|Drive|Way|Ct|Court|Pl|Place|"
    r"Ter|Terrace|Pkwy|Parkway|Hwy|Highway|Cir|Circle|Sq|Square|"
    r"Row|Crescent|Cres|Close|Mews|Grove|Parade|Gardens|Quay|Wynd|Esplanade|Promenade"
)
_TOWN = r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2}"
# Counts said in words ("two tickets", "a dozen eggs"), read as their figures.
NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "a dozen": 12,
    "a couple of": 2,
}
_NUMBER_WORD = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
# A count in words made of two: "twenty six", "forty-eight", "two dozen".
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_UNITS = "one|two|three|four|five|six|seven|eight|nine"
_SPOKEN_COUNT = rf"(?:(?:{_TENS})[- ](?:{_UNITS})|(?:{_UNITS}|ten|twelve) dozen|{_NUMBER_WORD})"
_SPOKEN_LEAD = re.compile(
    rf"^(?:(?P<tens>{_TENS})[- ](?P<units>{_UNITS})|(?P<times>{_UNITS}|ten|twelve) dozen"
    rf"|(?P<word>{_NUMBER_WORD}))(?=\s|-|$)"
)
# Words that may follow a town and end the address: "to 40 Quay St, Bath instead".
_AFTER_TOWN = (
    r"\s+(?:instead|now|please|then|too|again|from now on|starting|as of|for now|next|this|"
    r"tomorrow|today|tonight|soon|on|in|by|from|until|before|after|when|if|so|and|but)\b"
)
# Units of measure written on to their figure; a letter or two alone ("3B", "4K") may be
# a seat or a grade, so only units no code is made of.
# Places of a site told apart by a letter rather than a number.
_LETTERED_PLACES = (
    "dock|gate|hall|room|bay|building|bldg|lot|level|wing|terminal|zone|section|door|court|"
    "pier|platform|berth|ward|suite|unit|block|aisle|tower|entrance|lane|field|stage|tent"
)
# Things people number and name by that number: "freezer 5", "bus 22", "table 4".
_NUMBERED_THINGS = (  # no word that is also a verb before a count ("seat 90", "train 20")
    "freezer|fridge|rack|shelf|slot|bin|locker|cabinet|drawer|bus|van|truck|route|table|stall|"
    "salon|cot|kennel|stable|plot|booth|desk|cabin|flight|"
    "carriage|tank|pump|channel|camera|oven"
)
# Units written with a sign, glued to the figure or a space apart: "18°C", "18 °C", "40 m²".
_SIGNED_UNIT = "°\\s?[CFcf]|°|(?:k|c)?m[²³]"
_GLUED_UNIT = (
    "[KMGTP]B|[kKMG]Hz|mAh|kWh|kW|mg|kg|ml|mL|oz|lbs?|km|cm|mm|mph|kph|sq ?ft|ft|hrs?|mins?|"
    f"{_SIGNED_UNIT}|(?:k|c)?m[23]"
)
# Units of length a measurement across two or three sides ends with: "800 x 2000 mm".
_LENGTH_UNIT = (
    r"(?:mm|cm|m|km|inch(?:es)?|ft|feet|foot|yds?|yards?|(?:milli|centi)?met(?:re|er)s?|\"|″)"
)
_LENGTH_NAMES = {
    **dict.fromkeys(("inch", "inches", '"', "″"), "in"),
    **dict.fromkeys(("feet", "foot"), "ft"),
    **dict.fromkeys(("yd", "yds", "yard", "yards"), "yd"),
    **dict.fromkeys(("metre", "metres", "meter", "meters"), "m"),
    **dict.fromkeys(("millimetre", "millimetres", "millimeter", "millimeters"), "mm"),
    **dict.fromkeys(("centimetre", "centimetres", "centimeter", "centimeters"), "cm"),
}
_SIDE = r"\d+(?:\.\d+)?"
_ACROSS = rf"\s?(?:{_LENGTH_UNIT}\s?)?(?:[x×X]|by)\s?"
# Words after a figure that tell no kind of the thing counted: "2 more chairs" adds.
_NO_KIND = frozenset("more less fewer extra additional further other new old".split())
_UNIT_STOP = frozenset(
    "a an the and or of to for in on at by with from is are was be it its this that so if "
    "as am pm but not no per each every more less than about now then too also instead past "
    "again today tonight tomorrow yesterday please since because until while after before "
    "when where which who whose into onto via through though although unless only total "
    "till til max min plus same different other rather just already still yet even got gets has had "
    "would could should will can might must may do does did were "
    # particles and interjections said after a figure: "650 po", "3 lah", "9 yeah"
    "po opo na lang lah la leh lor ya yah yeah yep yes eh oh ah ok okay lol pls plz sir "
    # a pronoun that opens the next clause: "at 150 we'll drop the price"
    "i me we us you he him she her they them my our your his their".split()
)

def _currencies() -> tuple[str, str]:
    """The currency codes and signs of currencies.toml as two alternations, longest first;
    a sign of letters is matched in any case ("KSh" for "Ksh")."""
    data = tomllib.loads(resources.files(__package__).joinpath("currencies.toml").read_text("utf-8"))

    def alternation(items: list[str]) -> str:
        return "|".join(
            f"(?i:{re.escape(i)})" if i.isalpha() else re.escape(i)
            for i in sorted(items, key=len, reverse=True)
        )

    return "|".join(data["codes"]), alternation(data["signs"])


_CODES, _SIGNS = _currencies()
_PRICED = re.compile(rf"(?:(?<![\w$]){_SIGNS}|[$€£¥₹]|\b(?:{_CODES}))\s?$")
# An amount: "€4.850,00" (points group the thousands, a comma starts the cents), "1,250.50",
# "98 400" (spaces group the thousands, after a currency only).
_AMOUNT = r"(?:\d{1,3}(?:\.\d{3})+(?:,\d{2})?(?!\d|\.\d)|\d(?:[\d,]*\d)?(?:\.\d+)?)"
# a full stop or a comma between clauses may end it
_SPACED = r"\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d{2})?(?!\d|[.,]\d)"
_MONEY = (
    rf"(?:(?:AU|C|A)\$|(?<![\w$]){_SIGNS}|[$€£¥₹]|\b(?:{_CODES})\s?)\s?"
    rf"(?:{_SPACED}|{_AMOUNT})(?:\s?(?:[kKmMbB]\b|million\b|billion\b|thousand\b))?"
    # the currency after the amount: "380 GBP", "1.200,00 zł", "4,800 zł"
    rf"|(?<![\w.,/-])(?:{_SPACED}|{_AMOUNT})\s?(?:(?:{_CODES})\b|(?:{_SIGNS})(?![\w$]))"
    # pence: "62p each" ("720p" is a screen's lines, not £7.20)
    r"|(?<![\w.,/£$€-])\d{1,2}p\b"
)
PENCE = re.compile(r"(\d{1,2})p")  # "62p": an amount in pounds
# Hours said in words: "half past four", "quarter to six", "half four", "ten o'clock".
_HOURS = {
    w: n
    for n, w in enumerate(
        "one two three four five six seven eight nine ten eleven twelve".split(), start=1
    )
}
_HOUR_WORD = "|".join(_HOURS) + r"|\d{1,2}"
_PART_OF_DAY = r"(?:\s+in\s+the\s+(?:morning|afternoon|evening)|\s+at\s+night)?"
_TIME_IN_WORDS = (
    rf"\b(?i:(?:half|(?:a\s+)?quarter|ten|twenty|five|twenty-five)\s+(?:past|to|after)\s+"
    rf"(?:{_HOUR_WORD})\b(?!\s*(?:%|[a-z]*\d))|half\s+(?:{_HOUR_WORD})\b(?!\s+(?:an?|the)\b)"
    rf"|(?:{_HOUR_WORD})\s+o'?clock){_PART_OF_DAY}"
)
_MINUTES = {"half": 30, "quarter": 15, "ten": 10, "twenty": 20, "five": 5, "twenty-five": 25}


def _time_in_figures(said: str) -> str:
    """A time said in words, in figures: "half past four in the morning" is "4:30am",
    "quarter to six" "5:45", "half four" "4:30"."""
    words = said.replace("a quarter", "quarter").split()
    hour_word = next(w for w in reversed(words) if w in _HOURS or w.isdigit())
    hour = _HOURS.get(hour_word) or int(hour_word)
    minutes = _MINUTES.get(words[0], 0) if {"past", "to", "after"} & set(words) or words[0] == "half" else 0
    if "to" in words[:3]:
        hour, minutes = (hour - 2) % 12 + 1, 60 - minutes
    half_of_day = "am" if "morning" in words else "pm" if {"afternoon", "evening", "night"} & set(words) else ""
    return f"{hour}:{minutes:02d}{half_of_day}"


# Each kind's pattern; a later kind never takes a span an earlier, longer match holds.
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        ("email", r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),
        ("money", _MONEY),
        ("percent", r"\b\d+(?:\.\d+)?\s?%"),
        (
            "quantity",  # a fraction of a measure, no day and month: "3/4 cup", "1/2 tsp"
            r"(?<![\w/.-])\d{1,2}/\d{1,2}\s(?:cups?|tsp|tbsp|teaspoons?|tablespoons?|hours?|hrs?|"
            r"miles?|inch(?:es)?|pints?|litres?|liters?|kg|lbs?|oz|tablets?|pills?|scoops?|cans?|"
            r"tins?|bags?|portions?|slices?|doses?|lengths?|sachets?|sheets?)\b",
        ),
        (
            "dimensions",  # one thing's sides, its unit at the end: "850 x 2000 mm", "12 by 14 ft"
            rf"(?<![\w.,/#-]){_SIDE}{_ACROSS}{_SIDE}(?:{_ACROSS}{_SIDE})?\s?{_LENGTH_UNIT}(?!\w)",
        ),
        (
            "address",
            rf"\b\d{{1,6}}\s+(?:[NSEW]\.?\s+|[NS][EW]\s+)?(?:[A-Z][a-z]+\.?\s+){{1,3}}(?:{_STREET})\b"
            # its town, when the town ends the clause: "12 Pine St, Salem." (not "12 Pine
            # St, Dana said")
            rf"(?:,\s+{_TOWN}(?=\s*(?:[.,;:!?)]|$|\s+[A-Z]{{2}}\b|\s+\d{{5}}\b|{_AFTER_TOWN})))?\.?",
        ),
        (
            "date",
            # a span of days of one month is one value: "May 4-7"
            rf"\b(?:{_MONTH}|{_MONTH_LOWER})\s+\d{{1,2}}(?:st|nd|rd|th)?(?:\s?[-–]\s?\d{{1,2}}(?:st|nd|rd|th)?\b)?"
            rf"(?:,?\s+\d{{4}})?\b"
            # day first, its month in capitals or as texted ("22 march"; never "may")
            rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH}|{_MONTH_LOWER})(?:\s+\d{{4}})?\b"
            rf"|\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?\b"
            rf"|\b\d{{1,2}}\.\d{{1,2}}\.\d{{2,4}}\b"
            # a day and a month with the dot after it: "14.03." (not "-2.75.")
            rf"|(?<![\w.,-])(?:0?[1-9]|[12]\d|3[01])\.(?:0[1-9]|1[0-2])\.(?![\w.])"
            # "the 16th of October", whole
            rf"|\b[Tt]he\s+{_ORDINAL}\s+of\s+(?:{_MONTH}|{_MONTH_LOWER})(?:,?\s+\d{{4}})?\b"
            # "the 9th", not "the 9th character" nor "the 3rd floor"
            rf"|\b[Tt]he\s+{_ORDINAL}\b(?!\s+(?!{_AFTER_ORDINAL_DAY}\b)[a-z]+\b)"
            rf"|{_AFTER_WEEKDAY}the\s+(?:{_SPELLED_DAY})\b"
            rf"|\b[Tt]he\s+(?:{_SPELLED_DAY})\s+of\s+{_MONTH}"
            # "the twelfth" alone, as "the 12th" is
            rf"|\b[Tt]he\s+(?:{_SPELLED_LATER_DAY})\b(?!\s+(?!{_AFTER_ORDINAL_DAY}\b)[a-z]+\b)",
        ),
        (
            "time",
            r"\b\d{1,2}(?::\d{2})?\s?(?:am|pm|AM|PM)?\s?(?:-|to|–)\s?\d{1,2}(?::\d{2})?\s?"
            r"(?:am|pm|a\.m\.|p\.m\.|AM|PM)"
            # "p.m." ends on a dot, where no word boundary follows
            r"|\b\d{1,2}(?:[:.]\d{2})?\s?(?:(?:am|pm|AM|PM)\b|[ap]\.m\.|[AP]\.M\.)"  # "11.45am"
            # a span of hours with colons: "08:00-11:30", "9:30–11:00", "08:30 to 17:00"
            r"|\b\d{1,2}:\d{2}\s?(?:[-–]|\s(?:to|till|til|until)\s)\s?\d{1,2}:\d{2}\b(?!\s?[ap]\.?m)"
            # hours on the 24-hour clock with no colon: "0715-0945", "1400 hrs" (a year is none)
            r"|\b0\d[0-5]\d\s?[-–]\s?(?:[01]\d|2[0-3])[0-5]\d\b(?:\s?hrs\b)?"
            r"|\b(?:[01]\d|2[0-3])[0-5]\d(?:\s?[-–]\s?(?:[01]\d|2[0-3])[0-5]\d)?\s?hrs\b"
            # a span of hours said with "till": "1 till 4", "7:30 till 9"
            r"|\b\d{1,2}(?::\d{2})?\s(?:till|til|until)\s\d{1,2}(?::\d{2})?(?![\d:]|[.,]\d|\s?%)"
            r"|\b\d{1,2}:\d{2}\b|\bnoon\b|\b\d{1,2}h\d{2}\b",  # "16h30"
        ),
        ("time", _TIME_IN_WORDS),
        # an hour said bare after "at" ("pickup's at 4 now"), where nothing follows that
        # could be its unit
        (
            "time",
            r"(?<=\bat )\d{1,2}(?=[.,;!?)](?!\d)|$|\s+(?:now|then|instead|tomorrow|today|tonight|"
            r"sharp|o'clock|on|please|and|or|with|for|same|again|this|next)\b)",
        ),
        ("weekday", rf"\b(?:{_WEEKDAY}|{_WEEKDAY_LOWER})(?![\w])"),
        (
            "size",  # a garment's or a shoe's: a letter size needs its qualifier
            r"\b(?:(?i:youth|adult|kids?|toddler|junior|women'?s|men'?s|size)\s+"
            r"(?:XXS|XS|S|M|L|XL|XXL|XXXL|[2-5]XL|small|medium|large)"
            r"|size\s+\d{1,2}(?:\.5)?|(?:XXS|XS|XL|XXL|XXXL|[2-5]XL))\b",
        ),
        (
            "code",  # a numbered place or thing, in small letters too: "freezer 5", "slot 17"
            rf"\b(?i:{_NUMBERED_THINGS})\s#?\d{{1,4}}\b(?![.,:/]\d|-\w)",
        ),
        (
            "quantity",  # a figure with a unit of measure written on to it: "10GB", "5kg"
            rf"(?<![\w.#$€£¥/-])\d+(?:\.\d+)?(?:{_GLUED_UNIT})(?![\w])",
        ),
        (
            "quantity",
            r"(?:(?<![\w.#$€£¥/-])\d(?:[\d,]*\d)?(?:\.\d+)?(?:\s?[-–]\s?\d+(?:\.\d+)?)?"
            rf"|\b(?i:{_SPOKEN_COUNT}))(?:\s?-\s?|\s)"
            rf"(?:sq\.?\s?(?:ft|m|yd|km)\b|square\s+feet|(?:{_SIGNED_UNIT})(?!\w)"
            r"|deg(?:ree)?s?\s(?:[CF]|[Cc]elsius|[Ff]ahrenheit)\b"
            r"|(?<=\d\s)[mgtlL](?![\w'’.]\w|\w)"  # a unit of one letter: "14.2 m", "8.2 t"
            r"|[a-z][a-z/]+\b(?!['’]\w)"  # not "7 won't"
            # a count's noun after a word that tells which kind: "3 roller banners"
            r"(?:(?<![s/])\s[a-z]{2,}(?<![su])s\b(?!['’]\w))?)",
        ),
        (
            "code",  # a vehicle's plate in two capital groups: "RKT 49F", "YK21 PBF", "CX 5521"
            r"\b(?:[A-Z]{2,3}\s(?=[A-Z]{0,2}\d)[A-Z0-9]{2,4}|[A-Z]{2}\d{2}\s[A-Z]{3})\b(?![.,:/-]?\w|\s\d)",
        ),
        (
            "code",
            # not an ordinal before the thing it counts ("the 9th character")
            rf"(?<![\w$€£¥-])(?!(?<=[Tt]he )\d{{1,3}}(?:st|nd|rd|th)\s+(?!{_AFTER_ORDINAL_DAY}\b)[a-z]+\b)"
            r"(?=[\w./-]*\d)(?=[\w./-]*[A-Za-z])"
            r"[A-Za-z0-9]+(?:[./-][A-Za-z0-9]+)*"
            r"|\b(?:[A-Z][a-z]*|[A-Z]{2,})\s?#?\d+(?:\.\d+(?!\.\d))?(?:-[A-Za-z0-9]+)*(?:\s\d{3,})*\b(?!,\d{3})|#\d+\b"
            # a name as tickets write it: "LEE/ANNA MS"
            r"|\b[A-Z]{2,}/[A-Z]{2,}(?:\s(?:MR|MRS|MS|MISS|MSTR|DR))?\b"
            # a place told apart by a letter: "dock D", "Gate B", "Hall C"
            rf"|\b(?i:{_LETTERED_PLACES})\s(?!I\b)[A-Z]\b(?![’'.]\w)",
        ),
        (
            "number",  # "1,250" whole, not its first group
            r"(?<![\w$€£¥.,/-])(?:\d{1,3}(?:,\d{3})+|\d{2,}(?:\s\d{3,})*)(?![\w%]|[.,]\d)",
        ),
        (
            "number",  # a figure with a decimal point: "a band of 6.5", "pH 5.5", "0.75"
            # (not "5.30", which may be a time)
            r"(?<![\w$€£¥.,/:-])(?<!version )(?<!release )(?<!build )(?<!patch )"
            r"(?:\d{1,3}\.\d|0\.\d{1,2})(?![\w%]|[.,:]?\d)",
        ),
        (
            "name",
            r"\b(?:Dr|Mr|Mrs|Ms|Prof)\.\s+[A-Z][a-z'’-]+(?:\s+(?!(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)"
            r"day\b|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b)[A-Z][a-z'’-]+){0,2}"
            r"|\b[A-Z][\w'’]*[a-z][\w'’]*(?:\s+(?:&|and|of|de|la)\s+[A-Z][\w'’]*|\s+[A-Z][\w'’]*[a-z][\w'’]*)+",
        ),
    )
)
# Capitalized words that open sentences, never a name's first word; any word that opens a
# clause may be capitalized for that alone ("Use PostgreSQL", "Budget reallocated").
_NOT_NAME_HEAD = frozenset(
    """a an and as at but by for from he her his i if in it its my no not of ok okay on or our
    she so the their then there these they this those to we what when where which who why you
    your also just please hi hey yes yeah got new old also update note""".split()
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_TITLES = frozenset({"Dr", "Mr", "Mrs", "Ms", "Prof"})


@dataclass(frozen=True)
class TypedValue:
    """A span of text that states a value of one kind."""

    kind: str
    text: str
    start: int
    end: int

    @cached_property
    def key(self) -> str:
        """The value in a form where spelling and spacing no longer matter."""
        return canonical(self.kind, self.text)

    @cached_property
    def unit(self) -> str:
        """A quantity's unit, stemmed ("240 units" -> "unit"); a labelled code's label."""
        if self.kind == "quantity":
            lowered = self.text.lower()
            spoken = _SPOKEN_LEAD.match(lowered)
            tail = lowered[spoken.end() :] if spoken else re.sub(r"^[\d,.\s-]+", "", lowered)
            tail = tail.strip(" -")
            unit = _one_way(tail)  # "18 °C" and "19 degrees" measure one thing
            return "°" if unit.startswith("°") else " ".join(map(stem, unit.split()))
        if self.kind == "code":
            label = re.match(r"[A-Za-z]+(?=\s?#?\d|\s[A-Z]$)", self.text)
            rest = self.text[label.end() :] if label else ""
            # a plate's letters are part of it ("RKT 49F", "YK21 PBF"), not a label
            plate = bool(re.search(r"\d", rest)) and bool(re.search(r"[A-Za-z]", rest))
            return label.group(0).lower() if label and " " in self.text and not plate else ""
        return ""


# What may stand between a weekday and the date it names: "Friday 22 November", "Tue,
# March 3", "June 6 (Fri)", "Friday now, the 13th", "Monday - that's the 2nd".
_DAY_GAP = re.compile(
    r"[\s,(]{1,3}(?:(?:now|then|so|that'?s|which is|i\.e\.|ie)[\s,:]{1,3})?|\s[-–—]\s(?:that'?s\s)?"
)


def weekday_of_date(
    text: str, values: Sequence[TypedValue]
) -> list[tuple[TypedValue, TypedValue]]:
    """The weekdays of `text` said right beside a date, each with its date: the two name
    one day, not two values ("Thursday 14 November", "June 12 (Thu)")."""
    days = sorted(values, key=lambda v: v.start)
    pairs = []
    for a, b in zip(days, days[1:], strict=False):
        if {a.kind, b.kind} == {"weekday", "date"} and _DAY_GAP.fullmatch(text[a.end : b.start]):
            pairs.append((a, b) if a.kind == "weekday" else (b, a))
    return pairs


# A possessive's ending: "Lin Zhao's", "Acme’s".
POSSESSIVE = re.compile(r"['’]s$")


def owns_what_follows(text: str, value: TypedValue) -> bool:
    """Whether a value is said in the possessive, as the owner of the next word ("4C's
    rent", "Friday's special")."""
    return text[value.end : value.end + 2] in ("'s", "’s")


# Points that group the thousands, or a comma before the cents alone: "4.850,00", "132,00".
_GROUPED_BY_POINTS = re.compile(r"\d{1,3}(?:\.\d{3})+(?:,\d{2})?(?!\d)|(?<![\d,.])\d+,\d{2}(?![\d,.])")


# An apostrophe that groups thousands, as Swiss figures do: "1'152".
_APOSTROPHE_GROUP = re.compile(r"(?<=\d)['’](?=\d{3}(?!\d))")


def canonical(kind: str, text: str) -> str:
    lowered = _APOSTROPHE_GROUP.sub(",", text.lower())
    if kind == "address":  # "42 Elm St" restates "42 Elm St, Salem": the street decides
        lowered = lowered.split(",", 1)[0]
    if kind == "phone":
        digits = re.sub(r"\D", "", lowered)
        return digits[-10:] if len(digits) >= 10 else digits
    if kind == "weekday":  # "Fri", "Friday" and "Fridays" are one day
        return lowered[:3]
    if kind == "time":
        return _canonical_time(lowered)
    if kind == "date":  # "the twelfth of may" is "the 12th of may"
        lowered = ordinals_in_figures(lowered)
    if kind == "money" and (pence := PENCE.fullmatch(lowered)):
        return f"£{int(pence.group(1)) / 100:.2f}"  # "62p" is "£0.62"
    if kind == "money":  # "$118k" is "$118,000"; "€4.850,00" is "€4850.00"
        grouped = _GROUPED_BY_POINTS.search(lowered)
        if grouped:
            lowered = lowered.replace(".", "").replace(",", ".")
        return _in_full(re.sub(r"[\s,]", "", lowered))
    if kind in {"percent", "number"}:
        return re.sub(r"[\s,]", "", lowered)
    if kind == "dimensions":  # "2.4m x 3m" is "2.4 x 3 m": its sides and its unit
        last = re.search(rf"{_LENGTH_UNIT}$", lowered)
        named = last.group(0) if last else ""
        return "x".join(re.findall(_SIDE, lowered)) + " " + _LENGTH_NAMES.get(named, named)
    if kind == "name":  # "Lin Zhao's committee" names Lin Zhao
        lowered = POSSESSIVE.sub("", lowered)
    if kind == "quantity":
        spoken = _SPOKEN_LEAD.match(lowered)
        if spoken:  # "twenty six kilos" is "26 kilo", "two dozen rolls" "24 roll"
            lowered = f"{spoken_count(spoken)}{lowered[spoken.end() :]}"
        figure = re.match(r"[\d,.]+(?:\s?[-–]\s?[\d.]+)?", lowered)
        unit = _one_way(lowered[figure.end() :] if figure else lowered)
        amount = re.sub(r"[,\s]", "", figure.group(0)).replace("–", "-") if figure else ""
        return f"{amount} {' '.join(map(stem, unit.strip(' -').split()))}"
    return " ".join(re.sub(r"[^\w@./:&-]+", " ", lowered).split())


def spoken_count(spoken: re.Match[str]) -> int:
    """The figure of a count said in words, matched by `_SPOKEN_LEAD`."""
    if spoken.group("tens"):
        return NUMBER_WORDS[spoken.group("tens")] + NUMBER_WORDS[spoken.group("units")]
    if spoken.group("times"):
        return NUMBER_WORDS[spoken.group("times")] * 12
    return NUMBER_WORDS[spoken.group("word")]


def _canonical_time(lowered: str) -> str:
    """A time or a span of hours written one way: "4:45 pm", "4:45pm" and "4:45 p.m." are
    "4:45pm"; "16h30" and "1630 hrs" are "16:30"; "1 till 4" and "10:00 – 11:00" are
    "1-4" and "10:00-11:00"; a time in words is said in figures."""
    lowered = re.sub(r"(?<=\d)\s+(?:to|till|til|until)\s+(?=\d)", "-", lowered)
    lowered = re.sub(r"\b(\d{2})([0-5]\d)\b", r"\1:\2", lowered.removesuffix("hrs").strip())
    if re.search(r"[a-z]{3}", lowered.replace("noon", "")):
        return _time_in_figures(lowered)
    lowered = re.sub(r"(?<=\d)h(?=\d{2})", ":", lowered)
    lowered = re.sub(r"\s*[-–]\s*", "-", lowered)
    joined = re.sub(r"\s+(?=[ap]\.?m\b)", "", re.sub(r"(?<=\d)\.(?=\d{2})", ":", lowered))
    return re.sub(r"([ap])\.m\.?$", r"\1m", joined)


def _one_way(unit: str) -> str:
    """An area or a temperature written one way: "sq. m", "m2" and "square metres" are
    "m²", "sq ft" and "square feet" are "sqft", "° C" and "degrees Celsius" are "°c",
    "degrees" alone is "°"."""
    unit = re.sub(r"\bsq(?:uare)?\.?\s?(?:ft|feet|foot)\b", "sqft", unit.strip(" -"))
    unit = re.sub(r"\bsq(?:uare)?\.?\s?(k?m)(?:et(?:re|er)s?)?\b|^(k?m)2$", r"\1\2²", unit)
    degrees = r"^(?:deg(?:ree)?s?\b|°)\s?(?:(c|f)\b|(?:(c)elsius|(f)ahrenheit)\b)?"
    unit = re.sub(degrees, r"°\1\2\3", unit)
    unit = re.sub(r"^(?:(c)elsius|(f)ahrenheit)$", r"°\1\2", unit)
    head, _, rest = unit.partition(" ")  # "26 kilos of shoulder" weighs as "26 kg"
    return " ".join(filter(None, (_WEIGHTS_AND_VOLUMES.get(head, head), rest)))


# Units of weight and volume said in words, as their symbols: "kilos" are "kg".
_WEIGHTS_AND_VOLUMES = {
    **dict.fromkeys(("kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kgs"), "kg"),
    **dict.fromkeys(("gram", "grams", "gramme", "grammes", "gms"), "g"),
    **dict.fromkeys(("litre", "litres", "liter", "liters", "ltr", "ltrs"), "l"),
    "lbs": "lb",  # not "pounds", which may be money
    **dict.fromkeys(("ounce", "ounces"), "oz"),
}


_SCALED = re.compile(r"(?P<figure>\d+(?:\.\d+)?)(?P<scale>k|m|thousand|million)$")
_SCALES = {"k": 1_000, "thousand": 1_000, "m": 1_000_000, "million": 1_000_000}


def _in_full(amount: str) -> str:
    """An amount said with its scale in words or a letter, in figures ("$1.2m" is
    "$1200000"); one without, as it is."""
    scaled = _SCALED.search(amount)
    if scaled is None:
        return amount
    figure = float(scaled["figure"]) * _SCALES[scaled["scale"]]
    return amount[: scaled.start()] + f"{figure:.2f}".rstrip("0").rstrip(".")


@lru_cache(maxsize=8192)
def typed_values(text: str) -> tuple[TypedValue, ...]:
    """Every typed value in `text`, in order, no two overlapping. Thousands grouped by an
    apostrophe ("CHF 1'152", "8'400 words") are read as grouped by a comma."""
    scan = _APOSTROPHE_GROUP.sub(",", text)  # of the same length: spans stay the text's
    found: list[TypedValue] = []
    taken: list[tuple[int, int]] = []

    def free(start: int, end: int) -> bool:
        return all(end <= a or start >= b for a, b in taken)

    def take(kind: str, start: int, end: int) -> None:
        span = text[start:end]
        if not re.search(r"\b[ap]\.m\.$", span, re.I):  # "p.m." keeps its last dot
            span = span.rstrip(".,")
        end = start + len(span)
        if span and free(start, end):
            found.append(TypedValue(kind, span, start, end))
            taken.append((start, end))

    # a pasted chat line's stamp says when it was written, not a value of anything
    taken += [m.span(m.lastgroup or 0) for m in _CHAT_STAMP.finditer(text)]
    taken += [m.span(m.lastgroup or 0) for m in _NOTE_NUMBER.finditer(text)]  # "voice note 4"
    for m in _QUOTED_TITLE.finditer(text):  # "'Lord of All Hopefulness'": one name, unquoted
        take("name", m.start("title"), m.end("title"))
    for m in _NATIONAL_PHONE.finditer(text):  # "0333-5120946", "01632 960 961"
        if 10 <= sum(c.isdigit() for c in m.group(0)) <= 11 and not _PRICED.search(text, 0, m.start()):
            take("phone", m.start(), m.end())
    for match in phonenumbers.PhoneNumberMatcher(
        text, "US", leniency=phonenumbers.Leniency.POSSIBLE
    ):
        glued = (
            (match.start > 0 and text[match.start - 1].isalnum())
            or (match.end < len(text) and text[match.end].isalnum())
            # "PB.1987.114", "INV-20991877": the digits of a code after its letters
            or _CODE_PREFIX.search(text, 0, match.start) is not None
        )  # "TGHU6609152": the digits of a code, not a number of their own
        if glued or _PRICED.search(text, 0, match.start):  # "€2.480.000,00" is an amount
            continue
        if "." in match.raw_string and not re.search(r"\d{4}$", match.raw_string):
            continue  # "1998.204", "14.30.22": a reference or a figure, dotted
        take("phone", match.start, match.end)
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(scan):
            if kind == "quantity" and not _counted(_unit_words(m.group(0))):
                continue
            if kind == "name":
                _take_name(m, text, take)
                continue
            if kind == "time" and _BEING_AT.search(text, 0, m.start()):
                continue  # "we're at 12 now" is a count
            take(kind, m.start(), m.end())
    return tuple(sorted(found, key=lambda v: v.start))


# The stamp of a pasted chat line, before its speaker or after the speaker's name: "[19:12]
# Dad:", "[09/05, 08:14] Imke:", "Lorna (sous) 14:02:", "Saoirse Kehoe 10:02:". A single
# name before a time and a colon is a label of the time ("Delivery 08:00:"), not a speaker.
_STAMPED_BY = r"[A-Z][\w'’.-]*"
_CHAT_STAMP = re.compile(
    r"^[ \t]*(?:[-*•][ \t]*)?(?:"
    r"(?P<stamp>\[[^\]\n]{0,24}\d{1,2}[:.]\d{2}[^\]\n]{0,12}\])(?=[ \t]*[A-Z][^:\n]{0,40}:)"
    rf"|(?:{_STAMPED_BY}[ \t]*\([^)\n]{{1,40}}\)|{_STAMPED_BY}(?:[ \t]+{_STAMPED_BY}){{1,2}})"
    r"[ \t]+(?P<stamp2>\d{1,2}:\d{2})(?=[ \t]*:))",
    re.M,
)

# The number a dictated note opens with, counting the notes: "voice note four ...",
# "memo 2: ..." (not "note five tables booked", an order to write it down).
_NOTE_NUMBER = re.compile(
    r"(?im)^[ \t]*\[?(?:voice[ \t]+(?:note|memo|message)[ \t]+(?P<number>\d{1,2}|one|two|three"
    r"|four|five|six|seven|eight|nine|ten|eleven|twelve)\b|(?:note|memo)[ \t]+(?P<numbered>\d{1,2})"
    r"(?=[ \t]*[:.)]))"
)

# A title in quotes, its small words inside it: "'Dear Lord and Father of Mankind'", "\"Of
# Mice and Men\"". It opens and ends on a capitalized word.
_TITLE_WORD = r"[A-Z0-9][\w’'-]*"
_QUOTED_TITLE = re.compile(
    rf"(?<!\w)['‘\"“](?P<title>{_TITLE_WORD}(?:\s+(?:{_TITLE_WORD}|of|and|the|a|an|in|on|at|to"
    rf"|for|with|from|by|or|&))*?(?:\s+{_TITLE_WORD})?)['’\"”](?!\w)"
)

# A number dialled within its country, opened by its trunk "0", in groups: "0333-5120946",
# "01632 960 961", "06 12 34 56 78"; ten or eleven digits in all.
_NATIONAL_PHONE = re.compile(r"(?<![\w.,+/-])0\d{1,4}(?:[ -]\d{2,8}){1,4}(?![\w/]|[.,:-]\d)")

# The letters of a code joined to its digits by a mark ("PB.", "INV-"); not a label of a
# number ("tel.", "mob-").
_CODE_PREFIX = re.compile(r"(?<![\w.])(?!(?:tel|ph|phone|mob|mobile|cell|fax)\W$)[A-Za-z]+[.\-/_]$")
# A person or a party before "at": what follows is where they stand, not an hour.
_BEING_AT = re.compile(
    r"\b(?:we'?re|we are|i'?m|i am|they'?re|they are|you'?re|you are|we'?ll be|he'?s|she'?s)"
    r" at $",
    re.I,
)
_CLAUSE_START = re.compile(r"(?:^|[.!?:;]\s+|\n\s*|[\"'‘“(]\s*)$")
# A short label and its colon: what follows is the value it labels ("Venue: Harbor Hall").
_MESSAGE_LABELS = frozenset(
    "note update fyi heads reminder ps status news summary question answer reply edit re "
    "subject alert warning important urgent from to cc".split()
)
_LABEL = re.compile(r"(?:^|[.;\n]\s*)[A-Za-z][\w '’-]{0,60}:\s+$")


def _take_name(match: re.Match[str], text: str, take: Callable[[str, int, int], None]) -> None:
    """A run of capitalized words is a name once the word that only opens a sentence is
    set aside; a run that opens a clause counts whole when it is a name without its head
    too ("Blue Plate Kitchen is the caterer") or follows a label ("Venue: Harbor Hall"),
    and not at all otherwise ("Use PostgreSQL")."""
    head = match.group(0).split()[0]
    if head.rstrip(".") in _TITLES:  # "Dr. Ruiz" is a name wherever it stands
        take("name", match.start(), match.end())
        return
    titled = [w for w in re.finditer(r"\S+", match.group(0)) if w.group(0).rstrip(".") in _TITLES]
    if titled:  # "Booked Mr Okoro", "Ask Dr Ruiz": the name opens with its title
        take("name", match.start() + titled[0].start(), match.end())
        return
    start = match.start() + len(head) + 1
    rest = text[start : match.end()]
    is_name = len(rest.split()) >= 2 and rest[:1].isupper()
    if head.lower() in _NOT_NAME_HEAD:
        if is_name:
            take("name", start, match.end())
    elif (
        is_name
        or _CLAUSE_START.search(text, 0, match.start()) is None
        or _labelled(text, match)
        or _subject(text, match)
    ):
        take("name", match.start(), match.end())


_AUXILIARIES = frozenset(
    "is are was were has had have will would can could should does did isn't wasn't "
    "hasn't won't can't doesn't didn't".split()
)


# A verb of the present after a subject ("Tomás Rivera leads the team", "Dana Whitfield
# covers"): a word on -s, not a plural or a word on -ss, -us or -is.
_PRESENT_VERB = re.compile(r"[a-z]+(?<![su]s)(?<!is)s")


def _subject(text: str, match: re.Match[str]) -> bool:
    """Whether a run that opens a clause is its subject, so a name: it owns what follows
    ("Lincoln Middle's field") or a verb follows it ("Harbor Hall is flooded", "Blue Fig
    closed early", "Dana Whitfield covers it"); an order ("Use PostgreSQL for it") has its
    verb first."""
    run = match.group(0)
    if text[: match.start()].rstrip().endswith(":"):
        return False  # after a label, _labelled decides
    if run.endswith(("'s", "’s")):
        return True
    after = text[match.end() :].split(maxsplit=1)
    word = after[0].lower().strip(".,;:!?") if after else ""
    if run.split()[-1].lower().endswith("ed"):
        return False  # a headline: "Budget Reallocated"
    return word in _AUXILIARIES or (
        len(word) > 3 and (word.endswith("ed") or _PRESENT_VERB.fullmatch(word) is not None)
    )


def _labelled(text: str, match: re.Match[str]) -> bool:
    """Whether a run follows a label that names a thing ("Venue: Harbor Hall"), not a
    message's kind ("Update: Launch Delayed"), and is no headline with a participle."""
    label = _LABEL.search(text, 0, match.start())
    if label is None or match.group(0).split()[-1].lower().endswith("ed"):
        return False
    words = label.group(0).lower().replace(":", " ").split()
    return not _MESSAGE_LABELS & {*words, *(w.removesuffix("s") for w in words)}


def _unit(word: str) -> bool:
    """Whether a word after a figure can be its unit: not a function word, a verb's
    participle ("#4521 approved", "3 running") or an adverb ("3815 actually")."""
    return word not in _UNIT_STOP and not (len(word) > 4 and word.endswith(("ed", "ing", "ly")))


def _counted(words: list[str]) -> bool:
    """Whether the words after a figure name what it counts or measures."""
    return all(map(_unit, words)) and not (len(words) == 2 and words[0] in _NO_KIND)


def _unit_words(quantity: str) -> list[str]:
    """The words of a quantity after its figure: "3 roller banners" -> roller, banners."""
    words = [w.lower() for w in _WORD.findall(quantity)]
    return words[-2:] if len(words) > 1 and " " in quantity.strip() else words[-1:]


_IDENTIFYING = frozenset({"code", "number", "address"})


def near_variant(a: TypedValue, b: TypedValue) -> bool:
    """Two values that differ as a slip of the hand does: the same characters in another
    order ("73391842" and "73391824", "13 Cedar Ln" and "31 Cedar Ln"), or one
    character changed in a code of some length ("6130-C" and "6130-D"). Not phone numbers,
    which share their exchange."""
    if not {a.kind, b.kind} <= _IDENTIFYING:
        return False  # amounts, dates and phone numbers of one exchange differ by a digit
    x, y = _core(a), _core(b)
    if x == y or len(x) != len(y) or len(x) < 3 or not (any(c.isdigit() for c in x)):
        return False
    if sorted(x) == sorted(y):
        return True
    return sum(c != d for c, d in zip(x, y, strict=True)) == 1 and len(x) >= 4


def consecutive(a: TypedValue, b: TypedValue) -> bool:
    """Whether two references differ only by the next number of three figures or more at
    their end ("RB-2214" and "RB-2215"): neighbouring records of one numbering, as likely
    as a slip of the hand. A slot or a room ("slot 2", "slot 3") is no numbering of
    records."""
    x, y = re.fullmatch(r"(.*?)(\d{3,})", _core(a)), re.fullmatch(r"(.*?)(\d{3,})", _core(b))
    return (
        x is not None
        and y is not None
        and x.group(1) == y.group(1)
        and abs(int(x.group(2)) - int(y.group(2))) == 1
    )


def _core(value: TypedValue) -> str:
    """The characters that identify a value, a labelled code's label left out."""
    text = value.text.lower()
    if value.unit and value.kind == "code":
        text = text[len(value.unit) :]
    if value.kind == "address":
        text = text.split(",", 1)[0]
    return re.sub(r"[^0-9a-z]", "", text)


def _titled(name: str) -> bool:
    return name.split(".", 1)[0] in _TITLES and "." in name


def compatible(old: TypedValue, new: TypedValue) -> bool:
    """Could `new` be a new value of the thing `old` is a value of?"""
    if old.kind == new.kind:
        if old.kind == "code" and old.unit and new.unit:
            return old.unit == new.unit  # "Dock 3" is no new "PO 4471": labels name things
        if old.kind == "name" and _titled(old.text) != _titled(new.text):
            return False  # "Dr. Lee" is a person; "Blue Cross" is no new doctor
        if old.kind == "code" and bool(_VERSION.match(old.text)) != bool(_VERSION.match(new.text)):
            return False  # "v5.2" is a release; "CHG0041187" is no new one
        return old.kind != "quantity" or _one_unit(old.unit, new.unit)
    if old.kind in _IDENTIFYING and new.kind in _IDENTIFYING:
        return near_variant(old, new)
    return {old.kind, new.kind} <= {"date", "weekday"}


def one_name(a: TypedValue, b: TypedValue) -> bool:
    """Whether two names name one person or thing, one more fully than the other: "Mrs
    Quayle" and "Mrs Nora Quayle", "Dr Patel" and "Dr Anil Patel" (not "Mr Quayle")."""
    if a.kind != "name" or b.kind != "name":
        return False
    x, y = (POSSESSIVE.sub("", v.text.lower()).replace(".", "").split() for v in (a, b))
    if x == y or x[-1:] != y[-1:]:
        return False
    short, full = sorted((x, y), key=len)
    return set(short) <= set(full)


_CLOCK = re.compile(r"(\d{1,2})(?::(\d{2}))?([ap]m)?")


def clock_minutes(time: str) -> int | None:
    """A time of day's minutes past midnight, however it is written ("4:30 p.m." and
    "16h30" are 990, "noon" is 720); None for a span of hours or a time it cannot read."""
    key = canonical("time", time)
    clock = _CLOCK.fullmatch("12pm" if key == "noon" else key)
    if clock is None:
        return None
    hour, minute, half = int(clock.group(1)), int(clock.group(2) or 0), clock.group(3)
    if half:
        hour = hour % 12 + (12 if half == "pm" else 0)
    return hour * 60 + minute


def within(moment: TypedValue, window: TypedValue) -> bool:
    """Whether a time falls inside a span of hours, its ends left out: "11:00" in
    "08:00-13:00". A span that ends with its half of the day gives it to both ends
    ("9-11am")."""
    if moment.kind != "time" or window.kind != "time":
        return False
    start, dash, end = window.key.partition("-")
    if not dash or "-" in moment.key:
        return False
    half = re.search(r"[ap]m$", end)
    if half and not re.search(r"[ap]m$", start):
        start += half.group(0)
    a, b, t = clock_minutes(start), clock_minutes(end), clock_minutes(moment.key)
    return a is not None and b is not None and t is not None and a < t < b


# A release's number: "v5.2", "4.11.3", "V2".
_VERSION = re.compile(r"[vV]\d+(?:\.\d+)*$|\d+(?:\.\d+){2,}$")


def _one_unit(a: str, b: str) -> bool:
    """Whether two units count one thing: "roller banners" are banners, but "double rooms"
    are no "single rooms"."""
    return a == b or a.endswith(" " + b) or b.endswith(" " + a)


# Kinds that say plainly what a value is: one of them is never a new value of another
# family ("6:15 p.m." of a street address, "$40" of an e-mail). Moments count as one family.
_FAMILIES = {
    **dict.fromkeys(("date", "weekday", "time"), "moment"),
    **{kind: kind for kind in ("address", "phone", "email", "money", "percent")},
}


def of_another_family(old: str, new: str) -> bool:
    """Whether a text of plain values of one family ("14 Wharf Road", "Friday 6pm") could
    take none of the values `new` holds, all plain ones of other families: a time is no new
    address, an amount no new meeting time."""
    families = {_FAMILIES.get(v.kind) for v in typed_values(old)}
    given = typed_values(new)
    if len(families) != 1 or None in families or not given:
        return False
    return all(_FAMILIES.get(v.kind, "") not in ("", *families) for v in given)


def states_none_of(old: str, new: str) -> bool:
    """Whether `new` holds no plain value where what `old` states after its label is all
    plain values of one family: "packed and labelled" is no new "due back 30.09.2025", and
    "running late" no new "Pickup: 4pm". A moment said in words ("this week") is one."""
    stated = old.rpartition(": ")[2]
    families = {_FAMILIES.get(v.kind) for v in typed_values(stated)}
    if len(families) != 1 or None in families:
        return False
    plain = [v for v in typed_values(new) if v.kind in _FAMILIES]
    return not plain and not (families == {"moment"} and in_words(new))
