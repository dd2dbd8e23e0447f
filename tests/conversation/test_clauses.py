"""A turn read as sentences: what makes a turn a "yes" to what was just said to it."""

from __future__ import annotations

import pytest

from statekeeper.conversation.clauses import confirms, sentences
from statekeeper.nlu.interpret import is_question, narrates


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        # a turn that opens by saying yes, alone or before more
        ("yep", True),
        ("Correct.", True),
        ("That's right, and add a second crate.", True),
        ("Yes please", True),
        ("sounds good, book it", True),
        # a word of assent, then the yes: "let's do that", "go for it"
        ("great, book it", True),
        ("OK, let's do that.", True),
        ("Alright! Go for it", True),
        # said short, or with what it points at
        ("ya", True),
        ("aye, that's grand", True),
        ("yes that", True),
        ("that one", True),
        ("yay we won the bid", False),
        ("Right, the van moved to bay 4.", False),
        ("ok", False),  # a nod, no yes
        # an approving word said back to what was read out
        ("lovely", True),
        ("Spot on, thanks!", True),
        ("That works.", True),
        ("lovely day for it though", False),
        ("grand so, but the van is at 9", False),
        ("Yeah. Also the dog is coming.", True),
        # a yes with a word of thanks or please, however it is cut short
        ("yes pls. and add a note on the parking", True),
        ("yep ta", True),
        ("sure thx!", True),
        ("yeah cheers", True),
        ("cheers for the update", False),
        # the thing read back named as the right one
        ("that's the one. the old seal was cut at customs", True),
        ("Thats the figure, yes.", True),
        ("that's the number!", True),
        ("that's the one thing I forgot", False),
        ("That is correct. And the gate moves too.", True),
        ("yep that's it", True),
        ("yes, that is right", True),
        ("that's the day. I'll ring them", True),
        ("that is the problem though", False),
        # a yes given as a sign opening the turn
        ("👍", True),
        ("👌 and she'll pay by card", True),
        ("✅", True),
        ("👍 but make it 4pm", False),
        ("we all 👍 the new logo?", False),
        ("😂 no way", False),
        # a plain word of approval, or an order to record what was read out
        ("great", True),  # like "perfect" or "lovely"; "ok" above is only a nod
        ("Good, that's the one for the invoice", True),
        ("great. send it to the client", True),
        ("fine, book it", True),
        ("put that on the job sheet", True),
        ("note it down, ta", True),
        ("Good morning, the van is late", False),
        ("Great news, they moved it to Friday", False),
        ("fine dust everywhere after the sanding", False),
        # a yes said twice over, with no comma between
        ("ok good, the rest stays as it is", True),
        ("yes perfect, send it over", True),
        ("yep lovely", True),
        ("ok so what's next", False),
        ("right then", False),
        ("ok no", False),
        # thanks for what was read back
        ("cheers, that's everything for today", True),
        ("ta", True),
        ("legend, thank you", True),
        ("thanks but no, keep the old one", False),
        ("thanks for nothing", False),
        # a yes amended in the same breath is no plain yes
        ("yes, but make it the 9th", False),
        ("Yes except the blue one", False),
        # no yes at the opening
        ("no", False),
        ("Right after lunch works.", False),
        ("I said yes to the caterer already.", False),
        ("Perfectly fine to leave it at 3pm?", False),
    ],
)
def test_a_turn_that_opens_with_yes_confirms(turn: str, expected: bool) -> None:
    assert confirms(turn) is expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a story of the past holds nothing now
        ("We went to the lake last Friday.", True),
        ("Two years ago the fee was $40.", True),
        ("Yesterday the crew finished early.", True),
        # a story that tells of a changed arrangement still changes what holds
        ("Got a new phone last week, the number is 312-555-0188.", False),
        ("We got a new office last month, it's 5 Oak St.", False),
        ("Last week we moved the review to Monday.", False),
        # ... and so does one that also says what holds now
        ("I'm at kim.lo@zenith.io now, left my old firm last month.", False),
        ("It was $15 last month, these days it's $19.", False),
        ("Last spring we had 80 seats, currently 120.", False),
        # a frame of times gone by, with or without a change told inside it
        ("Back when I joined, they paid us on the 15th.", True),
        ("We used to open at 6am on Saturdays.", True),
        ("When we first opened we switched suppliers to Kessler Farms.", True),
        ("At my old job the badge fee was $25.", True),
        ("She said at her old school the fees were £90 a term.", True),
        ("The landlord at their previous flat took 40% off the deposit.", True),
        ("In his old club the subs were £12.", True),
        ("We used to close at 7, now it's 9pm.", False),
        # a year named as gone by frames what follows; one coming back does not
        ("Back in 2019 the club moved its AGM to June.", True),
        ("they said back in 2023 the fund pushed its deadline to 28 March", True),
        ("Back in 2021 the council capped it at 30 beds.", True),
        ("She's back in May, so book her fitting for the 14th.", False),
    ],
)
def test_a_story_of_the_past_narrates(sentence: str, expected: bool) -> None:
    assert narrates(sentence) is expected


@pytest.mark.parametrize(
    ("sentence", "asks"),
    [
        ("Do the 11th instead.", False),  # "do" before what is done orders it
        ("Do it Friday, please.", False),
        ("Do they open on Sundays", True),
        ("Do the kids need lunch?", True),
        ("Does the van fit nine", True),
    ],
)
def test_an_opening_do_asks_unless_it_orders(sentence: str, asks: bool) -> None:
    assert is_question(sentence) is asks


@pytest.mark.parametrize(
    ("sentence", "asks"),
    [
        # a question quoted to the end of its sentence still asks
        ("A parent emailed: 'Is the trip still on for Friday?'", True),
        ('The caller said, "Can we bring the dog?"', True),
        ("Her text: ‘Any chance of a later slot?’", True),
        # a question mark inside a bracket or a code asks nothing of the sentence
        ("Moved to Friday (was it Thursday?)", False),
        ("The code is 'ABC?1'.", False),
    ],
)  # fmt: skip
def test_a_quoted_question_asks(sentence: str, asks: bool) -> None:
    assert is_question(sentence) is asks


@pytest.mark.parametrize(
    ("sentence", "asks"),
    [
        # a statement with a tag that looks for agreement states
        ("Management agreed 16,500 a day since the city is dear, no?", False),
        ("The van comes at nine now, eh?", False),
        ("Price is fine for that, innit?", False),
        ("The boss said Thursday, na?", False),
        # a question before the tag still asks, and "right?" may doubt
        ("Are you coming Friday, no?", True),
        ("It's nine tomorrow, right?", True),
        ("No?", True),
    ],
)  # fmt: skip
def test_a_tagged_statement_states(sentence: str, asks: bool) -> None:
    assert is_question(sentence) is asks


@pytest.mark.parametrize(
    ("text", "at", "wanted"),
    [
        # what follows from a wish is the speaker's own conclusion
        ("The tenant asked for a later move-in, so the lease now starts June 5.", "June 5", False),
        ("Our donor requested anonymity, so the plaque reads Friends of the Library.", "Friends",
         False),
        ("The vendor wanted a longer setup, which means doors open at 8pm.", "8pm", False),
        # the wish itself stays a wish, with or without a consequence after it
        ("The guest wants a wake-up call at 7am.", "7am", True),
        ("The buyer wants it in teal so it matches the logo.", "teal", True),
    ],
)  # fmt: skip
def test_a_consequence_of_a_wish_is_no_wish(text: str, at: str, wanted: bool) -> None:
    (sentence,) = sentences(text)
    assert sentence.wanted_at(text.index(at)) is wanted


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Load-in is 5:30 p.m. at the side door. Bring ID.",
         ["Load-in is 5:30 p.m. at the side door.", "Bring ID."]),
        ("Doors at 7 p.m. Seating is open.", ["Doors at 7 p.m.", "Seating is open."]),
        ("We start at 9 a.m. sharp, ok?", ["We start at 9 a.m. sharp, ok?"]),
    ],
)  # fmt: skip
def test_a_time_written_with_dots_ends_a_sentence_only_before_a_new_one(
    text: str, expected: list[str]
) -> None:
    assert [s.text.strip() for s in sentences(text)] == expected


@pytest.mark.parametrize(
    ("sentence", "asks"),
    [
        # "it" left out of a correction that names the wrong value, no question mark
        ("Is 8,400, not 4,800, the annexes came with it.", False),
        ("Are 12 guests, not 10.", False),
        ("Was Tuesday, not Monday, sorry.", False),
        # with a question mark, or with no value said wrong, it asks
        ("Is 3pm, not 4pm?", True),
        ("Is it 3pm or 4pm.", True),
        ("Is that ok", True),
    ],
)
def test_an_opening_is_asks_unless_it_corrects(sentence: str, asks: bool) -> None:
    assert is_question(sentence) is asks


@pytest.mark.parametrize(
    ("sentence", "asks"),
    [
        # "it" left out before a modal, no question mark: a statement
        ("Should read BX-4471-K.", False),
        ("Should be 5pm, not 4pm.", False),
        ("Will cost $80 with the stand.", False),
        # a modal before its subject asks
        ("Should we move it to 5pm", True),
        ("Will you cover Friday?", True),
    ],
)
def test_a_modal_with_its_subject_left_out_states(sentence: str, asks: bool) -> None:
    assert is_question(sentence) is asks


@pytest.mark.parametrize(
    ("sentence", "hearsay"),
    [
        ("Your colleague mentioned the ferry is $20 cheaper.", True),
        ("Dana mentioned it's $40 now.", True),
        # what we mention ourselves is our word
        ("I mentioned the deposit is $40 now.", False),
        ("We mentioned pickup moved to 5pm.", False),
    ],
)  # fmt: skip
def test_what_another_mentioned_is_no_word_of_ours(sentence: str, hearsay: bool) -> None:
    assert sentences(sentence)[0].hypothetical is hearsay


@pytest.mark.parametrize(
    ("sentence", "conditional"),
    [
        # a condition reported inside the sentence, not only one opening it
        ("Dr Ames did say if the pump fails again we'll move the fish to tank 3.", True),
        ("The landlord told us that if the boiler trips we'd use the back hall.", True),
        ("She warned, unless the ferry runs, we shift the tour to Sunday.", True),
        # said as it stands
        ("Dr Ames said the fish are in tank 3 now.", False),
        ("We'll move the fish to tank 3 if that's easier for you.", False),
    ],
)  # fmt: skip
def test_a_reported_condition_makes_its_sentence_conditional(
    sentence: str, conditional: bool
) -> None:
    assert sentences(sentence)[0].conditional is conditional


@pytest.mark.parametrize(
    ("sentence", "asked"),
    [
        # a question passed on in its own word order asks; it states nothing
        ("Her son called asking could we do Sundays instead.", True),
        ("The client asked can we push the install to 3pm.", True),
        ("Mo is asking would you take $40 for it.", True),
        # a request to us, said as it stands
        ("She asked us to move it to 3pm.", False),
    ],
)  # fmt: skip
def test_a_question_passed_on_in_its_own_word_order(sentence: str, asked: bool) -> None:
    assert sentences(sentence)[0].hypothetical is asked


@pytest.mark.parametrize(
    ("sentence", "value", "wished"),
    [
        # a wish said in a later clause is of what that clause names
        ("Ana's going with Theo at 1pm, he wants four hours with her.", "1pm", False),
        ("We're on bay 4 now, the client wants bay 6 later.", "bay 4", False),
        # ... and of what its own clause names
        ("Ana's going with Theo at 1pm, he wants four hours with her.", "four hours", True),
        ("The client wants bay 6 for the unload.", "bay 6", True),
    ],
)  # fmt: skip
def test_a_wish_is_of_what_its_own_clause_names(sentence: str, value: str, wished: bool) -> None:
    said = sentences(sentence)[0]
    assert said.wanted_at(said.text.index(value)) is wished


@pytest.mark.parametrize(
    ("sentence", "imagined"),
    [
        # what would have happened, and did not
        ("Without the new pump we'd have had to move the trout to pond 4.", True),
        ("The old supplier would have charged $1,900 for that.", True),
        ("We could have gone with the 9am ferry, but it was full.", True),
        # the worst or best case, said as a case
        ("Worst case, the choir sings in the side chapel at 6pm.", True),
        ("Best-case scenario the parts land on the 12th.", True),
        # a condition put first by its verb
        ("Were the rent to rise to $2,400, we would look elsewhere.", True),
        ("Should the lift fail again, students move to block C.", True),
        ("Had we booked earlier, it would be $80 a night.", True),
        # said as it stands
        ("I'd have the lamb instead, please.", False),
        ("It must have been typed in wrong, it's 30kW.", False),
        ("We should have the van back at 4pm.", False),
        ("The crates were the last of the order.", False),
    ],
)  # fmt: skip
def test_what_did_not_happen_or_is_only_imagined_states_nothing(
    sentence: str, imagined: bool
) -> None:
    assert sentences(sentence)[0].hypothetical is imagined


@pytest.mark.parametrize(
    ("sentence", "in_jest"),
    [
        ("She joked we should open at 5am so nobody is late.", True),
        ("I'm billing him $900 for the scratches, jk.", True),
        ("Half-seriously, we should charge £200 for the mess.", True),
        ("Only kidding, the fee stays at $40.", False),  # takes back the one before
        ("The joker card game is at 8pm.", False),
        ("Fee is $40 from Monday.", False),
    ],
)  # fmt: skip
def test_what_is_said_in_jest_states_nothing(sentence: str, in_jest: bool) -> None:
    assert sentences(sentence)[0].hypothetical is in_jest


@pytest.mark.parametrize(
    ("sentence", "conditional"),
    [
        ("also if the ferry is late we switch to the 6pm one", True),
        ("And if it rains, the picnic moves to the barn.", True),
        ("Oh, if the kiln fails we fire on Monday.", True),
        ("Also the ferry is at 6pm now.", False),
    ],
)  # fmt: skip
def test_a_condition_after_a_linking_word_is_conditional(sentence: str, conditional: bool) -> None:
    assert sentences(sentence)[0].conditional is conditional


@pytest.mark.parametrize(
    ("line", "conditional", "question"),
    [
        # a pasted chat's or log's line: its mood is read after who it is from
        ("[Priya]: if the kiln cracks we fire on Monday", True, False),
        ("Coach (U14): if the pitch is frozen we train indoors", True, False),
        ("[14/02/2025, 09:12] Omar: unless the ferry runs we stay put", True, False),
        ("- Dev: is the hall booked", False, True),
        # a label and its value is no speaker, and no condition follows it
        ("Venue: Harbor Hall, 7pm", False, False),
        ("[Priya]: the kiln is fixed", False, False),
    ],
)  # fmt: skip
def test_a_chat_lines_mood_is_read_after_its_speaker(
    line: str, conditional: bool, question: bool
) -> None:
    said = sentences(line)[0]
    assert (said.conditional, said.question) == (conditional, question)


@pytest.mark.parametrize(
    ("sentence", "hedged"),
    [
        ("The vicar has agreed that we might begin at half past one.", False),
        ("The council agreed we might open the hall at 8.", False),
        ("We might begin at half past one.", True),
    ],
)
def test_a_might_granted_is_no_guess(sentence: str, hedged: bool) -> None:
    assert sentences(sentence)[0].hypothetical is hedged


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # a guess opening a clause of its own after a comma is its own sentence
        ("it's 80 cm, not 79, I reckon whoever measured him had him slouching",
         [False, True]),
        ("Gate B, not Gate D, I think the signs were swapped overnight", [False, True]),
        ("We're 14 now, I suspect two of them never replied at all", [False, True]),
        # a question passed on in a clause of its own leaves the statement before it
        ("the talk moves to 09:45, and she asks if we can bring the engine", [False, True]),
        ("pickup is now Bay 4, he asked me whether the van fits", [False, True]),
        ("Room 12 from Monday, but they want to know about parking", [False, True]),
        ("we asked the vicar and he agreed to half past one", [False]),
        # a guess that hedges the value itself stays with it
        ("Thursday at 3, I think, but check with Jo", [True]),
        ("The fee is $40, I think.", [True]),
    ],
)  # fmt: skip
def test_a_guess_or_a_question_of_its_own_leaves_the_statement_before_it(
    text: str, read: list[bool]
) -> None:
    assert [s.hypothetical for s in sentences(text)] == read


@pytest.mark.parametrize(
    ("sentence", "third_party", "conditional"),
    [
        # the relation of someone we serve, then their own thing
        ("Her neighbour in 9C, his appointment got moved to Friday.", True, False),
        ("His brother from Leeds, her flight lands at 6pm now.", True, False),
        ("Their landlord, his number changed last week.", True, False),
        # a condition told to someone after a colon
        ("I told her: if the wing is locked down, we move it to Sunday.", False, True),
        ("He told me, if the pitch floods we play at the Rec.", False, True),
        # our own thing, said of ourselves
        ("Her appointment got moved to Friday.", False, False),
    ],
)  # fmt: skip
def test_anothers_own_affair_and_a_condition_told(
    sentence: str, third_party: bool, conditional: bool
) -> None:
    said = sentences(sentence)[0]
    assert (said.third_party, said.conditional) == (third_party, conditional)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # a remark after a sentence calls it another's affair
        ("The other bidder put in $41,000. not our figure obv", [True, False]),
        ("The gym upstairs moved its classes to 6am. That's their own business.", [True, False]),
        ("Ward 3 changed visiting to 2-4pm. Nothing to do with us, we're ward 5.", [True, False]),
        # ... or a remark closing the sentence that holds the value
        ("Kemi's train is at 08:10 now, a different matter.", [True]),
        # a remark of no concern, or one without a figure before it, disowns nothing
        ("The client moved the meeting to 3pm. Not our problem, we are free all day.",
         [False, False]),
        ("Different thing: the van is booked for 9am.", [False]),
    ],
)  # fmt: skip
def test_a_remark_that_it_is_not_ours_makes_what_it_follows_anothers(
    text: str, read: list[bool]
) -> None:
    assert [s.third_party for s in sentences(text)] == read


@pytest.mark.parametrize(
    ("sentence", "only_keeps"),
    [
        # a thing said to stay where it is, with remarks beside it and no value
        ("The strap is still with Ingrid, she borrowed it for the gig.", True),
        ("The ribbon is still in navy, just checked with the florist.", True),
        ("the trailer stays at the farm, nobody needs it this week", True),
        ("Harness remains in the locker, the key is behind the desk.", True),
        # a value stated, or something else that changes
        ("The cold room must stay at 4 °C, so pack the ice blocks.", False),
        ("The strap is still with Ingrid until Friday.", False),
        ("Same venue, but we start later now.", False),
        ("The trailer moved to the farm, nobody needs it this week.", False),
    ],
)  # fmt: skip
def test_a_sentence_that_only_keeps_states_nothing_new(sentence: str, only_keeps: bool) -> None:
    assert sentences(sentence)[0].only_keeps is only_keeps


@pytest.mark.parametrize(
    ("sentence", "theirs"),
    [
        # an order of the speaker's, whatever reason beside it names someone else
        ("n cancel the taxi sat my cousin's got a car.", False),
        ("Cancel the taxi, my sister got us a lift.", False),
        ("pls drop the second crate, my neighbour's got loads", False),
        ("Move the fitting to Friday, her mum just changed her shift.", False),
        # someone else's own change
        ("My brother got a new van.", True),
        ("my sister moved her fitting to Friday", True),
        ("Her mum just changed her shift.", True),
    ],
)  # fmt: skip
def test_an_order_of_ours_is_no_third_partys_affair(sentence: str, theirs: bool) -> None:
    assert sentences(sentence)[0].third_party is theirs


@pytest.mark.parametrize(
    ("turn", "parts"),
    [
        # dictation run together unpunctuated is parted where a new subject and verb open
        (
            "ok so the hall's double booked so we're in the scout hut now and the caterer "
            "says sixty is fine and dave can't drive so sue's bringing the urn",
            ["ok", "so the hall's double booked", "so we're in the scout hut now",
             "and the caterer says sixty is fine", "and dave can't drive",
             "so sue's bringing the urn"],
        ),
        (
            "quick one the vet moved us to thursday at ten and the bloods are done and she "
            "wants him fasted from midnight",
            ["quick one the vet moved us to thursday at ten", "and the bloods are done",
             "and she wants him fasted from midnight"],
        ),
        (
            "right the skip comes monday now cos the yard is shut and the driver said "
            "ring him first on the day",
            ["right the skip comes monday now", "cos the yard is shut",
             "and the driver said ring him first on the day"],
        ),
        (
            "the van is at the yard same time as usual i've told dave already and the gate "
            "gets locked at six so park outside the fence",
            ["the van is at the yard same time as usual", "i've told dave already",
             "and the gate gets locked at six so park outside the fence"],
        ),
        # ... not a short one, nor a turn written with its marks
        (
            "[Ana]: noted.\n[Bo]: the van is at the yard same time as usual and the gate gets "
            "locked at six so park outside the fence tonight",
            ["[Ana]: noted.", "[Bo]: the van is at the yard same time as usual and the gate "
             "gets locked at six so park outside the fence tonight"],
        ),
        ("bring the urn and the cups and sue's cake", ["bring the urn and the cups and sue's cake"]),
        (
            "His sister reckons the garage could do it for less and he wonders if it should go "
            "there.",
            ["His sister reckons the garage could do it for less and he wonders if it should go "
             "there."],
        ),
    ],
)  # fmt: skip
def test_unpunctuated_dictation_is_parted_into_its_sentences(turn: str, parts: list[str]) -> None:
    assert [s.text for s in sentences(turn)] == parts
