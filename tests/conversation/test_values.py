"""Typed values found in free text, and which pairs can be values of one thing."""

from __future__ import annotations

import pytest

from statekeeper.text.values import (
    TypedValue,
    compatible,
    near_variant,
    of_another_family,
    one_name,
    states_none_of,
    typed_values,
    weekday_of_date,
    within,
)


def kinds(text: str) -> list[tuple[str, str]]:
    return [(v.kind, v.text) for v in typed_values(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Reach me at (415) 555-0142 after six", [("phone", "(415) 555-0142")]),
        ("her cell is 212.555.0187 now", [("phone", "212.555.0187")]),
        # the number a dictated note opens with counts the notes, not what they say
        ("voice note three staff rota is sorted", []),
        ("voice memo two bags of sand by Friday", [("weekday", "Friday")]),
        ("memo 2: order 40 chairs", [("quantity", "40 chairs")]),
        # ... not an order to note a count down, nor a note of people
        ("note five tables booked for the quiz", [("quantity", "five tables")]),
        ("the note four people signed", [("quantity", "four people")]),
        # a name opens with its title, whatever capitalized word comes before it
        ("Booked Mrs Lund onto the rota", [("name", "Mrs Lund")]),
        ("Thank Mr Okoro for the cake", [("name", "Mr Okoro")]),
        ("Ask Dr Ruiz about it", [("name", "Dr Ruiz")]),
        # a number dialled within its country, opened by its trunk 0, in groups
        ("new mobile 0333-5120946, old one's dead", [("phone", "0333-5120946")]),
        ("ring the yard on 01632 960 961 tonight", [("phone", "01632 960 961")]),
        ("her portable: 06 12 34 56 78", [("phone", "06 12 34 56 78")]),
        ("text 0412 998 310 when you land", [("phone", "0412 998 310")]),
        # ... but a dotted reference or figure is no phone number
        ("accession 1998.204 is in store B", []),
        ("the score was 103.250 after the protest", []),
        # a vehicle's plate, in two capital groups
        ("car RKT 49F, booked Friday", [("code", "RKT 49F"), ("weekday", "Friday")]),
        ("lorry YK21 PBF at the gate", [("code", "YK21 PBF")]),
        ("the van is now CX 5521.", [("code", "CX 5521")]),
        # an amount grouped by spaces, before a comma between clauses
        ("fare SEK 1 240, paid by card", [("money", "SEK 1 240")]),
        ("total EUR 12 500, due Friday", [("money", "EUR 12 500"), ("weekday", "Friday")]),
        # digits glued to letters are a code's, not a phone number
        ("the TGHU6609152 box is on hold", [("code", "TGHU6609152")]),
        ("crate ref AX4471920B arrived", [("code", "AX4471920B")]),
        ("serial SN2025551234 on the base", [("code", "SN2025551234")]),
        # ... or joined to its letters by a mark
        ("PB.1987.114 goes to the lab", [("code", "PB.1987.114")]),
        ("lot KX-2024.0917 was sold", [("code", "KX-2024.0917")]),
        ("bag ref QF/4471920 at the desk", [("code", "QF/4471920")]),
        ("send it to kai.tanaka@example.org please", [("email", "kai.tanaka@example.org")]),
        ("the deposit is CA$2,400.50", [("money", "CA$2,400.50")]),
        ("a 12.5% fee on top", [("percent", "12.5%")]),
        ("delivery to 17 Maple Grove Rd tomorrow", [("address", "17 Maple Grove Rd")]),
        ("ship it to 14 Harbor Road, Portsmouth.", [("address", "14 Harbor Road, Portsmouth")]),
        ("now at 720 Elm Street, Fort Collins, CO", [("address", "720 Elm Street, Fort Collins")]),
        ("we moved to 9 Quay Lane, Cork", [("address", "9 Quay Lane, Cork")]),
        ("send it to 4 Kiln Rd, Derby instead", [("address", "4 Kiln Rd, Derby")]),
        ("the review is on March 9, 2027", [("date", "March 9, 2027")]),
        ("valid until 28.02.2027", [("date", "28.02.2027")]),
        # a day before its month, as texted in lower case, is a date, not a count
        ("kiln's free on 22 march", [("date", "22 march")]),
        ("pickup moved to 3 june 2026", [("date", "3 june 2026")]),
        ("invoice due by 14 oct", [("date", "14 oct")]),
        # a name after a long label is the value it labels
        ("Site foreman at the Millbrook build: Ines Kowal", [("name", "Ines Kowal")]),
        ("Point of contact for the spring gala: Theo Marsh", [("name", "Theo Marsh")]),
        # an adverb after a figure is no unit
        ("Order 5521 just got flagged", [("code", "Order 5521")]),
        ("we had 40 already", [("number", "40")]),
        # a month typed in lower case, before its day; "may" stays a verb
        ("hearing continued to feb 3", [("date", "feb 3")]),
        ("moved it to october 14th", [("date", "october 14th")]),
        ("you may 2 times a week at most", [("quantity", "2 times")]),
        ("doors open at 7:45pm", [("time", "7:45pm")]),
        # points that group thousands, a comma before the cents
        ("the quote came to €4.850,00 for both days", [("money", "€4.850,00")]),
        ("deposit EUR 2.400 paid", [("money", "EUR 2.400")]),
        ("€12.345,50.", [("money", "€12.345,50")]),
        # the half of the day written with its dots
        ("load-in is 5:30 p.m. at the side door", [("time", "5:30 p.m.")]),
        ("we open at 9 A.M. sharp", [("time", "9 A.M.")]),
        ("rehearsal till 11:30 a.m.", [("time", "11:30 a.m.")]),
        ("let's do 10am-12pm", [("time", "10am-12pm")]),  # a range, each end with its own mark
        ("the pour needs 36 yards of gravel", [("quantity", "36 yards")]),
        ("room holds 80 people", [("quantity", "80 people")]),
        ("ticket HX-20931 is closed", [("code", "HX-20931")]),
        ("we shipped build v3.8.1 today", [("code", "v3.8.1")]),
        ("park at Gate 14 by the tower", [("code", "Gate 14")]),
        # a name that opens its clause, before a verb of the present
        ("Tomas Reyes leads the team now", [("name", "Tomas Reyes")]),
        ("Blue Fern Bakery supplies the bread", [("name", "Blue Fern Bakery")]),
        ("Dana Whitfield covers the desk", [("name", "Dana Whitfield")]),
        # a place of a site told apart by a letter
        ("unload at dock D today", [("code", "dock D")]),
        ("the talk moved to Hall C", [("code", "Hall C")]),
        ("Building A is closed for repairs", [("code", "Building A")]),
        ("in the hall I saw the banner", []),
        # a labelled code whose number ends in a letter group keeps it
        ("the PO is 6612-B now", [("code", "6612-B")]),
        ("invoice under PO 3308-K2", [("code", "PO 3308-K2")]),
        # an hour said bare after "at", where nothing could be its unit
        ("pickup's at 4 now, same gate", [("time", "4")]),
        ("dinner is at 7.", [("time", "7")]),
        ("meet at 10 tomorrow", [("time", "10")]),
        ("we're at 12 now", [("number", "12")]),
        ("seated at 4 tables", [("quantity", "4 tables")]),
        # a span of days of one month is one date
        ("booked for May 4-7", [("date", "May 4-7")]),
        ("the fair runs June 10 - 14, 2027", [("date", "June 10 - 14, 2027")]),
        ("closed Aug 3–5", [("date", "Aug 3–5")]),
        # a unit of measure written on to its figure; a letter or two alone is a code
        ("the 10GB plan", [("quantity", "10GB")]),
        ("take 500mg twice daily", [("quantity", "500mg")]),
        ("a 2.4GHz band", [("quantity", "2.4GHz")]),
        ("row 3B by the window", [("code", "3B")]),
        # a figure with thousands groups is one figure, never an hour or its first group
        ("the odometer is at 48,150 km", [("quantity", "48,150 km")]),
        ("renewal came in at 12,900, up from last year", [("number", "12,900")]),
        ("capacity sits at 2,400 (1,800 seated)", [("number", "2,400"), ("number", "1,800")]),
        # a name as a ticket writes it
        ("rebook OKAFOR/ADA MS on the 9am", [("code", "OKAFOR/ADA MS"), ("time", "9am")]),
        ("the guest is LINDQVIST/PER, party of two", [("code", "LINDQVIST/PER")]),
        ("reissue as MORALES/JUANCARLOS MR", [("code", "MORALES/JUANCARLOS MR")]),
        ("stored in Locker 12-C overnight", [("code", "Locker 12-C")]),
        ("the badge number is 77310925", [("number", "77310925")]),
        ("the caterer is Blue Plate Kitchen", [("name", "Blue Plate Kitchen")]),
        # a capitalized run after a label names the labelled thing, not after a message's
        # kind, and not a headline ending in a participle
        ("Venue: Harbor Hall", [("name", "Harbor Hall")]),
        ("Backup caterer: Blue Fig", [("name", "Blue Fig")]),
        ("Update: Launch Delayed", []),
        ("Chair: Budget Approved", []),
        # a run that opens a sentence is a name when it is the clause's subject
        ("Pine Ridge Camp's cabins are full", [("name", "Pine Ridge Camp's")]),
        ("Granite Lodge is booked", [("name", "Granite Lodge")]),
        ("Blue Fig closed early", [("name", "Blue Fig")]),
        ("Send Maria the file", []),
        # a titled name is a name even where it opens a sentence
        ("Dr. Lee signs the forms.", [("name", "Dr. Lee")]),
        ("Ms. Adler is away.", [("name", "Ms. Adler")]),
        # a size: a letter size with its qualifier, a numbered one, or a multi-letter one
        ("order her the women's S fleece", [("size", "women's S")]),
        ("his cleats are size 9.5", [("size", "size 9.5")]),
        ("two XXL polos for the crew", [("size", "XXL")]),
        # a count said in words, read as its figure
        ("make it two tickets", [("quantity", "two tickets")]),
        ("we need a dozen eggs", [("quantity", "a dozen eggs")]),
        ("Two more are coming", []),
        # a range of a quantity is one value
        ("shipping takes 3-5 days", [("quantity", "3-5 days")]),
        ("we need 10–12 volunteers", [("quantity", "10–12 volunteers")]),
        ("allow 1.5-2 hours for the tour", [("quantity", "1.5-2 hours")]),
        ("Plan B is fine by me", []),
        # a titled name takes the words of the name after the title
        ("Keynote by Dr. Lena Ortiz on Friday", [("name", "Dr. Lena Ortiz"), ("weekday", "Friday")]),
        ("Prof. Sam Whitaker agreed to step in", [("name", "Prof. Sam Whitaker")]),
        ("Please call Mr. Diaz on Monday", [("name", "Mr. Diaz"), ("weekday", "Monday")]),
    ],
)
def test_each_kind_is_found_with_its_span(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


def test_a_figure_in_an_amount_or_a_version_is_not_read_again_as_a_quantity() -> None:
    assert kinds("we rolled back v4.2.7, sadly") == [("code", "v4.2.7")]
    assert kinds("routing 021000021, account ending 7731") == [
        ("number", "021000021"),
        ("number", "7731"),
    ]


def value(kind: str, text: str) -> TypedValue:
    return TypedValue(kind, text, 0, len(text))


@pytest.mark.parametrize(
    ("a", "b", "slip"),
    [
        (value("number", "55120983"), value("number", "55120938"), True),  # two digits swapped
        (value("address", "31 Cedar Ln"), value("address", "13 Cedar Ln"), True),
        (value("code", "ZX-4410-C"), value("code", "ZX-4410-D"), True),  # one character
        (value("code", "Bay 4"), value("number", "44"), False),
        (value("money", "$300,000"), value("money", "$350,000"), False),  # amounts differ
        (value("phone", "555-0142"), value("phone", "555-0124"), False),  # one exchange
        (value("number", "2024"), value("number", "2042"), True),
        (value("number", "18"), value("number", "81"), False),  # too short to tell
    ],
)
def test_a_slip_of_the_hand(a: TypedValue, b: TypedValue, slip: bool) -> None:
    assert near_variant(a, b) is slip


@pytest.mark.parametrize(
    ("window", "moment", "inside"),
    [
        ("10:00-12:00", "10:05", True),
        ("08:00-13:00", "11", True),
        ("9-11am", "10am", True),
        ("9:00am-5:00pm", "2:15pm", True),
        # outside it, at one of its ends, or another window
        ("17:00-19:00", "20:00", False),
        ("08:00-13:00", "08:00", False),
        ("08:00-13:00", "10:00-14:00", False),
        ("22:00-06:00", "23:00", False),  # over midnight: left alone
    ],
)  # fmt: skip
def test_a_moment_inside_a_window_of_hours(window: str, moment: str, inside: bool) -> None:
    assert within(value("time", moment), value("time", window)) is inside


@pytest.mark.parametrize(
    ("old", "new", "same_thing"),
    [
        (value("quantity", "40 chairs"), value("quantity", "55 chairs"), True),
        (value("quantity", "40 chairs"), value("quantity", "55 tables"), False),
        (value("date", "June 3"), value("weekday", "Friday"), True),
        (value("money", "$40"), value("percent", "40%"), False),
        (value("code", "Unit 512"), value("number", "521"), True),  # the slip again
        (value("code", "Gate 12"), value("code", "Gate 4"), True),
        (value("code", "Gate 12"), value("code", "Flight 221"), False),  # labels differ
        (value("code", "Lot 7"), value("code", "Dock 7"), False),
        # a person by their title is no organization, and the other way round
        (value("name", "Dr. Lee"), value("name", "Blue Cross"), False),
        (value("name", "Harbor Dental"), value("name", "Ms. Ito"), False),
        (value("name", "Mr. Diaz"), value("name", "Acme Plumbing"), False),
        (value("name", "Dr. Lee"), value("name", "Dr. Okafor"), True),
        (value("name", "Harbor Dental"), value("name", "Bay Smiles"), True),
    ],
)
def test_values_of_one_thing(old: TypedValue, new: TypedValue, same_thing: bool) -> None:
    assert compatible(old, new) is same_thing


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ticket #8812 approved by finance", [("code", "#8812")]),
        ("the order of 250 cartons shipped", [("quantity", "250 cartons")]),
        ("a 12 bed ward", [("quantity", "12 bed")]),
        # a name after a long label is the value it labels
        ("Site foreman at the Millbrook build: Ines Kowal", [("name", "Ines Kowal")]),
        ("Point of contact for the spring gala: Theo Marsh", [("name", "Theo Marsh")]),
        # an adverb after a figure is no unit either
        ("we're at 14 now", [("number", "14")]),
        ("make it 30 instead", [("number", "30")]),
        ("seats 12 tonight", [("number", "12")]),
        # and so is a conjunction: the figure ends a labelled code
        ("we got Studio 4 since 2 is taken", [("code", "Studio 4")]),
        ("use Lane 12 because the ramp is shut", [("code", "Lane 12")]),
        ("ship 40 when the truck is back", [("number", "40")]),
        # and so is a pronoun that opens the next clause
        ("at 150 we'll knock the price down", [("number", "150")]),
        ("over 30 they charge for the room", [("number", "30")]),
        ("after 20 they close the bar", [("number", "20")]),
    ],
)
def test_a_verb_after_a_figure_is_no_unit(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Use PostgreSQL for the ledger", []),  # capitalized only because it opens
        ("Blue Plate Kitchen is the caterer", [("name", "Blue Plate Kitchen")]),
        ("Notes: Quarterly Review moved", []),
    ],
)
def test_a_word_capitalized_by_its_place_starts_no_name(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a weekday typed in lower case, in full or cut short
        ("kiln's booked wednesday the 9th", [("weekday", "wednesday"), ("date", "the 9th")]),
        ("see you thurs at 3", [("weekday", "thurs"), ("time", "3")]),
        ("swimming moved to mondays", [("weekday", "mondays")]),
        ("weds works better", [("weekday", "weds")]),
        # words spelled as a weekday is cut short are no weekday
        ("i sat on it, the sun was out", []),
        ("we wed in june", []),
    ],
)  # fmt: skip
def test_a_weekday_in_lower_case(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a span of hours is one value, however it is written
        ("deliveries 08:00-11:30", [("time", "08:00-11:30")]),
        ("surgery runs 9:30–11:45 on Mondays", [("time", "9:30–11:45"), ("weekday", "Mondays")]),
        ("loading 0715-0945 only", [("time", "0715-0945")]),
        ("on shift 0800-1600 hrs", [("time", "0800-1600 hrs")]),
        ("report at 1400 hrs", [("time", "1400 hrs")]),
        ("she can do 1 till 4, then school run", [("time", "1 till 4")]),
        # a span of years, or a figure with its decimals, is no span of hours
        ("accounts for 2019-2021", [("number", "2019")]),
        ("between 2 till 4.5 hours", [("quantity", "4.5 hours")]),
    ],
)  # fmt: skip
def test_a_span_of_hours(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


def test_a_span_of_hours_is_one_span_however_written() -> None:
    assert value("time", "0715-0945").key == value("time", "07:15-09:45").key
    assert value("time", "1400 hrs").key == value("time", "14:00").key
    assert value("time", "9 till 5").key == value("time", "9-5").key
    assert value("time", "08:00–11:30").key == value("time", "08:00-11:30").key


def test_a_weekday_is_one_day_however_written() -> None:
    [short], [long], [plural] = typed_values("Fri"), typed_values("Friday"), typed_values("Fridays")
    assert short.key == long.key == plural.key
    assert typed_values("Monday")[0].key != long.key


def test_a_count_in_words_is_the_count_in_figures() -> None:
    [words], [figures] = typed_values("three nights"), typed_values("3 nights")
    assert words.key == figures.key and words.unit == figures.unit == "night"


@pytest.mark.parametrize(
    ("words", "figures", "unit"),
    [
        # a count in two words, joined or not, and dozens
        ("thirty one chairs", "31 chairs", "chair"),
        ("forty-eight rolls", "48 rolls", "roll"),
        ("two dozen candles", "24 candles", "candl"),
        ("sixty guests", "60 guests", "guest"),
        # a weight or a volume in words is its symbol
        ("twenty six kilos", "26 kg", "kg"),
        ("twelve litres", "12 l", "l"),
        ("500 grams", "500 g", "g"),
    ],
)
def test_a_count_or_a_measure_in_words_is_the_one_in_figures(
    words: str, figures: str, unit: str
) -> None:
    [said], [written] = typed_values(words), typed_values(figures)
    assert said.key == written.key and said.unit == written.unit == unit


def test_pounds_in_words_stay_apart_from_a_weight() -> None:
    [said] = typed_values("5 pounds of apples")
    assert said.unit != "lb"


def test_an_amount_in_points_and_commas_is_the_amount_in_commas_and_points() -> None:
    assert value("money", "€4.850,00").key == value("money", "€4850.00").key
    assert value("money", "€4.850,00").key != value("money", "€4.85").key


def test_a_name_and_its_possessive_are_one_person() -> None:
    assert value("name", "Lin Zhao's").key == value("name", "Lin Zhao").key
    assert value("name", "Acme Plumbing’s").key == value("name", "Acme Plumbing").key


@pytest.mark.parametrize(
    ("a", "b", "one"),
    [
        # a person named more or less fully, by title, first name or both
        ("Mrs Nora Quayle", "Mrs Quayle", True),
        ("Dr. Anil Patel", "Dr Patel", True),
        ("Tomasz Wójcik", "Mr Tomasz Wójcik", True),
        ("Ms Grace Obi's", "Grace Obi", True),
        # another person of the family, or another of the name
        ("Mrs Nora Quayle", "Mr Quayle", False),
        ("Anna Berg", "Lisa Berg", False),
        ("Dr Anil Patel", "Anil Mehta", False),
        ("Acme Foods", "Acme Foods", False),  # the same words: not a fuller naming
    ],
)  # fmt: skip
def test_a_name_said_more_or_less_fully_is_one_name(a: str, b: str, one: bool) -> None:
    assert one_name(value("name", a), value("name", b)) is one


@pytest.mark.parametrize(
    ("old", "new", "apart"),
    [
        ("14 Wharf Road", "6:15 p.m.", True),  # a time is no new address
        ("$40", "dana@mailbox.io", True),
        ("Friday 6pm", "$30", True),
        ("18%", "(503) 555-0142", True),
        # moments are one family; a name, a count or a code may be anything
        ("6pm", "Saturday", False),
        ("14 Wharf Road", "22 Pine St, Eugene", False),
        ("Ana Ortiz", "6pm", False),
        ("$1,200", "1,350", False),
        # a text of values of several families may change in any one of them
        ("Crew call 5:30 p.m., 14 Wharf Road", "6pm", False),
        ("Friday 6pm", "Saturday at $30", False),
    ],
)
def test_a_plain_value_of_another_family_is_no_new_value(old: str, new: str, apart: bool) -> None:
    assert of_another_family(old, new) is apart


@pytest.mark.parametrize(
    ("text", "pairs"),
    [
        ("Thesis binding: Tuesday 18 March, 2pm.", [("Tuesday", "18 March")]),
        ("Cake tasting Thu, 7 Aug at noon.", [("Thu", "7 Aug")]),
        ("Spring recital June 12 (Thu).", [("Thu", "June 12")]),
        # a word of time or a "that's" between them
        ("The fitter comes Friday now, the 13th.", [("Friday", "the 13th")]),
        ("Market's Monday - that's the 2nd.", [("Monday", "the 2nd")]),
        ("Delivery Thursday, so the 5th.", [("Thursday", "the 5th")]),
        # a weekday apart from the date names another day
        ("Friday now and the 13th later.", []),
        ("Rehearse Monday, recital on June 12.", []),
        ("Friday and the 9th both work.", []),
    ],
)
def test_a_weekday_beside_its_date_names_that_day(text: str, pairs: list[tuple[str, str]]) -> None:
    found = weekday_of_date(text, typed_values(text))
    assert [(day.text, date.text) for day, date in found] == pairs


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # thousands grouped by an apostrophe, and currencies by their code
        ("Quote: 4'800 words at CHF 0.24 a word.", [("quantity", "4'800 words"), ("money", "CHF 0.24")]),
        ("Total CHF 1'152 incl. VAT", [("money", "CHF 1'152")]),
        ("Budget ₹3,10,000, or AUD 3.65 a head", [("money", "₹3,10,000"), ("money", "AUD 3.65")]),
        # a modal after a figure is no unit of it
        ("21 would be far too many", [("number", "21")]),
        ("maybe 6 could fit", []),
    ],
)  # fmt: skip
def test_figures_as_written_in_other_places(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


def test_an_apostrophe_grouped_figure_reads_as_a_comma_grouped_one() -> None:
    assert typed_values("4'800 words")[0].key == typed_values("4,800 words")[0].key


@pytest.mark.parametrize(
    ("old", "new", "none"),
    [
        # a state of the thing is no new value of a slot made of plain values
        ("Loaner violin (case 4): due back 30.09.2031", "packed and ready by the door", True),
        ("Pickup: 4pm", "running a bit late, one box short", True),
        ("Deposit: $250", "paid in full by the parents", True),
        # a value of the family, in figures or in words, is one
        ("Meeting: Friday", "this week instead", False),
        ("Deposit: $250", "$300 after the upgrade", False),
        # a slot of words is not read here
        ("Paint: sage green", "the darker one", False),
    ],
)  # fmt: skip
def test_a_text_with_no_plain_value_states_none_for_a_slot_of_them(
    old: str, new: str, none: bool
) -> None:
    assert states_none_of(old, new) is none


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tuesday the ninth at noon", [("weekday", "Tuesday"), ("date", "the ninth"), ("time", "noon")]),
        ("the twenty-first of March", [("date", "the twenty-first of March")]),
        ("Sat the sixteenth works", [("weekday", "Sat"), ("date", "the sixteenth")]),
        # alone from the fourth on, where "the 12th" would be a date
        ("home on the fourteenth now, not the ninth",
         [("date", "the fourteenth"), ("date", "the ninth")]),
        ("drops are due on the twenty-first.", [("date", "the twenty-first")]),
        # an ordinal with no day or month beside it is no date
        ("the third floor, the second van", []),
        ("the fifth time, the fourth floor; the second is cheaper", []),
    ],
)  # fmt: skip
def test_a_day_of_the_month_spelled_out(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


def test_a_day_of_the_month_spelled_out_is_the_day_in_figures() -> None:
    [spelled, figured] = typed_values("the twelfth, then the 12th")
    assert spelled.key == figured.key
    [spelled, figured] = typed_values("the twenty-first of March, the 21st of March")
    assert spelled.key == figured.key


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a numbered place or thing, in small letters too, before any count
        ("shift it all to freezer 5", [("code", "freezer 5")]),
        ("same box, rack 4 slot 18", [("code", "rack 4"), ("code", "slot 18")]),
        ("bus 22 replaces bus 17", [("code", "bus 22"), ("code", "bus 17")]),
        # a count of them, and a seat with its letter, as before
        ("we need 4 tables", [("quantity", "4 tables")]),
        ("moved to seat 14C", [("code", "14C")]),
    ],
)  # fmt: skip
def test_numbered_things_are_codes(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize("spelled", ["4:45 pm", "4:45pm", "4:45 p.m.", "4:45 P.M."])
def test_a_time_is_one_time_however_its_half_of_the_day_is_written(spelled: str) -> None:
    assert typed_values(f"at {spelled}")[0].key == "4:45pm"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a contraction after a figure is no unit of it
        ("Ward 7 won't take balloons", [("code", "Ward 7")]),
        ("the 3 can't all fit", []),
        ("rack 2 didn't flood", [("code", "rack 2")]),
        # a possessive plural still counts
        ("the 3 kids' bikes", [("quantity", "3 kids")]),
    ],
)  # fmt: skip
def test_a_contraction_after_a_figure_is_no_unit(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a time with a dot between its hour and minutes, as British English writes it
        ("deliver by 11.45am please", [("time", "11.45am")]),
        ("doors at 7.30 pm", [("time", "7.30 pm")]),
        # a labelled code with a decimal, not cut at its point
        ("set the DIN 6.5 on both", [("code", "DIN 6.5")]),
    ],
)  # fmt: skip
def test_times_and_codes_with_a_decimal_point(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


def test_a_time_with_a_dot_is_the_time_with_a_colon() -> None:
    assert typed_values("11.45am")[0].key == typed_values("11:45 am")[0].key


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the rug for the lounge is 160 x 230 cm", [("dimensions", "160 x 230 cm")]),
        ("cut the glass to 45x60cm please", [("dimensions", "45x60cm")]),
        ("a shed of 10 by 12 feet", [("dimensions", "10 by 12 feet")]),
        ("parcel is 30 x 20 x 15 cm, 2 kg", [("dimensions", "30 x 20 x 15 cm"), ("quantity", "2 kg")]),
        ("prints at 4x6\" are cheaper", [("dimensions", "4x6\"")]),
        ("a 2.4m x 3m gazebo", [("dimensions", "2.4m x 3m")]),
        # sides without a unit, or a product of counts, measure nothing
        ("we stacked them 3 x 4 on the pallet", []),
        ("2 by 4 in the morning", []),
    ],
)
def test_a_thing_measured_side_by_side_is_one_value(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("2.4m x 3m", "2.4 x 3 metres"),
        ("10 by 12 feet", "10x12 ft"),
        ("4x6\"", "4 x 6 inches"),
    ],
)
def test_sides_however_written_are_one_size(a: str, b: str) -> None:
    assert typed_values(a)[0].key == typed_values(b)[0].key


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("we need 3 spare keys cut", [("quantity", "3 spare keys")]),
        ("order 40 paper plates", [("quantity", "40 paper plates")]),
        ("book 2 double rooms", [("quantity", "2 double rooms")]),
        # a word that adds to a count, or a unit already plural, names no kind of thing
        ("bring 2 more chairs", []),
        ("we need 5 extra blankets", []),
        ("5 days left", [("quantity", "5 days")]),
    ],
)
def test_a_count_keeps_the_word_that_tells_its_kind(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize(
    ("old", "new", "same_thing"),
    [
        ("3 roller banners", "2 banners", True),
        ("12 paper plates", "20 plates", True),
        ("2 double rooms", "1 single room", False),
        ("4 king prawns", "6 tiger prawns", False),
    ],
)
def test_a_count_of_a_kind_of_thing_counts_that_thing(old: str, new: str, same_thing: bool) -> None:
    assert compatible(typed_values(old)[0], typed_values(new)[0]) is same_thing


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an ordinal before the thing it counts is no day of the month
        ("the 9th character is a 4", []),
        ("the 3rd floor is closed", []),
        ("the 2nd row from the back", []),
        # a day of the month, before a word that goes on about the day
        ("on the 21st we fly", [("date", "the 21st")]),
        ("moved to the 14th, same time", [("date", "the 14th")]),
        # ... and with its month after "of", the whole date
        ("the 9th of May suits", [("date", "the 9th of May")]),
        ("Thursday the 16th of October, same hour",
         [("weekday", "Thursday"), ("date", "the 16th of October")]),
        ("due the 2nd of march, 2026", [("date", "the 2nd of march, 2026")]),
    ],
)
def test_an_ordinal_before_what_it_counts_is_no_date(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("in by half past four in the morning", ("half past four in the morning", "4:30am")),
        ("the ferry's at quarter to six", ("quarter to six", "5:45")),
        ("can you do half seven", ("half seven", "7:30")),
        ("doors at ten o'clock sharp", ("ten o'clock", "10:00")),
        ("pickup Thursday 16h30", ("16h30", "16:30")),
    ],
)
def test_a_time_said_in_words_is_that_time(text: str, expected: tuple[str, str]) -> None:
    times = [(v.text, v.key) for v in typed_values(text) if v.kind == "time"]
    assert times == [expected]


@pytest.mark.parametrize("text", ["half an hour later", "half the order", "5 past the gate"])
def test_half_or_past_before_no_hour_is_no_time(text: str) -> None:
    assert [v for v in typed_values(text) if v.kind == "time"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("delivery 14.03., rate as agreed", [("date", "14.03")]),
        ("they can wait until 27.11. now", [("date", "27.11")]),
        ("It should say -2.75. Nothing else", []),
        ("version 1.2. is out", []),
    ],
)
def test_a_day_and_month_with_its_dot_is_a_date(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("keep the cold room at 4 °C", [("quantity", "4 °C")]),
        ("the kiln peaks at 1240°C", [("quantity", "1240°C")]),
        ("proof the dough at 80 °F", [("quantity", "80 °F")]),
        ("the flat is 62 m² with a balcony", [("quantity", "62 m²")]),
        ("pour 3m³ of concrete", [("quantity", "3m³")]),
        ("the unit is 40 sq m", [("quantity", "40 sq m")]),
        ("set the oven to 180 degrees", [("quantity", "180 degrees")]),
    ],
)
def test_a_unit_written_with_a_sign_belongs_to_its_figure(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("62 m²", "62 square metres", True),
        ("40 sq m", "40 sqm", True),
        ("4 °C", "4°C", True),
        ("300 sq ft", "300 square feet", True),
        ("40 sq m", "40 sq ft", False),
        ("4 °C", "4 °F", False),
        ("21 degrees Celsius", "21 °C", True),
    ],
)
def test_an_area_or_a_temperature_however_written_is_one_value(a: str, b: str, same: bool) -> None:
    assert (typed_values(a)[0].key == typed_values(b)[0].key) is same


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("18 po, not 16", [("number", "18"), ("number", "16")]),
        ("we're at 40 lah", [("number", "40")]),
        ("it came to 12 yeah", [("number", "12")]),
        ("make it 75 ok", [("number", "75")]),
    ],
)
def test_a_particle_after_a_figure_is_no_unit(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


def test_a_temperature_in_degrees_or_with_its_sign_measures_one_thing() -> None:
    assert typed_values("19 degrees")[0].unit == typed_values("17 °C")[0].unit


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a figure with a decimal point is a figure of its own
        ("no band under 6.5", [("number", "6.5")]),
        ("keep the pH at 5.5 or above", [("number", "5.5")]),
        ("the ratio is 0.75 now", [("number", "0.75")]),
        # ... but not a version, nor a time said with a dot
        ("release 2.4 is out", []),
        ("meet at 5.30", []),
        # a unit of one letter after its figure
        ("the hull is 14.2 m long", [("quantity", "14.2 m")]),
        ("gross weight 8.2 t on the trailer", [("quantity", "8.2 t")]),
        ("a 20 L drum of oil", [("quantity", "20 L")]),
    ],
)
def test_a_decimal_figure_and_a_one_letter_unit(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a fraction of a measure is an amount, not a day and month
        ("give her 3/4 cup at breakfast", [("quantity", "3/4 cup")]),
        ("add 1/2 tsp of salt", [("quantity", "1/2 tsp")]),
        ("he takes 1/2 tablet at night", [("quantity", "1/2 tablet")]),
        ("the crate comes 3/4 at noon", [("date", "3/4"), ("time", "noon")]),
    ],
)
def test_a_fraction_of_a_measure_is_an_amount(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a pasted chat line's stamp says when it was written, not a value
        ("[08:41] Priya: the boiler man is coming Thursday", [("weekday", "Thursday")]),
        ("group chat:\n[2/11, 19:05] Tomás: moving the meet to 10:30",
         [("time", "10:30")]),
        ("Ren (front desk) 16:20: checkout is 11am for them", [("time", "11am")]),
        ("thread:\nAda (chef) 09:12: fine by me\nLeo Marsh 09:14: see you at 6:15",
         [("time", "6:15")]),
        ("- [22:03] Kit: lights out at 23:00", [("time", "23:00")]),
        # a time its label names, or a bracketed time that is what is said, is a value
        ("Delivery 08:00: van 2 takes it", [("time", "08:00"), ("code", "van 2")]),
        ("09:30 Keynote: main hall", [("time", "09:30")]),
        ("[08:00] is when the doors open", [("time", "08:00")]),
    ],
)  # fmt: skip
def test_a_chat_lines_stamp_is_no_value(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a title in quotes is one name, its small words and all, without the quotes
        ("Hymn: 'Guide Me O Thou Great Redeemer'", [("name", "Guide Me O Thou Great Redeemer")]),
        ('The set closes with "Fly Me to the Moon", 10pm', [("name", "Fly Me to the Moon"),
                                                           ("time", "10pm")]),
        ("Book club is reading ‘The Wind in the Willows’ next", [("name",
                                                                 "The Wind in the Willows")]),
        # a quoted phrase that does not end on a capitalized word is no title
        ("he just said 'Fine by me' and hung up", []),
    ],
)  # fmt: skip
def test_a_title_in_quotes_is_one_name(text: str, expected: list[tuple[str, str]]) -> None:
    assert kinds(text) == expected


def test_pence_are_an_amount_in_pounds() -> None:
    assert kinds("we'll do them at 62p each") == [("money", "62p")]
    assert typed_values("62p")[0].key == typed_values("£0.62")[0].key
    # a screen's lines are no amount
    assert kinds("a 720p screen") == [("code", "720p")]
