"""The web inspector at /ui, in a real headless browser: Debian's chromium driven by
Playwright, against the real server of `conftest.py` (SQLite, or PostgreSQL with
STATEKEEPER_TEST_BACKEND=postgres)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from statekeeper import Engine, Principal, Source
from statekeeper.server.inspector import COOKIE
from statekeeper.server.keys import authenticate, revoke_key
from tests.server.conftest import Keys, Server

CHROMIUM = Path("/usr/bin/chromium")  # the system's browser; nothing is downloaded

if not CHROMIUM.exists():  # pragma: no cover - .ci/run installs it
    pytest.skip("the inspector's browser tests need /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright  # noqa: E402

ALICE = Principal(org="acme", user="alice", authority="manager")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        yield launched
        launched.close()


@pytest.fixture
def context(browser: Browser, server: Server) -> Iterator[BrowserContext]:
    opened = browser.new_context(base_url=server.url)
    opened.set_default_timeout(15_000)
    yield opened
    opened.close()


def logged_in(context: BrowserContext, key: str) -> Page:
    context.clear_cookies()
    page = context.new_page()
    page.goto("/ui/")
    expect(page).to_have_url(re.compile(r"/ui/login$"))
    page.fill("#key", key)
    page.click("button[type=submit]")
    expect(page).to_have_url(re.compile(r"/ui/$"))
    return page


def post(page: Page, path: str, form: dict[str, str], **headers: str) -> Any:
    """A form POST from the page's browser context, with its cookie."""
    return page.request.post(path, form=form, headers=headers or None, max_redirects=0)


def test_login_with_a_good_key_sets_a_guarded_cookie(context: BrowserContext, keys: Keys) -> None:
    page = logged_in(context, keys.agent)
    expect(page.locator("#who")).to_contain_text("alice in acme")
    expect(page.locator("#identity")).to_contain_text("manager")
    (cookie,) = context.cookies()
    assert cookie["name"] == COOKIE
    assert cookie["httpOnly"] is True
    assert cookie["sameSite"] == "Strict"
    assert cookie["path"] == "/ui"
    assert page.evaluate("document.cookie") == ""  # no script can read it
    page.click("text=Log out")
    expect(page).to_have_url(re.compile(r"/ui/login$"))
    assert context.cookies() == []
    page.goto("/ui/")
    expect(page).to_have_url(re.compile(r"/ui/login$"))


def test_a_bad_key_is_refused(context: BrowserContext, keys: Keys, engine: Engine) -> None:
    page = context.new_page()
    page.goto("/ui/login")
    for wrong in ("sk_0123456789abcdef_nope", keys.agent + "x", "<b>hello</b>"):
        page.fill("#key", wrong)
        with page.expect_response(re.compile(r"/ui/login$")) as answer:
            page.click("button[type=submit]")
        assert answer.value.status == 401
        expect(page.locator(".error")).to_have_text("That key is unknown or revoked.")
        assert context.cookies() == []
    # a revoked key's cookie stops working at the next page
    page = logged_in(context, keys.user)
    holder = authenticate(engine.store, keys.user)
    revoke_key(engine.store, "acme", holder.key_id)
    page.goto("/ui/review")
    expect(page).to_have_url(re.compile(r"/ui/login$"))
    assert context.cookies() == []


def test_the_bearer_header_works_too(browser: Browser, server: Server, keys: Keys) -> None:
    opened = browser.new_context(
        base_url=server.url, extra_http_headers={"Authorization": f"Bearer {keys.agent}"}
    )
    try:
        page = opened.new_page()
        assert page.goto("/ui/") is not None
        expect(page).to_have_url(re.compile(r"/ui/$"))
        expect(page.locator("#who")).to_contain_text("alice in acme")
    finally:
        opened.close()
    unauthorized = browser.new_context(
        base_url=server.url, extra_http_headers={"Authorization": "Bearer sk_wrong"}
    )
    try:
        answer = unauthorized.new_page().goto("/ui/")
        assert answer is not None and answer.status == 401
    finally:
        unauthorized.close()


def test_the_four_layers(context: BrowserContext, keys: Keys, engine: Engine) -> None:
    alice = engine.session(ALICE)
    alice.observe("alice", "My shipping address is 123 Main St.")
    alice.write(
        "budget_cap",
        "5000 USD",
        is_constraint=True,
        constraint_type="budget",
        required_authority="manager",
        ttl=timedelta(hours=2),
        scope="task",
    )
    base = alice.write("base_rate", "120 USD")
    alice.write("quote", "1200 USD", depends_on=[base.id])
    alice.write("base_rate", "150 USD")  # the quote now needs review
    alice.remember("draft_reply", "Thanks, shipping Monday", ttl=timedelta(minutes=30))
    page = logged_in(context, keys.agent)

    identity = page.locator("#identity")
    expect(identity).to_contain_text("alice (id alice)")
    expect(identity).to_contain_text("acme")
    expect(identity).to_contain_text("agent")

    facts = page.locator("#facts")
    cap = facts.locator("tr.fact", has_text="budget_cap")
    expect(cap).to_contain_text("5000 USD")
    for badge in ("task: default", "constraint (budget)", "requires manager", "expires in 2 h"):
        expect(cap.locator(".badge", has_text=badge)).to_have_count(1)
    expect(facts.locator("tr.fact", has_text="quote").locator(".badge.review")).to_have_text(
        "needs review"
    )
    expect(facts.locator("tr.fact", has_text="shipping_address")).to_contain_text("123 Main St")
    expect(facts).not_to_contain_text("120 USD")  # dead values are not live facts

    working = page.locator("#working-set")
    expect(working.locator(".turns li")).to_have_text(
        [re.compile("alice .*My shipping address is 123 Main St.")]
    )
    expect(working).to_contain_text("draft_reply")
    expect(working).to_contain_text("Thanks, shipping Monday")
    expect(page.locator("#environment")).to_contain_text("2026-03-02 09:00:00 UTC")

    # a user key sees its own layers, and no other user's memory
    bob = logged_in(context, keys.user)
    expect(bob.locator("#identity")).to_contain_text("bob (id bob)")
    expect(bob.locator("#facts")).to_contain_text("No live facts")
    expect(bob.locator("#working-set")).to_contain_text("No recent turns")


def test_the_chain_timeline(context: BrowserContext, keys: Keys, engine: Engine) -> None:
    alice = engine.session(ALICE)
    first = alice.write("address", "123 Main St")
    second = alice.write("address", "456 Oak Ave", supersedes="address")
    page = logged_in(context, keys.agent)
    page.click("a.key:text-is('address')")
    expect(page).to_have_url(re.compile(r"/ui/keys/address$"))
    old, new = page.locator("li.version").all()
    expect(old).to_have_class(re.compile("ended"))
    expect(old.locator(".value")).to_have_text("123 Main St")
    expect(old).to_contain_text("by alice with authority manager")
    expect(old.locator(".why")).to_have_text(
        "2026-03-02 09:00:00 UTC: superseded: replaced by '456 Oak Ave'"
    )
    expect(new).to_have_class(re.compile("live"))
    expect(new.locator(".value")).to_have_text("456 Oak Ave")
    expect(new).to_contain_text(f"Replaced{first.id}")

    # forgetting leaves a tombstone in the timeline, not the value
    alice.forget(second.id)
    page.reload()
    tomb = page.locator(f"li.version[id='{second.id}']")
    expect(tomb).to_have_class(re.compile("forgotten"))
    expect(tomb.locator(".tombstone")).to_have_text("[forgotten]")
    expect(tomb.locator(".why")).to_contain_text("forgotten")
    expect(page.locator("main")).not_to_contain_text("456 Oak Ave")

    missing = page.goto("/ui/keys/no_such_key")
    assert missing is not None and missing.status == 404


def test_the_context_preview_omits_a_dead_value(
    context: BrowserContext, keys: Keys, engine: Engine
) -> None:
    alice = engine.session(ALICE)
    alice.observe("alice", "My shipping address is 123 Main St.")
    alice.observe("alice", "Actually my shipping address is now 456 Oak Ave.")
    page = logged_in(context, keys.agent)
    page.click("text=Context preview")
    page.fill("#query", "Where should we ship the order?")
    page.fill("#budget", "400")
    page.click("text=Assemble")
    text = page.locator("pre.context")
    expect(text).to_contain_text("shipping_address: 456 Oak Ave")
    expect(text).not_to_contain_text("123 Main St")
    expect(page.locator("#omitted tr.omission", has_text="dead value redacted")).to_contain_text(
        "turn 0"
    )
    meter = page.locator("meter#tokens")
    expect(meter).to_have_attribute("max", "400")
    tokens = int(meter.get_attribute("value") or "0")
    assert 0 < tokens <= 400
    expect(page.locator("#meter .count")).to_contain_text(f"{tokens} of 400 tokens")

    page.fill("#budget", "3")  # too small for even the identity: said, not crashed
    with page.expect_response(re.compile(r"/ui/context\?")) as answer:
        page.click("text=Assemble")
    assert answer.value.status == 422
    expect(page.locator(".error")).to_contain_text("budget")


def test_conflicts_and_the_review_queue(
    context: BrowserContext, keys: Keys, engine: Engine
) -> None:
    alice = engine.session(ALICE)
    for speaker, hall in (("erin", "Hall A"), ("frank", "Hall B")):
        source = Source(speaker=speaker, authority="manager")
        alice.write("venue", hall, source=source, implicit=False)
    base = alice.write("base_rate", "120 USD")
    alice.write("quote", "1200 USD", depends_on=[base.id])
    alice.write("base_rate", "150 USD")
    page = logged_in(context, keys.agent)
    page.click("text=Conflicts & review")
    conflict = page.locator("#conflicts table.conflict")
    expect(conflict).to_have_count(1)
    expect(conflict.locator("tr.fact")).to_have_count(2)
    expect(conflict).to_contain_text("Hall A")
    expect(conflict).to_contain_text("erin")
    expect(conflict).to_contain_text("Hall B")
    expect(conflict).to_contain_text("frank")
    queue = page.locator("#queue tr.fact")
    expect(queue).to_have_count(1)
    expect(queue).to_contain_text("1200 USD")
    expect(queue).to_contain_text(base.id)


def test_forget_with_a_confirmation(
    context: BrowserContext, keys: Keys, engine: Engine, server: Server
) -> None:
    alice = engine.session(ALICE)
    alice.observe("alice", "My phone number is 555-0142.")
    (fact,) = [f for f in alice.facts() if "555-0142" in f.text]
    page = logged_in(context, keys.agent)
    page.locator("tr.fact", has_text="555-0142").locator("a.forget").click()
    expect(page).to_have_url(re.compile(rf"/ui/facts/{fact.id}/forget$"))
    expect(page.locator("dl.confirm")).to_contain_text("555-0142")
    page.click("text=Cancel")  # nothing happens without the confirmation
    expect(page.locator("#facts")).to_contain_text("555-0142")
    page.locator("tr.fact", has_text="555-0142").locator("a.forget").click()
    page.click("#confirm-forget")
    expect(page).to_have_url(re.compile(r"/ui/\?forgot="))
    expect(page.locator(".notice")).to_contain_text(fact.key)
    expect(page.locator("#facts")).not_to_contain_text("555-0142")
    expect(page.locator("#working-set")).not_to_contain_text("555-0142")  # the turn too
    with server.client(keys.agent) as rest:
        assert rest.get(f"/v1/facts/{fact.id}").json()["forgotten"] is True
    again = page.goto(f"/ui/facts/{fact.id}/forget")
    assert again is not None and again.status == 404


def test_forgetting_needs_the_csrf_token_and_this_origin(
    context: BrowserContext, keys: Keys, engine: Engine
) -> None:
    fact = engine.session(ALICE).write("pin", "4321")
    page = logged_in(context, keys.agent)
    page.goto(f"/ui/facts/{fact.id}/forget")
    token = page.locator("input[name=csrf]").first.get_attribute("value") or ""
    place = f"/ui/facts/{fact.id}/forget"
    assert post(page, place, {"task": "default"}).status == 403
    assert post(page, place, {"csrf": "0" * 64}).status == 403
    foreign = post(page, place, {"csrf": token}, origin="http://evil.example")
    assert foreign.status == 403
    assert engine.session(ALICE).get(fact.id).is_valid
    assert post(page, place, {"csrf": token}).status == 303
    assert engine.session(ALICE).get(fact.id).forgotten


def test_a_user_key_may_not_forget_shared_memory(
    context: BrowserContext, keys: Keys, engine: Engine, server: Server
) -> None:
    with server.client(keys.agent) as rest:
        shared = rest.post(
            "/v1/facts",
            json={"key": "vendor", "value": "Acme Parts", "memory_type": "organizational"},
        ).json()
    bob = engine.session(Principal(org="acme", user="bob", authority="peer"))
    own = bob.write("tshirt_size", "L")
    page = logged_in(context, keys.user)
    row = page.locator("tr.fact", has_text="Acme Parts")
    expect(row).to_have_count(1)
    expect(row.locator("a.forget")).to_have_count(0)  # not offered
    expect(page.locator("tr.fact", has_text="tshirt_size").locator("a.forget")).to_have_count(1)
    refused = page.goto(f"/ui/facts/{shared['id']}/forget")
    assert refused is not None and refused.status == 403
    expect(page.locator(".error")).to_contain_text("forget organizational or capability memory")
    page.goto(f"/ui/facts/{own.id}/forget")
    token = page.locator("input[name=csrf]").first.get_attribute("value") or ""
    assert post(page, f"/ui/facts/{shared['id']}/forget", {"csrf": token}).status == 403
    with server.client(keys.agent) as rest:
        assert rest.get(f"/v1/facts/{shared['id']}").json()["is_valid"] is True
    page.click("#confirm-forget")  # its own memory: gone
    expect(page.locator("#facts")).not_to_contain_text("tshirt_size")


def test_another_organizations_fact_is_not_reachable(
    context: BrowserContext, keys: Keys, engine: Engine
) -> None:
    secret = engine.session(ALICE).write("launch_code", "ALPHA-7")
    page = logged_in(context, keys.other)
    expect(page.locator("#who")).to_contain_text("dave in globex")
    expect(page.locator("main")).not_to_contain_text("ALPHA-7")
    for path in (
        "/ui/keys/launch_code",
        f"/ui/facts/{secret.id}/forget",
        "/ui/facts/f-00000099-deadbeef/forget",
    ):
        answer = page.goto(path)
        assert answer is not None and answer.status == 404, path
        expect(page.locator("main")).not_to_contain_text("ALPHA-7")
    page.goto("/ui/")
    token = page.locator("input[name=csrf]").first.get_attribute("value") or ""
    assert post(page, f"/ui/facts/{secret.id}/forget", {"csrf": token}).status == 404
    page.goto("/ui/context?query=What+is+the+launch+code%3F")
    expect(page.locator("pre.context")).not_to_contain_text("ALPHA-7")
    assert engine.session(ALICE).get(secret.id).is_valid


def test_markup_in_a_value_shows_as_text(
    context: BrowserContext, keys: Keys, engine: Engine
) -> None:
    payload = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">'
    alice = engine.session(ALICE)
    alice.write("note", payload)
    alice.write("<b>key</b>", "<i>also</i>")
    page = logged_in(context, keys.agent)
    pages = ["/ui/", "/ui/keys/note", "/ui/context?query=note&budget=500", "/ui/review"]
    for path in pages:
        page.goto(path)
        assert page.evaluate("window.pwned") is None, path
        assert page.locator("script").count() == 0, path
        assert page.locator("main img, main b, main i").count() == 0, path
    page.goto("/ui/")
    expect(page.locator("tr.fact", has_text="note").locator(".value")).to_have_text(payload)
    expect(page.locator("a.key", has_text="<b>key</b>")).to_have_count(1)
    page.click("a.key:text-is('<b>key</b>')")
    expect(page.locator("li.version .value")).to_have_text("<i>also</i>")
    page.goto("/ui/context?query=note&budget=500")
    expect(page.locator("pre.context")).to_contain_text(payload)
    assert page.evaluate("window.pwned") is None
