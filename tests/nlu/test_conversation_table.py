"""Issue #4 item 7: the behaviour table of conversation turns.

Each case records facts as an agent's extractor would, plays a short conversation through
`observe()`, and checks the valid state and the context: the live value is there, the dead
one is nowhere (not as a fact, not inside a recent turn). False positives (turns that must
change nothing) matter as much as the corrections.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.nlu.harness import Conversation, Say, shows


@dataclass(frozen=True)
class Case:
    """Setup facts, the turns, the question asked afterwards and what must come out."""

    facts: tuple[tuple[str, str], ...]
    turns: tuple[str | Say, ...]
    question: str
    expect: tuple[tuple[str, str], ...] = ()  # key, text its live value must contain
    live: tuple[str, ...] = ()  # must appear in the context
    dead: tuple[str, ...] = ()  # must appear neither in the context nor in a live value
    unchanged: bool = False  # no fact was replaced: every key keeps its one setup value


def xfail(case: Case, id: str, reason: str) -> object:
    return pytest.param(case, id=id, marks=pytest.mark.xfail(strict=True, reason=reason))


def case(id: str, case: Case) -> object:
    return pytest.param(case, id=id)


EXPLICIT = [
    case(
        "logistics-actually-ship-it",
        Case(
            facts=(("shipping_address", "14 Quay Street, Bristol"),),
            turns=(
                "Please get the pallet onto Tuesday's truck.",
                "Actually, ship it to 9 Foundry Lane, Leeds.",
            ),
            question="Where is the pallet going?",
            expect=(("shipping_address", "9 Foundry Lane"),),
            live=("9 Foundry Lane",),
            dead=("14 Quay Street",),
        ),
    ),
    case(
        "logistics-not-old-address-send-new",
        Case(
            facts=(("delivery_address", "301 Canal Street, Manchester"),),
            turns=("Not 301 Canal Street anymore, send it to 47 Mill Road, Salford.",),
            question="Which address does the courier deliver to?",
            expect=(("delivery_address", "47 Mill Road"),),
            live=("47 Mill Road",),
            dead=("301 Canal Street",),
        ),
    ),
    case(
        "healthcare-scratch-that",
        Case(
            facts=(("appointment_time", "Tuesday 3pm"),),
            turns=("I booked the dermatology consult.", "Scratch that, make it Wednesday at 10am."),
            question="When is the dermatology appointment?",
            expect=(("appointment_time", "Wednesday"),),
            live=("Wednesday",),
            dead=("Tuesday", "3pm"),
        ),
    ),
    case(
        "healthcare-move-it-to",
        Case(
            facts=(("followup_date", "June 4"),),
            turns=(
                "The follow-up with the cardiologist is the one I need to sort out.",
                "Please move it to June 11.",
            ),
            question="When is the cardiology follow-up?",
            expect=(("followup_date", "June 11"),),
            live=("June 11",),
            dead=("June 4",),
        ),
    ),
    case(
        "finance-make-that",
        Case(
            facts=(("q3_budget", "$120,000"),),
            turns=("Make that $145,000, finance signed off on the extra hire.",),
            question="What is the Q3 budget?",
            expect=(("q3_budget", "$145,000"),),
            live=("$145,000",),
            dead=("$120,000",),
        ),
    ),
    case(
        "finance-as-of-today",
        Case(
            facts=(("payment_terms", "net 30"),),
            turns=("As of today, the payment term is net 45 for all new suppliers.",),
            question="What payment terms do suppliers get?",
            expect=(("payment_terms", "net 45"),),
            live=("net 45",),
            dead=("net 30",),
        ),
    ),
    case(
        "finance-switch-processor",
        Case(
            facts=(("payment_processor", "Stripe"),),
            turns=("Switching the payment processor to Adyen next month.",),
            question="Which payment processor do we use?",
            expect=(("payment_processor", "Adyen"),),
            live=("Adyen",),
            dead=("Stripe",),
        ),
    ),
    case(
        "hr-change-it-to",
        Case(
            facts=(("start_date", "March 3"),),
            turns=("Background checks are slow this month, so change it to March 17.",),
            question="When does the new hire start?",
            expect=(("start_date", "March 17"),),
            live=("March 17",),
            dead=("March 3",),
        ),
    ),
    case(
        "hr-correction-offer",
        Case(
            facts=(("salary_offer", "$92,000"),),
            turns=("Correction: the offer is $95,000 plus the standard signing bonus.",),
            question="What salary are we offering the candidate?",
            expect=(("salary_offer", "$95,000"),),
            live=("$95,000",),
            dead=("$92,000",),
        ),
    ),
    case(
        "hr-we-decided-move-offsite",
        Case(
            facts=(("offsite_date", "first week of June"),),
            turns=("We've decided to move the offsite to the second week of June.",),
            question="When is the team offsite?",
            expect=(("offsite_date", "second week of June"),),
            live=("second week of June",),
            dead=("first week",),
        ),
    ),
    case(
        "software-i-meant-version",
        Case(
            facts=(("release_branch", "release/2.3"),),
            turns=("Cut the hotfix from the release branch.", "Sorry, I meant release/2.4."),
            question="Which branch does the hotfix come from?",
            expect=(("release_branch", "release/2.4"),),
            live=("release/2.4",),
            dead=("release/2.3",),
        ),
    ),
    case(
        "travel-value-ends-at-a-new-clause",
        Case(
            facts=(("flight_date", "Friday, May 8"),),
            turns=("Actually, make it Sunday, May 10, the Saturday flights are full.",),
            question="When is the flight?",
            expect=(("flight_date", "Sunday, May 10"),),
            live=("May 10",),
            dead=("May 8",),
        ),
    ),
    case(
        "agreeing-with-a-proposal-decides",
        Case(
            facts=(("launch_banner", "green banner"),),
            turns=(
                "Priya suggested the blue banner.",
                "I actually agree with Priya, let's go with the blue banner.",
            ),
            question="Which banner goes on the launch page?",
            expect=(("launch_banner", "blue banner"),),
            live=("blue banner",),
            dead=("green banner",),
        ),
    ),
    case(
        "hr-i-meant",
        Case(
            facts=(("interview_day", "Wednesday"),),
            turns=(
                "The panel is lined up for the final round.",
                "I meant Thursday, not the day I said.",
            ),
            question="When is the final interview round?",
            expect=(("interview_day", "Thursday"),),
            live=("Thursday",),
            dead=("Wednesday",),
        ),
    ),
    case(
        "day-only-change-of-a-day-and-time",
        Case(
            facts=(("team_lunch", "Thursday 12:30pm"),),
            turns=("Move the team lunch to Friday.",),
            question="When is the team lunch?",
            expect=(("team_lunch", "Friday"),),
            live=("Friday",),
            dead=("Thursday",),
        ),
    ),
    case(
        "software-change-subject-to",
        Case(
            facts=(("deploy_window", "Wednesday 22:00 UTC"),),
            turns=("Change the deploy window to Thursday 22:00 UTC.",),
            question="When is the deploy window?",
            expect=(("deploy_window", "Thursday"),),
            live=("Thursday",),
            dead=("Wednesday",),
        ),
    ),
    case(
        "software-lets-go-with",
        Case(
            facts=(("hosting_platform", "ECS on AWS"),),
            turns=("After the cost review, let's go with Kubernetes on GKE.",),
            question="Where will the service be hosted?",
            expect=(("hosting_platform", "GKE"),),
            live=("Kubernetes on GKE",),
            dead=("ECS on AWS",),
        ),
    ),
    case(
        "travel-no-wait",
        Case(
            facts=(("flight_date", "Friday, May 8"),),
            turns=("No wait, the flight is Saturday, May 9.",),
            question="When is the flight?",
            expect=(("flight_date", "May 9"),),
            live=("May 9",),
            dead=("May 8", "Friday"),
        ),
    ),
    case(
        "travel-final-hotel",
        Case(
            facts=(("hotel", "Hotel Quillon"),),
            turns=("The final hotel is the Harbourview Inn, two blocks from the venue.",),
            question="Which hotel are we staying at?",
            expect=(("hotel", "Harbourview Inn"),),
            live=("Harbourview Inn",),
            dead=("Hotel Quillon",),
        ),
    ),
    case(
        "travel-book-it-for",
        Case(
            facts=(("train_time", "9:10am train to Glasgow"),),
            turns=("Book it for the 7:40am train instead, the workshop starts early.",),
            question="Which train are we taking to Glasgow?",
            expect=(("train_time", "7:40am"),),
            live=("7:40am",),
            dead=("9:10am",),
        ),
    ),
    case(
        "retail-switch-instead",
        Case(
            facts=(("gift_packaging", "gift box with ribbon"),),
            turns=("Switch to the recycled kraft wrap instead.",),
            question="How should the gift order be packed?",
            expect=(("gift_packaging", "kraft wrap"),),
            live=("kraft wrap",),
            dead=("gift box with ribbon",),
        ),
    ),
    case(
        "retail-bump-it-to",
        Case(
            facts=(("order_quantity", "200 units"),),
            turns=("The spring promo got extended. Bump it to 350 units.",),
            question="How many units are we ordering?",
            expect=(("order_quantity", "350 units"),),
            live=("350 units",),
            dead=("200 units",),
        ),
    ),
    case(
        "retail-bump-subject-to",
        Case(
            facts=(("reorder_point", "25 units"),),
            turns=("Bump the reorder point to 40 units before the holidays.",),
            question="What is the reorder point?",
            expect=(("reorder_point", "40 units"),),
            live=("40 units",),
            dead=("25 units",),
        ),
    ),
    case(
        "facilities-were-going-with",
        Case(
            facts=(("hvac_vendor", "CoolAir Services"),),
            turns=("We're going with Northwind Mechanical for the HVAC contract.",),
            question="Who is the HVAC vendor?",
            expect=(("hvac_vendor", "Northwind Mechanical"),),
            live=("Northwind Mechanical",),
            dead=("CoolAir",),
        ),
    ),
    case(
        "facilities-actually-inspection",
        Case(
            facts=(("elevator_inspection", "the 9th at 8am"),),
            turns=("Actually, the elevator inspection is the 12th at 8am.",),
            question="When is the elevator inspection?",
            expect=(("elevator_inspection", "12th"),),
            live=("12th",),
            dead=("9th",),
        ),
    ),
    case(
        "focus-picks-the-fact-in-discussion",
        Case(
            facts=(("pickup_time", "10am"), ("dropoff_time", "4pm")),
            turns=(
                "The dropoff is the one I'm worried about, the client closes early.",
                "Actually, make it 3pm.",
            ),
            question="When are the pickup and the dropoff?",
            expect=(("dropoff_time", "3pm"), ("pickup_time", "10am")),
            live=("3pm", "10am"),
            dead=("4pm",),
        ),
    ),
    case(
        "facilities-dead-value-fragment-in-turn",
        Case(
            facts=(("conference_room", "Room 4B"),),
            turns=("It's actually Room 5A, 4B is being repainted.",),
            question="Which room is the workshop in?",
            expect=(("conference_room", "5A"),),
            live=("5A",),
            dead=("4B",),
        ),
    ),
    case(
        "healthcare-cant-is-not-a-question",
        Case(
            facts=(("followup_date", "June 4"),),
            turns=("Can't do the cardiology follow-up then, move it to June 11.",),
            question="When is the cardiology follow-up?",
            expect=(("followup_date", "June 11"),),
            live=("June 11",),
            dead=("June 4",),
        ),
    ),
    case(
        "software-going-forward-starts-on",
        Case(
            facts=(("code_freeze", "Thursday"),),
            turns=("Going forward, the code freeze starts on Wednesday.",),
            question="When does the code freeze start?",
            expect=(("code_freeze", "Wednesday"),),
            live=("Wednesday",),
            dead=("Thursday",),
        ),
    ),
    case(
        "logistics-route-through",
        Case(
            facts=(("freight_hub", "Louisville hub"),),
            turns=("Route everything through the Memphis hub from now on.",),
            question="Which hub does our freight go through?",
            expect=(("freight_hub", "Memphis"),),
            live=("Memphis",),
            dead=("Louisville",),
        ),
    ),
    case(
        "facilities-new-three-word-subject",
        Case(
            facts=(("badge_office_hours", "8am to 4pm"),),
            turns=("The new badge office hours are 7am to 3pm.",),
            question="When is the badge office open?",
            expect=(("badge_office_hours", "7am to 3pm"),),
            live=("7am to 3pm",),
            dead=("8am to 4pm",),
        ),
    ),
]

IMPLICIT = [
    case(
        "finance-budget-is-now",
        Case(
            facts=(("marketing_budget", "$40k"),),
            turns=("The marketing budget is now $55k.",),
            question="How much can marketing spend?",
            expect=(("marketing_budget", "$55k"),),
            live=("$55k",),
            dead=("$40k",),
        ),
    ),
    case(
        "hr-hiring-target-plain",
        Case(
            facts=(("hiring_target", "6 engineers"),),
            turns=("The hiring target is 8 engineers after the reorg.",),
            question="How many engineers are we hiring?",
            expect=(("hiring_target", "8 engineers"),),
            live=("8 engineers",),
            dead=("6 engineers",),
        ),
    ),
    case(
        "healthcare-hours-are-now",
        Case(
            facts=(("clinic_hours", "9am to 5pm"),),
            turns=("Dr. Okafor's clinic hours are now 8am to 2pm.",),
            question="When is the clinic open?",
            expect=(("clinic_hours", "8am to 2pm"),),
            live=("8am to 2pm",),
            dead=("9am to 5pm",),
        ),
    ),
    case(
        "retail-return-window-now",
        Case(
            facts=(("return_window", "30 days"),),
            turns=("Our return window is now 60 days for loyalty members.",),
            question="How long do customers have to return items?",
            expect=(("return_window", "60 days"),),
            live=("60 days",),
            dead=("30 days",),
        ),
    ),
    case(
        "dollar-450-is-not-45",
        Case(
            facts=(("late_fee", "$45"),),
            turns=("Make that $450, it's a commercial account.",),
            question="What is the late fee?",
            expect=(("late_fee", "$450"),),
            live=("$450",),
            dead=("$45",),
        ),
    ),
    case(
        "dollar-45-is-not-450",
        Case(
            facts=(("security_deposit", "$450"),),
            turns=("Actually, the deposit is $45, I misread the invoice.",),
            question="How much is the security deposit?",
            expect=(("security_deposit", "$45"),),
            live=("$45",),
            dead=("$450",),
        ),
    ),
]

CANCELLATIONS = [
    case(
        "travel-booked-then-cancelled",
        Case(
            facts=(),
            turns=(
                "Please book a flight to Denver on May 3.",
                "Actually, cancel the Denver flight; the trip is off.",
            ),
            question="What travel do I have?",
            expect=(("flight", "cancelled"),),
            live=(),
            dead=("May 3",),
        ),
    ),
    case(
        "travel-two-bookings-one-cancelled",
        Case(
            facts=(),
            turns=(
                "Book a flight to Denver on May 3.",
                "Also book a flight to Boston on May 9.",
                "Cancel the Denver flight.",
            ),
            question="What flights do I have?",
            expect=(),
            live=("Boston on May 9",),
            dead=("May 3",),
        ),
    ),
    case(
        "marketing-shelving",
        Case(
            facts=(("spring_campaign", "Spring promo launching April 2"),),
            turns=("We're shelving the spring campaign.",),
            question="What campaigns are planned?",
            dead=("April 2",),
        ),
    ),
    case(
        "travel-cancel-car-rental",
        Case(
            facts=(("car_rental", "Hertz compact, airport pickup May 8"),),
            turns=("Cancel the car rental, we'll take the train from the airport.",),
            question="Do we have a rental car?",
            expect=(("car_rental", "cancelled"),),
            dead=("Hertz compact",),
        ),
    ),
    case(
        "facilities-call-off-drill",
        Case(
            facts=(("fire_drill", "Thursday 11am, all floors"),),
            turns=("Call off the fire drill, the inspector is out sick.",),
            question="Is the fire drill still on?",
            expect=(("fire_drill", "cancelled"),),
            dead=("Thursday 11am",),
        ),
    ),
    case(
        "retail-scrap-flash-sale",
        Case(
            facts=(("flash_sale", "20% off outerwear this weekend"),),
            turns=("Scrap the flash sale, inventory is too thin.",),
            question="What promotions are running this weekend?",
            expect=(("flash_sale", "cancelled"),),
            dead=("20% off outerwear",),
        ),
    ),
    case(
        "healthcare-session-is-cancelled",
        Case(
            facts=(("physio_session", "Friday 4pm with Sam"),),
            turns=("The physio session is cancelled, she's travelling.",),
            question="When is the next physio session?",
            expect=(("physio_session", "cancelled"),),
            dead=("Friday 4pm",),
        ),
    ),
]

REVERSIONS = [
    case(
        "supply-back-to-previous-named",
        Case(
            facts=(("supplier", "Acme Metals"),),
            turns=(
                "Switch the supplier to Zenith Steel.",
                "Go back to the previous supplier, Acme Metals.",
            ),
            question="Which supplier do we use?",
            expect=(("supplier", "Acme Metals"),),
            live=("Acme Metals",),
            dead=("Zenith Steel",),
        ),
    ),
    case(
        "software-go-back-to",
        Case(
            facts=(("database_engine", "PostgreSQL"),),
            turns=(
                "Let's switch to MySQL for the reporting service.",
                "Hmm, the JSON queries matter. Let's go back to PostgreSQL.",
            ),
            question="Which database does the reporting service use?",
            expect=(("database_engine", "PostgreSQL"),),
            live=("PostgreSQL",),
            dead=("MySQL",),
        ),
    ),
    case(
        "logistics-change-it-back",
        Case(
            facts=(("loading_dock", "Dock 3"),),
            turns=(
                "The forklift is down there, move it to Dock 7.",
                "Forklift is fixed, change it back to Dock 3.",
            ),
            question="Which dock is the shipment loading at?",
            expect=(("loading_dock", "Dock 3"),),
            live=("Dock 3",),
            dead=("Dock 7",),
        ),
    ),
    case(
        "hr-revert-to",
        Case(
            facts=(("interview_format", "panel interview"),),
            turns=(
                "Switch to one-on-one interviews for this role.",
                "The hiring manager objected, revert to the panel interview.",
            ),
            question="What interview format are we using?",
            expect=(("interview_format", "panel interview"),),
            live=("panel interview",),
            dead=("one-on-one",),
        ),
    ),
    case(
        "travel-go-back-to-seat",
        Case(
            facts=(("seat", "aisle seat 14C"),),
            turns=(
                "Make it the window seat 22A.",
                "On second thought, let's go back to the aisle seat 14C.",
            ),
            question="Which seat is booked?",
            expect=(("seat", "14C"),),
            live=("14C",),
            dead=("22A",),
        ),
    ),
    # a slot named after what was picked: "Everyone loved the lamb tagine. That's the main."
    case(
        "wedding-thats-our-venue",
        Case(
            facts=(("venue", "Oakfield Barn"),),
            turns=("Everyone loved the Harbour Room on the tour. That's our venue.",),
            question="Where is the reception?",
            expect=(("venue", "Harbour Room"),),
            live=("Harbour Room",),
            dead=("Oakfield Barn",),
        ),
    ),
    case(
        "school-thats-the-band",
        Case(
            facts=(("band", "The Tin Whistles"),),
            turns=("The kids voted for the steel band from Year 6. That'll be the band then.",),
            question="Who plays at the summer fair?",
            expect=(("band", "steel band from Year 6"),),
            live=("steel band",),
            dead=("Tin Whistles",),
        ),
    ),
    case(
        "pointing-back-no-slot",
        Case(
            facts=(("venue", "Oakfield Barn"),),
            turns=("They loved the old quote. That's the problem.",),
            question="Where is the reception?",
            expect=(("venue", "Oakfield Barn"),),
            live=("Oakfield Barn",),
            unchanged=True,
        ),
    ),
    # what was given up, kept after all: "we stay with X", "sticking with X"
    case(
        "kitchen-stay-with",
        Case(
            facts=(("linen_supplier", "Linen supplier: Crisp & Co, weekly Tuesday"),),
            turns=(
                "We're switching linen to Whitebay Laundry, they're cheaper.",
                "Change of heart: we stay with Crisp & Co for now, they can't do Tuesdays.",
            ),
            question="Who supplies the linen?",
            expect=(("linen_supplier", "Crisp & Co"),),
            live=("Crisp & Co",),
            dead=("Whitebay",),
        ),
    ),
    case(
        "garden-sticking-with",
        Case(
            facts=(("mower", "Hayter petrol mower"),),
            turns=(
                "We're switching the mower to a Stihl battery one.",
                "Actually we're sticking with the Hayter, the battery one can't do the slope.",
            ),
            question="Which mower are we using?",
            expect=(("mower", "Hayter"),),
            live=("Hayter",),
            dead=("Stihl",),
        ),
    ),
    case(
        "school-stays-with",
        Case(
            facts=(("reading_scheme", "Oxford Owl"),),
            turns=(
                "Year 2 is moving to Big Cat Readers this term.",
                "Update: the head says Year 2 stays with Oxford Owl for now.",
            ),
            question="Which reading scheme does Year 2 use?",
            expect=(("reading_scheme", "Oxford Owl"),),
            live=("Oxford Owl",),
            dead=("Big Cat",),
        ),
    ),
]

SIDE_SCOPES = [
    case(
        "btw-brings-news-not-a-digression",
        Case(
            facts=(("vendor_status", "VendorA on hold for litigation"),),
            turns=(
                "BTW, VendorA litigation was dismissed.",
                "The vendor status is now VendorA cleared.",
            ),
            question="Can we sign with VendorA?",
            expect=(("vendor_status", "VendorA cleared"),),
            live=("VendorA cleared",),
            dead=("on hold for litigation",),
        ),
    ),
    case(
        "say-thanks-opens-nothing",
        Case(
            facts=(("budget", "$50,000"),),
            turns=("Say thanks to the team for me.", "The budget is now $60,000."),
            question="What is the budget?",
            expect=(("budget", "$60,000"),),
            live=("$60,000",),
            dead=("$50,000",),
        ),
    ),
    case(
        "events-say-we-then-back",
        Case(
            facts=(("budget", "$50,000"),),
            turns=(
                "Say we got $90,000, could we add a second venue?",
                "Ok, coming back to the actual plan.",
            ),
            question="What is the budget?",
            expect=(("budget", "$50,000"),),
            live=("$50,000",),
            dead=("$90,000",),
            unchanged=True,
        ),
    ),
    case(
        "hr-assume-then-anyway",
        Case(
            facts=(("team_size", "6 people"),),
            turns=(
                "Assume the team grows to 10 people next year; we'd need a bigger office.",
                "Anyway.",
            ),
            question="How big is the team?",
            expect=(("team_size", "6 people"),),
            live=("6 people",),
            dead=("10 people",),
            unchanged=True,
        ),
    ),
    case(
        "launch-pretend-then-reality",
        Case(
            facts=(("launch_date", "May 4"),),
            turns=("Let's pretend launch slips to June 1. What breaks?", "Back to reality."),
            question="When do we launch?",
            expect=(("launch_date", "May 4"),),
            live=("May 4",),
            dead=("June 1",),
            unchanged=True,
        ),
    ),
    case(
        "office-picture-this",
        Case(
            facts=(("office", "Austin"),),
            turns=("Picture this: we open an office in Denver next spring.", "Right, where was I."),
            question="Where is the office?",
            expect=(("office", "Austin"),),
            live=("Austin",),
            dead=("Denver",),
            unchanged=True,
        ),
    ),
    case(
        "courier-one-sec-where-was-i",
        Case(
            facts=(("budget", "$50,000"),),
            turns=(
                "Sorry, one sec, the courier needs $40 for the delivery.",
                "Where was I? Oh right, the plan.",
            ),
            question="What is the budget?",
            expect=(("budget", "$50,000"),),
            live=("$50,000",),
            dead=("$40",),
            unchanged=True,
        ),
    ),
    case(
        "facilities-quick-aside",
        Case(
            facts=(("deadline", "March 30"),),
            turns=(
                "Quick aside: the parking garage closes at 6pm on March 12.",
                "Right, back to business.",
            ),
            question="What is the deadline?",
            expect=(("deadline", "March 30"),),
            live=("March 30",),
            dead=("March 12",),
            unchanged=True,
        ),
    ),
    case(
        "finance-brainstorm-then-back",
        Case(
            facts=(("q3_budget", "$120,000"),),
            turns=(
                "Just brainstorming: with $200,000 for Q3 we could bring on two contractors.",
                "Anyway, back to the plan. Vendor invoices are due Friday.",
            ),
            question="What is the Q3 budget?",
            expect=(("q3_budget", "$120,000"),),
            live=("$120,000",),
            dead=("$200,000",),
            unchanged=True,
        ),
    ),
    case(
        "travel-what-if-rough-numbers",
        Case(
            facts=(("offsite_city", "Porto"),),
            turns=(
                "What if we moved the offsite to Lisbon?",
                "Rough numbers: Lisbon would come to about $38k for everyone.",
                "OK, back to the real plan.",
            ),
            question="Where is the offsite and what do I need to book?",
            expect=(("offsite_city", "Porto"),),
            live=("Porto",),
            dead=("Lisbon", "$38k"),
            unchanged=True,
        ),
    ),
    case(
        "software-lets-say-then-where-were-we",
        Case(
            facts=(("cache_layer", "Redis"),),
            turns=(
                "Let's say we dropped Redis and used Memcached, would the sessions survive?",
                "Thinking out loud, Memcached is cheaper to run.",
                "Anyway, where were we?",
            ),
            question="Which cache do the sessions use?",
            expect=(("cache_layer", "Redis"),),
            live=("Redis",),
            dead=("Memcached",),
            unchanged=True,
        ),
    ),
    case(
        "retail-hypothetical-price-no-close",
        Case(
            facts=(("retail_price", "$79"),),
            turns=("Suppose we priced it at $95, would margins cover the shipping?",),
            question="What is the retail price?",
            expect=(("retail_price", "$79"),),
            live=("$79",),
            unchanged=True,
        ),
    ),
    case(
        "hypothetical-then-committed",
        Case(
            facts=(("moving_vendor", "Atlas Relocation"),),
            turns=(
                "What if we used Acme Movers for the office move?",
                "We're going with Acme Movers, it's confirmed with procurement.",
            ),
            question="Who is handling the office move?",
            expect=(("moving_vendor", "Acme Movers"),),
            live=("Acme Movers",),
            dead=("Atlas Relocation",),
        ),
    ),
    case(
        "logistics-hold-on-then-anyway",
        Case(
            facts=(("delivery_window", "Monday 8am to 12pm"),),
            turns=(
                "Let's confirm the delivery window with the customer.",
                "Hold on, the printer on floor 2 jammed again and the toner order is $310.",
                "Anyway, back to the delivery.",
            ),
            question="When is the delivery window?",
            expect=(("delivery_window", "Monday"),),
            live=("Monday 8am to 12pm",),
            dead=("toner", "$310"),
            unchanged=True,
        ),
    ),
    case(
        "healthcare-interruption-changes-nothing",
        Case(
            facts=(("appointment_time", "2:30pm"),),
            turns=(
                "Sorry to interrupt, Dr. Lee wants exam room 3 moved to 4pm.",
                "Back to your appointment, where were we?",
            ),
            question="When is my appointment?",
            expect=(("appointment_time", "2:30pm"),),
            live=("2:30pm",),
            dead=("Dr. Lee", "exam room 3"),
            unchanged=True,
        ),
    ),
    case(
        "facilities-quick-question-then-change",
        Case(
            facts=(("lease_term", "12 months"),),
            turns=(
                "Quick question, is the gym open on Saturday mornings?",
                "Back to the lease: change the term to 24 months.",
            ),
            question="What is the lease term?",
            expect=(("lease_term", "24 months"),),
            live=("24 months",),
            dead=("12 months", "gym"),
        ),
    ),
]

FALSE_POSITIVES = [
    case(
        "not-moving",
        Case(
            facts=(("home_address", "27 Elm Street, Dayton"),),
            turns=("I'm not moving, the lease renewal went through.",),
            question="What is my home address?",
            live=("27 Elm Street",),
            unchanged=True,
        ),
    ),
    case(
        "actually-agree",
        Case(
            facts=(("launch_date", "April 14"),),
            turns=("Priya suggested we keep the April 14 date.", "I actually agree with that."),
            question="When do we launch?",
            live=("April 14",),
            unchanged=True,
        ),
    ),
    case(
        "actually-agree-plan-is-solid",
        Case(
            facts=(("rollout_plan", "phased rollout, 10% of users first"),),
            turns=("I actually agree with Sam, the plan is solid.",),
            question="What is the rollout plan?",
            live=("10% of users first",),
            unchanged=True,
        ),
    ),
    case(
        "two-meetings-standup-change",
        Case(
            facts=(("design_review", "Tuesday 2pm"), ("standup", "daily at 9:30am")),
            turns=("The standup is now at 9:45am.",),
            question="When are the design review and the standup?",
            expect=(("design_review", "Tuesday 2pm"), ("standup", "9:45am")),
            live=("Tuesday 2pm", "9:45am"),
            dead=("9:30am",),
        ),
    ),
    case(
        "two-meetings-review-change",
        Case(
            facts=(("standup", "daily at 9:30am"), ("design_review", "Tuesday 2pm")),
            turns=("Move the design review to Thursday 3pm.",),
            question="When are the design review and the standup?",
            expect=(("design_review", "Thursday 3pm"), ("standup", "9:30am")),
            live=("Thursday 3pm", "9:30am"),
            dead=("Tuesday 2pm",),
        ),
    ),
    case(
        "instead-of-waiting",
        Case(
            facts=(("kickoff_date", "May 5"),),
            turns=("Instead of waiting on legal, we can start drafting the test plan.",),
            question="When is the kickoff?",
            live=("May 5",),
            unchanged=True,
        ),
    ),
    case(
        "question-should-we-move",
        Case(
            facts=(("team_lunch", "Thursday at Luigi's"),),
            turns=("Should we move it to Friday?",),
            question="When is the team lunch?",
            live=("Thursday",),
            unchanged=True,
        ),
    ),
    case(
        "question-could-we-push",
        Case(
            facts=(("report_deadline", "March 20"),),
            turns=("Could we push the deadline to March 27 if the auditors agree?",),
            question="When is the report due?",
            live=("March 20",),
            unchanged=True,
        ),
    ),
    case(
        "hedge-i-wonder-whether",
        Case(
            facts=(("team_lunch", "Thursday at Luigi's"),),
            turns=("I wonder whether we should move it to Friday.",),
            question="When is the team lunch?",
            live=("Thursday",),
            unchanged=True,
        ),
    ),
    case(
        "assistant-turn",
        Case(
            facts=(("shipping_address", "14 Quay Street, Bristol"),),
            turns=(
                Say(
                    "Sure, I can change the address to 9 Foundry Lane once you confirm.",
                    assistant=True,
                ),
            ),
            question="Where is the order shipping?",
            live=("14 Quay Street",),
            unchanged=True,
        ),
    ),
    case(
        "follow-up-builds-on-value",
        Case(
            facts=(("hotel_budget", "$200 per night"),),
            turns=("That $200 per night also has to cover parking.",),
            question="What is the hotel budget?",
            live=("$200 per night",),
            unchanged=True,
        ),
    ),
    case(
        "negated-not-switching",
        Case(
            facts=(("freight_carrier", "UPS Ground"),),
            turns=("We're not switching carriers this quarter.",),
            question="Which carrier do we ship with?",
            live=("UPS Ground",),
            unchanged=True,
        ),
    ),
    case(
        "stays-the-same",
        Case(
            facts=(("interest_rate", "4.25%"),),
            turns=("The bank confirmed the rate stays the same through June.",),
            question="What is the loan's interest rate?",
            live=("4.25%",),
            unchanged=True,
        ),
    ),
    case(
        "unrelated-subject-plain-statement",
        Case(
            facts=(("security_deposit", "$450"),),
            turns=("The parking fee is $45 a month.",),
            question="How much is the security deposit?",
            live=("$450",),
            unchanged=True,
        ),
    ),
    case(
        "lets-do-a-sanity-check",
        Case(
            facts=(("deploy_time", "Friday 6pm"),),
            turns=("Before that, let's do a quick sanity check on staging.",),
            question="When do we deploy?",
            live=("Friday 6pm",),
            unchanged=True,
        ),
    ),
    case(
        "starts-on-time-is-no-date",
        Case(
            facts=(("code_freeze", "Thursday"),),
            turns=("The code freeze starts on time, as usual.",),
            question="When does the code freeze start?",
            live=("Thursday",),
            unchanged=True,
        ),
    ),
    case(
        "route-through-leaves-a-time-alone",
        Case(
            facts=(("pickup_time", "Tuesday 10am"),),
            turns=("Route everything through the Memphis hub from now on.",),
            question="When is the pickup?",
            live=("Tuesday 10am",),
            unchanged=True,
        ),
    ),
    case(
        "hedge-not-sure-whether",
        Case(
            facts=(("payment_processor", "Stripe"),),
            turns=("I'm not sure whether we should switch the payment processor to Adyen.",),
            question="Which payment processor do we use?",
            live=("Stripe",),
            unchanged=True,
        ),
    ),
    case(
        "cant-we-asks",
        Case(
            facts=(("team_lunch", "Thursday at Luigi's"),),
            turns=("Can't we just move it to Friday",),
            question="When is the team lunch?",
            live=("Thursday",),
            unchanged=True,
        ),
    ),
    case(
        "three-word-subject-names-another-thing",
        Case(
            facts=(("badge_office_hours", "8am to 4pm"),),
            turns=("The new badge printer is on the second floor.",),
            question="When is the badge office open?",
            live=("8am to 4pm",),
            unchanged=True,
        ),
    ),
    case(
        "verdict-of-several-words-is-no-value",
        Case(
            facts=(("rollout_plan", "phased rollout, 10% of users first"),),
            turns=("The rollout plan is really solid and well thought out.",),
            question="What is the rollout plan?",
            live=("10% of users first",),
            unchanged=True,
        ),
    ),
    case(
        "instead-of-emailing",
        Case(
            facts=(("lease_renewal", "due April 30"),),
            turns=("I'll call the landlord instead of emailing.",),
            question="When is the lease renewal due?",
            live=("April 30",),
            unchanged=True,
        ),
    ),
]


# Other verbs and shapes of a change: a bare subject ("switched catering to"), a particle
# ("moved the deadline up to"), the passive ("got pushed back to"), a value that changes by
# itself ("went up to"), a replacement named by its old value, an admitted slip.
PHRASINGS = [
    case(
        "events-switched-bare-subject",
        Case(
            facts=(),
            turns=(
                "Our catering vendor is Bella Foods.",
                "Update: we've switched catering to Green Table Co.",
            ),
            question="Who caters the event?",
            expect=(("catering_vendor", "Green Table"),),
            live=("Green Table",),
            dead=("Bella Foods",),
        ),
    ),
    case(
        "it-passive-pushed-back",
        Case(
            facts=(),
            turns=(
                "The server migration is scheduled for June 10.",
                "Heads up, the migration got pushed back to June 24.",
            ),
            question="When is the migration?",
            expect=(("server_migration", "June 24"),),
            live=("June 24",),
            dead=("June 10",),
        ),
    ),
    case(
        "legal-moved-up-to",
        Case(
            facts=(),
            turns=(
                "The report is due Friday.",
                "The client moved the report deadline up to Thursday.",
            ),
            question="When is the report due?",
            expect=(("report", "Thursday"),),
            live=("Thursday",),
            dead=("Friday",),
        ),
    ),
    case(
        "saas-costs-then-is-now",
        Case(
            facts=(),
            turns=(
                "The subscription costs $49 per month.",
                "Pricing changed: the subscription is now $59 per month.",
            ),
            question="How much is the subscription?",
            expect=(("subscription", "$59"),),
            live=("$59",),
            dead=("$49",),
        ),
    ),
    case(
        "sales-went-up-to",
        Case(
            facts=(("seat_price", "$40 per seat"),),
            turns=("Sales just told me the price per seat went up to $45.",),
            question="What is the price per seat?",
            expect=(("seat_price", "$45"),),
            live=("$45",),
            dead=("$40",),
        ),
    ),
    case(
        "finance-passive-revised-to",
        Case(
            facts=(("sales_target", "$2M"),),
            turns=("The sales target was revised to $2.5M this morning.",),
            question="What is the sales target?",
            expect=(("sales_target", "$2.5M"),),
            live=("$2.5M",),
            dead=("$2M",),
        ),
    ),
    case(
        "ops-delayed-until",
        Case(
            facts=(("go_live", "May 5"),),
            turns=("Go-live is delayed until May 19.",),
            question="When is go-live?",
            expect=(("go_live", "May 19"),),
            live=("May 19",),
            dead=("May 5",),
        ),
    ),
    case(
        "eng-replacing-with",
        Case(
            facts=(("checkout_service", "Stripe"), ("database", "MySQL")),
            turns=("We're replacing MySQL with PostgreSQL for the backend.",),
            question="Which database do we use?",
            expect=(("database", "PostgreSQL"), ("checkout_service", "Stripe")),
            live=("PostgreSQL",),
            dead=("MySQL",),
        ),
    ),
    case(
        "billing-should-read",
        Case(
            facts=(("invoice_total", "$12,400"), ("po_number", "PO-7731")),
            turns=("My mistake, the invoice total should read $12,900.",),
            question="What is the invoice total?",
            expect=(("invoice_total", "$12,900"), ("po_number", "PO-7731")),
            live=("$12,900",),
            dead=("$12,400",),
        ),
    ),
    case(
        "product-typo-bare-subject",
        Case(
            facts=(("launch_date", "April 14"),),
            turns=("Typo on my end: launch date is April 24.",),
            question="When do we launch?",
            expect=(("launch_date", "April 24"),),
            live=("April 24",),
            dead=("April 14",),
        ),
    ),
    case(
        "team-going-forward-at",
        Case(
            facts=(("standup_time", "9:30am"),),
            turns=("Going forward, standup is at 10:15am.",),
            question="When is standup?",
            expect=(("standup_time", "10:15am"),),
            live=("10:15am",),
            dead=("9:30am",),
        ),
    ),
    case(
        "events-now-rather-than",
        Case(
            facts=(("venue", "Pier 39"),),
            turns=("The venue is now Fort Mason rather than Pier 39.",),
            question="Where is the venue?",
            expect=(("venue", "Fort Mason"),),
            live=("Fort Mason",),
            dead=("Pier 39",),
        ),
    ),
    case(
        "travel-book-me-instead",
        Case(
            facts=(("flight", "UA 445 on Monday"),),
            turns=("Book me on UA 512 Tuesday instead.",),
            question="What flight am I on?",
            expect=(("flight", "UA 512"),),
            live=("UA 512",),
            dead=("UA 445",),
        ),
    ),
    case(
        "events-thinking-aloud-then-back",
        Case(
            facts=(("venue_budget", "$20,000"),),
            turns=(
                "Just thinking aloud: if we had $35,000 we could book the ballroom.",
                "OK, let's get back to the real plan.",
            ),
            question="What is the venue budget?",
            expect=(("venue_budget", "$20,000"),),
            live=("$20,000",),
            dead=("$35,000",),
            unchanged=True,
        ),
    ),
    case(
        "past-story-changes-nothing",
        Case(
            facts=(("seat_price", "$45 per seat"),),
            turns=("Last year the price went up to $40 and nobody complained.",),
            question="What is the price per seat?",
            live=("$45",),
            unchanged=True,
        ),
    ),
    case(
        "someone-else-switched-teams",
        Case(
            facts=(("launch_date", "May 4"),),
            turns=("Dana switched teams to work on payments.",),
            question="When do we launch?",
            live=("May 4",),
            unchanged=True,
        ),
    ),
    case(
        "unrelated-thing-fell-to",
        Case(
            facts=(("budget", "$50,000"),),
            turns=("The stock fell to $12 yesterday.",),
            question="What is the budget?",
            live=("$50,000",),
            unchanged=True,
        ),
    ),
    case(
        "replacing-something-else",
        Case(
            facts=(("laptop_vendor", "Dell"),),
            turns=("IT is replacing my mouse with a trackpad.",),
            question="Which laptop vendor do we use?",
            live=("Dell",),
            unchanged=True,
        ),
    ),
    case(
        "hr-changed-from-to",
        Case(
            facts=(("capacity", "120 guests"),),
            turns=("Capacity changed from 120 guests to 150 guests.",),
            question="How many guests can come?",
            expect=(("capacity", "150 guests"),),
            live=("150 guests",),
            dead=("120 guests",),
        ),
    ),
    case(
        "finance-reduced-from-to",
        Case(
            facts=(("budget", "$90,000"), ("cost_center", "CC-2210")),
            turns=("Finance reduced the budget from $90,000 to $75,000.",),
            question="What is the budget?",
            expect=(("budget", "$75,000"), ("cost_center", "CC-2210")),
            live=("$75,000",),
            dead=("$90,000",),
        ),
    ),
    case(
        "eng-decided-on",
        Case(
            facts=(("framework", "React"),),
            turns=("We decided on Svelte for the frontend.",),
            question="Which frontend framework do we use?",
            expect=(("framework", "Svelte"),),
            live=("Svelte",),
            dead=("React",),
        ),
    ),
    case(
        "team-meet-instead",
        Case(
            facts=(("meeting_day", "Tuesday"),),
            turns=("We'll meet Thursday instead.",),
            question="Which day do we meet?",
            expect=(("meeting_day", "Thursday"),),
            live=("Thursday",),
            dead=("Tuesday",),
        ),
    ),
    case(
        "ops-labelled-update",
        Case(
            facts=(("office_phone", "555-0100"),),
            turns=("New office phone number: 555-0199.",),
            question="What is the office phone number?",
            expect=(("office_phone", "555-0199"),),
            live=("555-0199",),
            dead=("555-0100",),
        ),
    ),
    case(
        "picked-up-is-no-choice",
        Case(
            facts=(("venue", "Pier 39"),),
            turns=("I picked up the badges from reception.",),
            question="Where is the venue?",
            live=("Pier 39",),
            unchanged=True,
        ),
    ),
    case(
        "chose-to-is-no-choice",
        Case(
            facts=(("launch_date", "May 4"),),
            turns=("Maria chose to work from home today.",),
            question="When do we launch?",
            live=("May 4",),
            unchanged=True,
        ),
    ),
    case(
        "use-case-is-no-value",
        Case(
            facts=(("database", "PostgreSQL"),),
            turns=("Redis would suit this use case better, go with that instead.",),
            question="Which database do we use?",
            expect=(("database", "PostgreSQL"),),
            unchanged=True,
        ),
    ),
    case(
        "brand-plain-value-reverted",
        Case(
            facts=(),
            turns=(
                "The launch color is blue.",
                "Let's make the launch color green.",
                "Never mind, go back to blue.",
            ),
            question="What is the launch color?",
            expect=(("launch_color", "blue"),),
            live=("blue",),
            dead=("green",),
        ),
    ),
    case(
        "hr-plain-value-is-now",
        Case(
            facts=(),
            turns=("The dress code is business casual.", "The dress code is now smart casual."),
            question="What is the dress code?",
            expect=(("dress_code", "smart casual"),),
            live=("smart casual",),
            dead=("business casual",),
        ),
    ),
    case(
        "make-the-report-shorter-is-no-value",
        Case(
            facts=(("report", "due Friday"),),
            turns=("Make the report shorter, please.",),
            question="When is the report due?",
            live=("due Friday",),
            unchanged=True,
        ),
    ),
    case(
        "a-mood-is-no-fact",
        Case(
            facts=(("plan", "Phased rollout by region"),),
            turns=("The plan is solid.",),
            question="What is the plan?",
            live=("Phased rollout",),
            unchanged=True,
        ),
    ),
    case(
        "release-correct-myself",
        Case(
            facts=(),
            turns=(
                Say("The release is on May 10.", speaker="dana", authority="manager"),
                Say(
                    "Sorry, I need to correct myself: the release is on May 17.",
                    speaker="dana",
                    authority="manager",
                ),
            ),
            question="When is the release?",
            expect=(("release", "May 17"),),
            live=("May 17",),
            dead=("May 10",),
        ),
    ),
    case(
        "events-not-the-old-figure",
        Case(
            facts=(("chairs", "10 chairs"), ("desks", "10 desks")),
            turns=("We need 12 chairs, not 10.",),
            question="How many chairs and desks?",
            expect=(("chairs", "12 chairs"), ("desks", "10 desks")),
            live=("12 chairs", "10 desks"),
            dead=("10 chairs",),
        ),
    ),
    case(
        "sales-upped-the-order",
        Case(
            facts=(("order_size", "500 units"),),
            turns=("They upped the order to 800 units.",),
            question="What is the order size?",
            expect=(("order_size", "800 units"),),
            live=("800 units",),
            dead=("500 units",),
        ),
    ),
    case(
        "product-renamed",
        Case(
            facts=(("project_name", "Project Falcon"),),
            turns=("The project was renamed to Project Osprey.",),
            question="What is the project called?",
            expect=(("project_name", "Project Osprey"),),
            live=("Project Osprey",),
            dead=("Project Falcon",),
        ),
    ),
    case(
        "events-final-answer-on",
        Case(
            facts=(("offsite_date", "June 3"),),
            turns=("Final answer on the offsite date: June 10.",),
            question="When is the offsite?",
            expect=(("offsite_date", "June 10"),),
            live=("June 10",),
            dead=("June 3",),
        ),
    ),
    case(
        "marketing-will-now-be-at",
        Case(
            facts=(("webinar_time", "2pm EST"),),
            turns=("The webinar will now be at 3pm EST.",),
            question="When is the webinar?",
            expect=(("webinar_time", "3pm EST"),),
            live=("3pm EST",),
            dead=("2pm EST",),
        ),
    ),
    case(
        "hr-shifts-to",
        Case(
            facts=(("review_cycle", "quarterly"),),
            turns=("Review cycle shifts to monthly in Q3.",),
            question="How often are reviews?",
            expect=(("review_cycle", "monthly"),),
            live=("monthly",),
            dead=("quarterly",),
        ),
    ),
    case(
        "team-day-not-old-day",
        Case(
            facts=(("meeting_day", "Monday"),),
            turns=("The meeting is Tuesday, not Monday.",),
            question="Which day is the meeting?",
            expect=(("meeting_day", "Tuesday"),),
            live=("Tuesday",),
            dead=("Monday",),
        ),
    ),
    case(
        "a-purpose-is-no-value",
        Case(
            facts=(("leave_approval", "Lead Omar can approve leave up to 2 weeks"),),
            turns=("Later, the director changed the rule to require director sign-off for leave over 4 days.",),
            question="Who approves leave?",
            expect=(("leave_approval", "Lead Omar can approve leave up to 2 weeks"),),
            unchanged=True,
        ),
    ),
    case(
        "events-one-sentence-of-three",
        Case(
            facts=(("venue", "Hotel Arts"), ("catering", "Tapas Co")),
            turns=(
                "Quick update on the offsite. The venue is now Casa Fuster. Catering stays the same.",
            ),
            question="Where is the offsite?",
            expect=(("venue", "Casa Fuster"), ("catering", "Tapas Co")),
            live=("Casa Fuster",),
            dead=("Hotel Arts",),
        ),
    ),
    case(
        "events-change-then-question",
        Case(
            facts=(("venue", "Hotel Arts"),),
            turns=("The venue is now Casa Fuster. Can you confirm with the client?",),
            question="Where is the offsite?",
            expect=(("venue", "Casa Fuster"),),
            live=("Casa Fuster",),
            dead=("Hotel Arts",),
        ),
    ),
    case(
        "launch-ing-instead",
        Case(
            facts=(("launch_city", "Berlin"),),
            turns=("Big news! We're launching in Munich instead!",),
            question="Which city do we launch in?",
            expect=(("launch_city", "Munich"),),
            live=("Munich",),
            dead=("Berlin",),
        ),
    ),
    case(
        "agile-labelled-arrow",
        Case(
            facts=(("sprint_length", "2 weeks"),),
            turns=("Sprint length: 2 weeks -> 3 weeks.",),
            question="How long is a sprint?",
            expect=(("sprint_length", "3 weeks"),),
            live=("3 weeks",),
            dead=("2 weeks",),
        ),
    ),
    case(
        "pm-it-is-now",
        Case(
            facts=(("status", "On track"),),
            turns=("Status update: it's now At risk.",),
            question="What is the status?",
            expect=(("status", "At risk"),),
            live=("At risk",),
            dead=("On track",),
        ),
    ),
    case(
        "a-condition-changes-nothing",
        Case(
            facts=(("hotel", "Hilton"),),
            turns=("If the Hilton is full, we'll switch the hotel to the Hyatt.",),
            question="Which hotel?",
            expect=(("hotel", "Hilton"),),
            live=("Hilton",),
            dead=(),
            unchanged=True,
        ),
    ),
    case(
        "a-denied-change-changes-nothing",
        Case(
            facts=(("hotel", "Hilton"),),
            turns=("We won't switch the hotel to the Hyatt.",),
            question="Which hotel?",
            expect=(("hotel", "Hilton"),),
            live=("Hilton",),
            dead=(),
            unchanged=True,
        ),
    ),
    case(
        "a-possibility-changes-nothing",
        Case(
            facts=(("hotel", "Hilton"),),
            turns=("We could switch the hotel to the Hyatt if prices drop.",),
            question="Which hotel?",
            expect=(("hotel", "Hilton"),),
            live=("Hilton",),
            dead=(),
            unchanged=True,
        ),
    ),
    case(
        "a-request-in-question-form",
        Case(
            facts=(("phone", "555-1234"),),
            turns=("Could you update my phone number to 555-9876?",),
            question="What is my phone number?",
            expect=(("phone", "555-9876"),),
            live=("555-9876",),
            dead=("555-1234",),
        ),
    ),
    case(
        "a-request-please-change",
        Case(
            facts=(("delivery_date", "Friday"),),
            turns=("Can you please change the delivery date to Monday?",),
            question="When is the delivery?",
            expect=(("delivery_date", "Monday"),),
            live=("Monday",),
            dead=("Friday",),
        ),
    ),
    case(
        "asking-whether-changes-nothing",
        Case(
            facts=(("deadline", "June 1"),),
            turns=("Can we move the deadline to June 15?",),
            question="What is the deadline?",
            expect=(("deadline", "June 1"),),
            live=("June 1",),
            dead=(),
            unchanged=True,
        ),
    ),
    case(
        "saas-upgraded-to",
        Case(
            facts=(("plan_tier", "Basic plan"),),
            turns=("We upgraded to the Pro plan yesterday.",),
            question="Which plan are we on?",
            expect=(("plan_tier", "Pro plan"),),
            live=("Pro plan",),
            dead=("Basic plan",),
        ),
    ),
    case(
        "crm-transferred-to",
        Case(
            facts=(("account_owner", "Lisa Park"),),
            turns=("The account was transferred to Omar Haddad.",),
            question="Who owns the account?",
            expect=(("account_owner", "Omar Haddad"),),
            live=("Omar Haddad",),
            dead=("Lisa Park",),
        ),
    ),
    case(
        "support-reassigned",
        Case(
            facts=(("ticket_owner", "Sam Lee"),),
            turns=("I reassigned the ticket to Dana Cho.",),
            question="Who owns the ticket?",
            expect=(("ticket_owner", "Dana Cho"),),
            live=("Dana Cho",),
            dead=("Sam Lee",),
        ),
    ),
    case(
        "events-the-cap-names-the-budget",
        Case(
            facts=(("offsite_budget", "$5,000"),),
            turns=("Actually the cap is $6,500 now.",),
            question="How much can we spend on the offsite?",
            expect=(("offsite_budget", "$6,500"),),
            live=("$6,500",),
            dead=("$5,000",),
        ),
    ),
    case(
        "travel-the-limit-names-the-budget",
        Case(
            facts=(("travel_budget", "$2,000 per trip"),),
            turns=("Update: the limit is $2,500 per trip.",),
            question="What is the travel budget?",
            expect=(("travel_budget", "$2,500 per trip"),),
            live=("$2,500",),
            dead=("$2,000",),
        ),
    ),
    case(
        "a-cap-is-no-date",
        Case(
            facts=(("launch_date", "May 4"),),
            turns=("Actually the cap is $6,500 now.",),
            question="When do we launch?",
            expect=(("launch_date", "May 4"),),
            live=("May 4",),
            dead=(),
        ),
    ),
    case(
        "dinner-booked-then-moved",
        Case(
            facts=(),
            turns=("Book a table for 4 at 7pm.", "Actually, move the table to 8pm."),
            question="When is dinner?",
            expect=(("table", "8pm"),),
            live=("8pm",),
            dead=("7pm",),
        ),
    ),
    case(
        "a-suggested-booking-replaces-nothing",
        Case(
            facts=(("deadline", "June 1"),),
            turns=("We should book a venue for the party.",),
            question="What is the deadline?",
            expect=(("deadline", "June 1"),),
            live=("June 1",),
            dead=(),
            unchanged=True,
        ),
    ),
    case(
        "audit-must-be-done-by",
        Case(
            facts=(),
            turns=(
                "The audit must be done by March 31.",
                "Update: the audit deadline moved to April 15.",
            ),
            question="When is the audit due?",
            expect=(("audit", "April 15"),),
            live=("April 15",),
            dead=("March 31",),
        ),
    ),
    case(
        "venue-holds-a-maximum",
        Case(
            facts=(),
            turns=(
                "The room holds a maximum of 40 people.",
                "Correction: the room holds a maximum of 35 people.",
            ),
            question="How many people fit in the room?",
            expect=(("room", "35 people"),),
            live=("35 people",),
            dead=("40 people",),
        ),
    ),
    case(
        "someone-moved-house",
        Case(
            facts=(("office_address", "88 Pine Road"),),
            turns=("My sister moved to 14 Birch Lane last week.",),
            question="What is the office address?",
            expect=(("office_address", "88 Pine Road"),),
            live=("88 Pine Road",),
            dead=(),
            unchanged=True,
        ),
    ),
    case(
        "a-duration-is-no-capacity",
        Case(
            facts=(("quality_gate", "Every release needs 85% line coverage"),),
            turns=("Getting the suite to 85% coverage takes 4 days.",),
            question="What does the quality gate require?",
            expect=(("quality_gate", "85% line coverage"),),
            live=("85% line coverage",),
            dead=(),
            unchanged=True,
        ),
    ),
    case(
        "school-labelled-change",
        Case(
            facts=(("exam_room", "Hall B"),),
            turns=("Exam room change: Hall D.",),
            question="Where is the exam?",
            expect=(("exam_room", "Hall D"),),
            live=("Hall D",),
            dead=("Hall B",),
        ),
    ),
    case(
        "travel-moved-me-to",
        Case(
            facts=(("seat", "14C"),),
            turns=("They moved me to seat 22A.",),
            question="What seat am I in?",
            expect=(("seat", "22A"),),
            live=("22A",),
            dead=("14C",),
        ),
    ),
    case(
        "hr-named-subject-role-value",
        Case(
            facts=(("manager", "Tom Reyes"),),
            turns=("Starting next week, Ana Ortiz will be your manager.",),
            question="Who is my manager?",
            expect=(("manager", "Ana Ortiz"),),
            live=("Ana Ortiz",),
            dead=("Tom Reyes",),
        ),
    ),
    case(
        "sales-possessive-subject",
        Case(
            facts=(("quota", "$1.2M"),),
            turns=("Leadership raised everyone's quota to $1.5M.",),
            question="What is my quota?",
            expect=(("quota", "$1.5M"),),
            live=("$1.5M",),
            dead=("$1.2M",),
        ),
    ),
    case(
        "casual-oh-wait-not",
        Case(
            facts=(("pickup_time", "5pm"),),
            turns=("oh wait pickup is 6pm not 5",),
            question="When is pickup?",
            expect=(("pickup_time", "6pm"),),
            live=("6pm",),
            dead=("5pm",),
        ),
    ),
]


@pytest.mark.parametrize(
    "case",
    EXPLICIT + IMPLICIT + PHRASINGS + CANCELLATIONS + REVERSIONS + SIDE_SCOPES + FALSE_POSITIVES,
)
def test_conversation(conversation: Conversation, case: Case) -> None:
    for key, value in case.facts:
        conversation.write(key, value)
    for turn in case.turns:
        conversation.say(turn)
    session = conversation.session
    values = {f.key: str(f.value) for f in session.facts()}
    for key, expected in case.expect:
        assert expected in str(session.current_value(key)), (key, values)
    for dead in case.dead:
        assert not any(shows(v, dead) for v in values.values()), (dead, values)
    if case.unchanged:
        # the recorded facts keep their values; a statement about a new subject may add one
        assert {key: values.get(key) for key, _ in case.facts} == dict(case.facts)
        for key in values:
            assert len(session.history(key)) == 1, key
    text = conversation.context(case.question)
    for live in case.live:
        assert shows(text, live), (live, text)
    for dead in case.dead:
        assert not shows(text, dead), (dead, text)
