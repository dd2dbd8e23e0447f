"""What was said for us only, and whom a context is for."""

from __future__ import annotations

import pytest

from statekeeper.conversation.audience import EXTERNAL, asked_by_allowed, audience_of
from statekeeper.conversation.restrictions import (
    beyond_restriction,
    confidential_spans,
    kept_part,
    points_before,
)
from statekeeper.model import INTERNAL

SPANS = [
    # a secret kept from someone, as a heading; a group named before "only:"; who alone
    # is in on it
    ("Secret from the kids: we got them a puppy.", ["Secret from the kids: we got them a puppy."]),
    ("Office and safeguarding only: her father may not collect her.",
     ["Office and safeguarding only: her father may not collect her."]),
    ("Reception only: her new address is 4 Elm Row.",
     ["Reception only: her new address is 4 Elm Row."]),
    ("Only Sam and I are in on it: the party is on Friday.",
     ["Only Sam and I are in on it: the party is on Friday."]),
    # numbered items of minutes said to be public are cut out of what is kept
    ("IN CAMERA - TRUSTEES ONLY\n1. The bursar leaves on 4 May.\n2. Reserves: 3 months.\n"
     "3. Ada Kerr hosts from 6 June.\nPUBLIC: item 3 only.",
     ["IN CAMERA - TRUSTEES ONLY\n1. The bursar leaves on 4 May.\n2. Reserves: 3 months.",
      "PUBLIC: item 3 only."]),
    ("Committee only:\n1. Rent rises to £900.\n2. New caretaker from 1 May.\n"
     "Items 2 and 3 are public.\n3. The hall shuts in August.",
     ["Committee only:\n1. Rent rises to £900.", "Items 2 and 3 are public."]),
    # a subject line marked confidential keeps what follows, unless the message itself says
    # what is kept
    ("From: HR\nTo: Dana\nSubject: CONFIDENTIAL - pay\n\nHer new salary is 52k from May.",
     ["Subject: CONFIDENTIAL - pay\n\nHer new salary is 52k from May."]),
    ("From: Ari\nTo: Dana\nSubject: RE: sessions - confidential\n\nConfirming Studio 4 on "
     "the 3rd. Keep the rest strictly between the label and the studio: the fee is 9,800.",
     ["Keep the rest strictly between the label and the studio: the fee is 9,800."]),
    # a message quoted below the restriction is its own words
    ("Keep this between the club and the council: the lease is 40k.\n\n> From: Jo\n"
     "> Can we use hall 2 on Friday?",
     ["Keep this between the club and the council: the lease is 40k."]),
    # for someone and nobody else, as a heading: what follows it
    ("For the partners and nobody else: the fee drops to 2% in May.",
     ["For the partners and nobody else: the fee drops to 2% in May."]),
    ("For you and no one else: the keycode is 5519.", ["For you and no one else: the keycode is 5519."]),
    # not to leave where it was said: what was just said
    ("His mark was 41. That doesn't leave this room.", ["His mark was 41. That doesn't leave this room."]),
    ("She failed the audit, and this never leaves the office.",
     ["She failed the audit, and this never leaves the office."]),
    ("The offer is 52k. It really doesn't leave the team, ok?",
     ["The offer is 52k. It really doesn't leave the team, ok?"]),
    # a heading restricts what follows it, to the end of the turn
    (
        "Quote sent. Internal only: our floor is $41,500. The rival bid came from Northwind.",
        ["Internal only: our floor is $41,500. The rival bid came from Northwind."],
    ),
    (
        "Keep this between us, the landlord would take $1,900 a month.",
        ["Keep this between us, the landlord would take $1,900 a month."],
    ),
    (
        "HR only: the transfer is because of a complaint. Start date is June 2.",
        ["HR only: the transfer is because of a complaint. Start date is June 2."],
    ),
    # a restriction that says nothing but itself is of the statement before it
    (
        "The chef is leaving in May. Don't let the staff know yet.",
        ["The chef is leaving in May. Don't let the staff know yet."],
    ),
    ("Quote sent. The merger vote is on the 14th. Board only.",
     ["The merger vote is on the 14th. Board only."]),
    ("Bonus pool is $40,000 this year. Confidential, thanks.",
     ["Bonus pool is $40,000 this year. Confidential, thanks."]),
    ("We're letting two drivers go in June. Keep it under your hat, please.",
     ["We're letting two drivers go in June. Keep it under your hat, please."]),
    # a thing named as kept quiet, and what not to tell them about it
    ("Keep the Lopez settlement quiet.", ["Keep the Lopez settlement quiet."]),
    ("Keep our bid price private until the auction.",
     ["Keep our bid price private until the auction."]),
    ("dont tell the seller what we paid for the van",
     ["dont tell the seller what we paid for the van"]),
    # kept from someone's ears or eyes
    ("Not for the landlord's ears: we'd pay up to $2,300.",
     ["Not for the landlord's ears: we'd pay up to $2,300."]),
    ("The school is closing the annex. Not for the parents' ears.",
     ["The school is closing the annex. Not for the parents' ears."]),
    ("Not for Marco's eyes: his desk moves to floor 4.",
     ["Not for Marco's eyes: his desk moves to floor 4."]),
    # a restriction that points back marks the sentence before it too
    (
        "Re Ana Lopez: her scan on the 3rd is with the cardiology unit. She hasn't told her "
        "kids yet and asked us not to mention it.",
        ["Re Ana Lopez: her scan on the 3rd is with the cardiology unit. She hasn't told her "
         "kids yet and asked us not to mention it."],
    ),
    (
        "Payroll: Omar's garnishment starts next cycle. He doesn't want it known on the floor.",
        ["Payroll: Omar's garnishment starts next cycle. He doesn't want it known on the floor."],
    ),
    # ... and so does one that names what was said by what it is
    ("Her raise comes to $6,500. Keep the number internal, she hasn't signed yet.",
     ["Her raise comes to $6,500. Keep the number internal, she hasn't signed yet."]),
    ("The settlement is $48,000. Keep those figures between us until legal is done.",
     ["The settlement is $48,000. Keep those figures between us until legal is done."]),
    ("Closing is May 9. Keep the date quiet, the sellers are touchy.",
     ["Closing is May 9. Keep the date quiet, the sellers are touchy."]),
    # a restriction that points at what was just said
    ("The seller's floor is $410k. That's need-to-know, agents only.",
     ["The seller's floor is $410k. That's need-to-know, agents only."]),
    ("Her biopsy came back benign. This is confidential for now.",
     ["Her biopsy came back benign. This is confidential for now."]),
    ("The owner would take $2,100, but don't tell the applicant that.",
     ["The owner would take $2,100, but don't tell the applicant that."]),
    # a wish to stay anonymous withholds the names, not the gift
    (
        "The $80,000 gift is from Walter Pike. He asked to stay anonymous; only the director knows.",
        ["Walter Pike"],
    ),
    (
        "Top sponsor this year is Linda Osei at $12,000. Her name doesn't go on the banner.",
        ["Linda Osei"],
    ),
    # ... said in the sentence that names them, or as a wish against the name going about
    (
        "The bursary comes from the Mbeki-Shaw trust and they don't want their name in the "
        "newsletter.",
        ["Mbeki-Shaw"],
    ),
    (
        "The whistleblower was Grant Tully, who'd rather his name wasn't printed anywhere.",
        ["Grant Tully"],
    ),
    ("The new kit was paid for by Ruth Obi. She doesn't want her name used.", ["Ruth Obi"]),
    # a restriction to the listener, or to a group, by a short heading
    ("Just for you: Priya is going on leave in March.",
     ["Just for you: Priya is going on leave in March."]),
    ("Supervisors only: the audit starts Monday.", ["Supervisors only: the audit starts Monday."]),
    ("Privately: the deal is off.", ["Privately: the deal is off."]),
    # a word kept from someone, or said on the quiet
    ("Don't tell the team yet, but the office moves in June.",
     ["Don't tell the team yet, but the office moves in June."]),
    ("Keep this under your hat: we're buying the warehouse next door.",
     ["Keep this under your hat: we're buying the warehouse next door."]),
    ("On the down low, the launch slips a month.", ["On the down low, the launch slips a month."]),
    # kept off what goes out, or known only to the one it concerns
    ("Keep this off anything the landlord sees: we'd go to $2,400.",
     ["Keep this off anything the landlord sees: we'd go to $2,400."]),
    ("The box holds her insulin pens. Keep it off the delivery label.",
     ["The box holds her insulin pens. Keep it off the delivery label."]),
    ("Ravi is moving to the Leeds office. Nobody but his manager knows yet.",
     ["Ravi is moving to the Leeds office. Nobody but his manager knows yet."]),
    ("Nina failed the audition. She asked that the other dancers not be told.",
     ["Nina failed the audition. She asked that the other dancers not be told."]),
    ("Our walk-away price is $310k. Never put that in an email to them.",
     ["Our walk-away price is $310k. Never put that in an email to them."]),
    ("Just for me: the real budget is $7,000.", ["Just for me: the real budget is $7,000."]),
    ("Organizers only: the headliner cancelled.", ["Organizers only: the headliner cancelled."]),
    # said in confidence: that sentence alone
    ("Our chef told me in confidence he's moving to Lisbon. The menu changes on Monday.",
     ["Our chef told me in confidence he's moving to Lisbon."]),
    ("In confidence, the landlord is selling the building. Rent is due Friday.",
     ["In confidence, the landlord is selling the building."]),
    ("Marta said it in strict confidence: the shop is up for sale. Hours stay the same.",
     ["Marta said it in strict confidence: the shop is up for sale."]),
    # ... or what it points back at, when it says nothing of its own
    ("The boiler man is off because his wife is in hospital. She mentioned it in "
     "confidence. Thursday's visit moves to Monday.",
     ["The boiler man is off because his wife is in hospital. She mentioned it in confidence."]),
    ("Dad's selling the allotment to pay a debt. Mum said that in strict confidence. "
     "Dinner's at six.",
     ["Dad's selling the allotment to pay a debt. Mum said that in strict confidence."]),
    ("The courier lost his licence last month. Said in confidence, mind. Rounds start at 7.",
     ["The courier lost his licence last month. Said in confidence, mind."]),
    # someone keeping it to themselves until later points back at what was said
    ("The lab found a fault in batch 12. The owner isn't telling the buyers until Friday. "
     "Deliveries resume Monday.",
     ["The lab found a fault in batch 12. The owner isn't telling the buyers until Friday."]),
    ("Jon got the Oslo job. He's not telling his team or the rest of the office yet.",
     ["Jon got the Oslo job. He's not telling his team or the rest of the office yet."]),
    # a statement tagged for a group of people only
    ("Results, for the doctors only and not for release: the scan shows a small tear. "
     "Discharge is Friday.",
     ["Results, for the doctors only and not for release: the scan shows a small tear."]),
    ("The new rota is for the nurses only. Lunch is at noon.",
     ["The new rota is for the nurses only."]),
    # a group named after a statement as the only ones to know it, or a channel kept off
    ("The alarm code is 5521. Keyholders only, never by text.",
     ["The alarm code is 5521. Keyholders only, never by text."]),
    ("Her mobile is 0412 555 019. Coaches only.", ["Her mobile is 0412 555 019. Coaches only."]),
    ("The door code is 7781. That's cleaners and caretakers only. Bins go out Tuesday.",
     ["The door code is 7781. That's cleaners and caretakers only."]),
    ("Her home number is 0161 555 0192. This is for the trustees only.",
     ["Her home number is 0161 555 0192. This is for the trustees only."]),
    ("Alarm set at 22:00, that is managers and keyholders only. Café opens at 8.",
     ["Alarm set at 22:00, that is managers and keyholders only."]),
    # not a word to someone
    ("We're buying the bakery next door. Not a word to Maria obviously.",
     ["We're buying the bakery next door. Not a word to Maria obviously."]),
    ("Not a word about the recall to any dealers, the notice goes out Monday.",
     ["Not a word about the recall to any dealers, the notice goes out Monday."]),
    # kept from someone
    ("The sale price was £310k. Keep it from the neighbours.",
     ["The sale price was £310k. Keep it from the neighbours."]),
    ("She asked me to keep the diagnosis away from her brother.",
     ["She asked me to keep the diagnosis away from her brother."]),
    # kept between the speaker and someone named
    ("keep the diagnosis between me and the GP, it's early dementia",
     ["keep the diagnosis between me and the GP, it's early dementia"]),
    # a heading that names the one it is kept with and where they sit
    ("Only between me and Dev from payroll: her salary rises to £41,000. Shifts as usual.",
     ["Only between me and Dev from payroll: her salary rises to £41,000. Shifts as usual."]),
    ("Between us and Kate from legal: the claim settles at $22,000.",
     ["Between us and Kate from legal: the claim settles at $22,000."]),
    ("The refund is $95, that's between you and me. Pickup is at 4.",
     ["The refund is $95, that's between you and me."]),
    # a restriction that opens its turn and names a matter whose value follows
    ("Bonus pot, that's between me and Anil only. It's £9,000 this year.",
     ["Bonus pot, that's between me and Anil only. It's £9,000 this year."]),
    ("Keep that between us. Anyway the van comes at 9.", ["Keep that between us."]),
    # kept inside a named group, and a family private about it
    ("The supplier is going bust. Keep this inside the kitchen team.",
     ["The supplier is going bust. Keep this inside the kitchen team."]),
    ("His son is in rehab. The family are very private about this.",
     ["His son is in rehab. The family are very private about this."]),
    # restrictions said one after another point at the statement before them
    ("We got £5,000 from a local firm. They asked that neither the name nor the sum be "
     "made public. Board only, please.",
     ["We got £5,000 from a local firm. They asked that neither the name nor the sum be "
      "made public. Board only, please."]),
    # a restriction that heads what follows with a colon points ahead
    ("Heads up, this stays with the kitchen staff only, ok: the inspector visits Tuesday. "
     "Keep the walk-in tidy.",
     ["Heads up, this stays with the kitchen staff only, ok: the inspector visits Tuesday. "
      "Keep the walk-in tidy."]),
    # one that says little and closes its turn points back at what it names
    ("The new tenant is on parole, so we took a bigger deposit. Don't repeat his history "
     "to anybody.",
     ["The new tenant is on parole, so we took a bigger deposit. Don't repeat his history "
      "to anybody."]),
    ("Mum is just out of hospital after a fall. No visitors before noon. Don't be "
     "mentioning the hospital to the neighbours.",
     ["Mum is just out of hospital after a fall. No visitors before noon. Don't be "
      "mentioning the hospital to the neighbours."]),
    # "keep this" of all that was said before it in the turn
    ("The Lees owe £1,200 since May. Their shop is closing. Keep this between me and "
     "Omar in accounts.",
     ["The Lees owe £1,200 since May. Their shop is closing. Keep this between me and "
      "Omar in accounts."]),
    # the one it concerns is private, or it is for a group only
    ("Dad's on new heart pills. He's a very private man.",
     ["Dad's on new heart pills. He's a very private man."]),
    ("The bakery is closing in March. This is only for the trustees now.",
     ["The bakery is closing in March. This is only for the trustees now."]),
    # nothing said to anyone else, whoever they are
    ("The bakery owner is selling up. Don't say anything to the Saturday staff or the regulars.",
     ["The bakery owner is selling up. Don't say anything to the Saturday staff or the regulars."]),
    ("Her test came back positive, pls dont mention it to the other parents.",
     ["Her test came back positive, pls dont mention it to the other parents."]),
    ("We lost the Harlow contract. Never say a word about it to the suppliers. The van is at 9.",
     ["We lost the Harlow contract. Never say a word about it to the suppliers."]),
    # what is secret
    ("The buyer is the county council. That part is top secret until the vote.",
     ["The buyer is the county council. That part is top secret until the vote."]),
    ("Project name is Lantern; the client is Orbis Labs, which is strictly secret.",
     ["Project name is Lantern; the client is Orbis Labs, which is strictly secret."]),
    ("The merger is top secret, the signing is on 3 May.",
     ["The merger is top secret, the signing is on 3 May."]),
    # given out to nobody, or to nobody beyond a group
    ("Mrs Okoro is in the refuge now. Nobody gives out her mobile number.",
     ["Mrs Okoro is in the refuge now. Nobody gives out her mobile number."]),
    ("The alarm code is 5093, to be shared with no one outside the key holders.",
     ["The alarm code is 5093, to be shared with no one outside the key holders."]),
    ("His new number is 07700 900 555. Not to hand out to anyone.",
     ["His new number is 07700 900 555. Not to hand out to anyone."]),
    # kept out of what is published
    ("The grant is £40,000. It must not appear in the minutes.",
     ["The grant is £40,000. It must not appear in the minutes."]),
    ("The fee is £40. It must not go on the website yet.",
     ["The fee is £40. It must not go on the website yet."]),
    ("The new chef starts in May, and it shouldn't be posted on our facebook page.",
     ["The new chef starts in May, and it shouldn't be posted on our facebook page."]),
    # the speaker turning to what may be shared ends it
    (
        "Confidential: the grant may be cut by 30%. What we can share: the deadline is March 9.",
        ["Confidential: the grant may be cut by 30%."],
    ),
    # those just said, for a group only
    ("Gate code 1942, safe 7731. These two are for the night drivers only.",
     ["Gate code 1942, safe 7731. These two are for the night drivers only."]),
    ("Her mobile is 0161 496 0912. Those are for the carers only.",
     ["Her mobile is 0161 496 0912. Those are for the carers only."]),
    # bound by an agreement not to tell, or none beyond a group to know
    ("Under embargo till Monday: the merger values us at £4m. Lunch is at one.",
     ["Under embargo till Monday: the merger values us at £4m. Lunch is at one."]),
    ("We're under an NDA: the client is Halden Foods.",
     ["We're under an NDA: the client is Halden Foods."]),
    ("Nobody outside the board sees these figures: revenue fell 9%.",
     ["Nobody outside the board sees these figures: revenue fell 9%."]),
    # ... up to what to tell whoever asks
    ("Under NDA: the venue is the Old Mint. Whoever asks, it's a private party.",
     ["Under NDA: the venue is the Old Mint."]),
    ("Embargoed until the 3rd: the new fare is £2.40. If anybody asks, we'll confirm soon.",
     ["Embargoed until the 3rd: the new fare is £2.40."]),
]

NO_SPAN = [
    # no restriction where nothing is kept from anyone
    "Secret Santa is on Friday.",
    "The secret is in the sauce.",
    "Secret sauce: two spoons of miso.",
    "The office only opens at 9.",
    "They only need to know the start time.",
    "Don't say anything to me about the printer.",
    "Hand out the flyers to everyone at the door.",
    "The bins must not go on the pavement before 6pm.",
    "Give it to no one but Raj, he signs for it.",
    "Vegetarian only: the lentil soup.",
    "Only one thing: bring a pen.",
    # "only" after a time or a thing, not a group of people
    "The café is open till 4. That's weekends only.",
    "Parking is free after six, that's Sundays only.",
    "This is cash only, the card machine is broken.",
    "I'm sharing my screen now.",
    "The HR team meets on Monday at 10.",
    "Keep this in mind when you book the venue.",
    "Between the two options, the second is cheaper.",
    "Don't tell me the printer jammed again.",
    "Keep everything as planned; don't tell the plumber anything new.",
    "Tell the team the office moves in June.",
    "Keep the numbers tidy in the report.",
    "Keep the pan off the heat for a minute.",
    "Parking here is for buses only.",
    "Leave it out of the sun, it melts.",
    "He's not telling the truth about the dent.",
    "I'm not telling you again, the van is at 9.",
    "The discount is for September only.",
    "The offer is for one night only.",
    "Weekdays only, the café shuts at 3.",
    "Cash only, sorry.",
    "Not a word from the supplier since Monday.",
    "Keep it away from the heater.",
    "Keep the dog away from the kids.",
    "The choice is between red and blue.",
    "The room is private, book it ahead.",
    "The results will be made public on Friday.",
    "I'll post the parcel tomorrow.",
    "The van never leaves the yard before 6am.",
    "That bus doesn't leave the depot on Sundays.",
    "For the kitchen and the hall, we need 40 chairs.",
    "Those benches are for visitors only.",
    "The embargo on imports was lifted in May.",
    "Nobody outside the team has complained.",
]


@pytest.mark.parametrize(("turn", "spans"), SPANS)
def test_a_restriction_marks_what_follows_it(turn: str, spans: list[str]) -> None:
    assert confidential_spans(turn) == spans


@pytest.mark.parametrize("turn", NO_SPAN)
def test_ordinary_words_restrict_nothing(turn: str) -> None:
    assert confidential_spans(turn) == []


@pytest.mark.parametrize(
    "query",
    [
        "Draft my reply to the landlord about the leak.",
        "What can I tell the patient's daughter on the phone?",
        "Write the section for the public yearly review.",
        "The vendor asked for our number. Draft what I can send them.",
        "Draft an email to the client about the price and the plans.",
        "Compose a short note for the tenant about Friday's water shutoff.",
        "Let the customer know when the part arrives.",
        # a text for readers at large
        "Write the club newsletter blurb about Sunday's race.",
        "Draft the welcome note for new members.",
        "Prepare a flyer for the spring open house.",
        # a text sent to someone named before it
        "Write Priya a message about her badge pickup.",
        "Send the buyer a quick note about closing.",
        "Email Mr. Ochoa a reply about the refund.",
        "Write a reminder text for the patient's husband about Monday.",
        # any text made for someone outside
        "Draft the cost summary for the client.",
        "Write the attendance note for Mr. Vance's employer.",
        "Put together the quarterly figures for our investors.",
        "Draft the staff announcement about the parking change.",
        "Prepare a short holiday update for the neighbours.",
        # someone's question answered by a reply: what we say back is for them
        "The caretaker wants to know why the hall is shut. What do I reply?",
        "Mrs Dunne asked about the delay; how should I respond?",
        "Her brother keeps asking about the will. What shall we answer?",
        "The reporter rang about the gift. What do I give her?",
        # someone else who wants to know, or asks, what is ours
        "The letting agents are on the line: they want to know our lowest price.",
        "Her cousin's at the desk and he wants to know which room she's in.",
        "A man at the gate says he's the tenant's uncle and asks where the tenant works now.",
        "She's at reception and asked whether the parcel came.",
        # someone from a paper, a newsletter or a station
        "Jo from the village newsletter is doing the events page.",
        "A reporter from the local paper is on the phone about the fire.",
        "Sam from the community radio is putting the weekend list together.",
        # written for someone to pass on
        "Draft the day's plan for Nadia to forward to her guests.",
        "Make a one-page list for the tenant to share with his flatmates.",
        "Put the rota together for the coach to circulate.",
    ],
)
def test_a_text_for_someone_outside_is_external(query: str) -> None:
    assert audience_of(query) == EXTERNAL


@pytest.mark.parametrize(
    "query",
    [
        "For our internal budget review, what is the floor?",
        "When does the kitchen renovation finish?",
        "Our COO wonders internally what the rival bid.",
        "Did the client email us back about the price?",
        "What did the customer tell us on the call?",
        "How much is left in the newsletter budget?",
        "Send me a note with the totals.",
        "Draft my talking points for the client meeting.",
        "Prepare the seating plan for the team.",
        # what we want to know, or asked, ourselves
        "I want to know the rate for the big van.",
        "We rang and asked if the hall is free on Friday.",
        "How much is left in the radio budget?",
        # one of us asking
        "Sana, one of our drivers, asks where the van is.",
        "Luis, the nurse covering for me tonight, asks what the bed code is.",
        "Kemi from our office team is asking when rent is due.",
        "We're asking the council when the road reopens.",
        "I rang asking about the boiler, what did they say?",
        "Is the ad in the paper yet?",
        "Send me the list for me to forward later.",
    ],
)
def test_a_question_for_ourselves_is_internal(query: str) -> None:
    assert audience_of(query) == INTERNAL


def test_a_span_is_the_turn_as_written() -> None:
    turn = "Quote sent.\nInternal only: our floor is $41,500.\n\nThe rival is Northwind."
    [span] = confidential_spans(turn)
    assert span in turn and span.endswith("Northwind.")


@pytest.mark.parametrize(
    ("turn", "spans"),
    [
        # kept with people named, pointing back at what was said, and no further
        ("Lena gets 15% off from May. Keep that between you, me and the bookkeeper. "
         "Invoices go out Friday.",
         ["Lena gets 15% off from May. Keep that between you, me and the bookkeeper."]),
        ("His gate code is 4471 and it stays with me and Priya only. Parking is round back.",
         ["His gate code is 4471 and it stays with me and Priya only."]),
        ("The reason is the custody case, and that stays with the head and you please. "
         "Class teachers just hear it's approved.",
         ["The reason is the custody case, and that stays with the head and you please."]),
        # a thing or a person that stays with someone is no restriction
        ("The dog stays with me at weekends.", []),
        ("The kids stay with their dad on Tuesdays.", []),
    ],
)  # fmt: skip
def test_a_restriction_to_named_people_keeps_what_it_points_back_at(
    turn: str, spans: list[str]
) -> None:
    assert confidential_spans(turn) == spans


@pytest.mark.parametrize(
    "query",
    [
        "The courier just rang with a parcel for Ana and wants to know where to leave it.",
        "A parent asks why the trip moved, what do I say?",
        "The examiner would like to know the start time. Draft nothing, just tell me.",
        # a text to hand over, and someone else asking or to be told
        "Write me a reply I can send her.",
        "Tom's on the gate tonight and asked what he needs to know about the delivery.",
        "Mrs Ode is asking when the piano comes and if there's anything about the move she should know.",
        "The plumber rang asking where to park.",
        "The school office says they'd like to know who collects her.",
        # a text for a paper others read
        "The Gazette wants a paragraph on the fete for Friday's paper. Please draft it.",
        "Something short for the club newsletter about the new kit, please.",
    ],
)
def test_someone_outside_asking_makes_the_answer_theirs(query: str) -> None:
    assert audience_of(query) == EXTERNAL


@pytest.mark.parametrize(
    ("turn", "spans"),
    [
        # in a pasted chat, a restriction said by one person ends at another's line
        ("[Ola]: directors only, the pay rise is 6%\n[Sam]: the party is on the 12th",
         ["[Ola]: directors only, the pay rise is 6%"]),
        ("Ruth (office): staff only: the safe code changed\nTom (driver): van leaves at 7",
         ["Ruth (office): staff only: the safe code changed"]),
        ("[09/05, 10:14] Ana: leads only, the bid is £90k\n[09/05, 10:15] Bo: ok",
         ["[09/05, 10:14] Ana: leads only, the bid is £90k"]),
        # lines that only label values go on under the restriction
        ("Internal only:\nBudget: $40k\nMargin: 12%",
         ["Internal only:\nBudget: $40k\nMargin: 12%"]),
        # "keep that number inside this group" points back at what was just said
        ("the fee is £3,200. keep that number inside this group please",
         ["the fee is £3,200. keep that number inside this group please"]),
    ],
)  # fmt: skip
def test_a_chat_restriction_ends_at_anothers_line(turn: str, spans: list[str]) -> None:
    assert confidential_spans(turn) == spans


@pytest.mark.parametrize(
    ("note", "withheld"),
    [
        # what a note says beyond its restriction is withheld; whom it is for is not
        ("The side gate code is 3815. Carers only, never over the phone.",
         ["The side gate code is 3815."]),
        ("We're selling the van. Not a word to Priya. She'd take it badly.",
         ["We're selling the van.", "She'd take it badly."]),
        ("Internal only: the floor is $41,500.", ["Internal only: the floor is $41,500."]),
        # ... nor the people it is for, named after it
        ("The safe code is 7731. That's for our own drivers only, Mo and Kasia.",
         ["The safe code is 7731."]),
        ("Staff wifi is CoralBay88. This is for the teachers only: Ms Reid, Mr Brannock.",
         ["Staff wifi is CoralBay88."]),
        ("Her room is 12B. That stays with the nurses only, Ana and Dee.",
         ["Her room is 12B."]),
        # ... but names said for their own sake are withheld
        ("The safe code is 7731. That's for the drivers only, Mo has the spare key.",
         ["The safe code is 7731. That's for the drivers only, Mo has the spare key."]),
    ],
)  # fmt: skip
def test_a_note_is_withheld_beyond_its_restriction(note: str, withheld: list[str]) -> None:
    assert beyond_restriction(note) == withheld


@pytest.mark.parametrize(
    ("query", "notes", "allowed"),
    [
        # the one a query opens with, let know by name in a note
        ("Rita's doing the overdue accounts. What do I tell her about the balance?",
         ["The Lees owe £1,200. Keep this between me and Rita in accounts."], True),
        ("Bethan rang to check the time. What do I tell her?",
         ["Her son isn't to be told anything. Bethan only."], True),
        ("Lena needs the gate code. Draft her a message.",
         ["His gate code is 4471 and it stays with me and Lena only."], True),
        ("Omar wants to thank the lender in writing. Who is it?",
         ["Her name goes no further than Omar, me and the loans desk."], True),
        ("Ines is writing to the family. What do I give her?",
         ["Nobody but Ines sees the coroner's note."], True),
        ("Tariq asks for the code. What do I send him?",
         ["The code is 7781. No one except Tariq and me, please."], True),
        # ... or by the role the query gives them, one a note lets know
        ("Dr Sen, our duty vet, wants the owner's address. What do I send?",
         ["Her address is for the duty vet only."], True),
        ("Marta Lis, the site foreman, needs the alarm code.",
         ["The code goes to nobody but the site foreman."], True),
        ("Kofi, the ward sister on nights, asks about the plan. What does he need?",
         ["Keep it from all but the registrar and the ward sister."], True),
        # ... not one a note keeps out
        ("Joe, the night porter, asks for the door code.",
         ["Code 4410, not for the night porters."], False),
        ("Lisa, our volunteer, asks about the diagnosis.",
         ["Medical staff only; not for volunteers."], False),
        # someone the note keeps out, or who is only spoken of
        ("Rajesh here. Draft a message about Saturday.",
         ["We booked his surprise dinner. Not a word to Rajesh."], False),
        ("The insurer asks about Kwame's eyes. Draft the reply.",
         ["He has early glaucoma. That stays between us and Kwame."], False),
    ],
)  # fmt: skip
def test_one_a_note_lets_know_by_name_is_one_of_us(
    query: str, notes: list[str], allowed: bool
) -> None:
    assert asked_by_allowed(query, notes) is allowed


@pytest.mark.parametrize(
    ("turn", "before"),
    [
        # a turn that opens by restricting, with nothing of its own, is of the turn before
        ("Please, this is only for the committee now. Members hear nothing yet.", True),
        ("Keep that between us.", True),
        ("That stays between us, ok?", True),
        # one that says something of its own, or restricts what it says, is not
        ("Keep that between us, the rent is 900.", False),
        ("The rent is 900. Keep it between us.", False),
        ("Internal only: the floor is $41,500.", False),
        # a thing named as kept that the turn itself has not said is of the turn before
        ("Thing is, he doesn't want the lads at work knowing his results. Only us.", True),
        ("She doesn't want her landlord to find out about it yet.", True),
        ("Mind, they don't want the parents hearing about the inspection outcome.", True),
        # ... but a kept clause is said in the restriction itself
        ("He doesn't want the team knowing he has applied to Ferrand's.", False),
        ("She doesn't want the kids to find out until the house sells.", False),
    ],
)  # fmt: skip
def test_a_turn_opening_with_a_bare_restriction_points_before_it(turn: str, before: bool) -> None:
    assert points_before(turn) is before


@pytest.mark.parametrize(
    ("said_back", "kept"),
    [
        ("the insulin is for the nurse only.", "the insulin"),
        ("Ana's address and mobile stay between you and the office.", "Ana's address and mobile"),
        ("the reason for the sale stays with the partners,", "the reason for the sale"),
        # nothing named before the words that keep it: all of it
        ("that stays with the coaching staff.", "that stays with the coaching staff."),
    ],
)
def test_what_is_said_back_as_kept_is_what_comes_before_the_keeping(
    said_back: str, kept: str
) -> None:
    assert kept_part(said_back) == kept
