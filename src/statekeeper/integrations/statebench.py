"""StateBench adapter: drives the engine from StateBench timelines.

It follows StateBench's MemoryStrategy protocol without importing statebench, and is the
only place that knows StateBench's conventions. It translates them into first-class fields
at the edge: a `[RESTRICTED: ... VP+]` prefix becomes a required authority, a `[SCOPE: x]`
prefix a hypothetical scope, a `[DIRECTOR]` or `Name (Role):` tag the source's authority,
an `[INVALIDATED ...]` rewrite a review flag on the conclusion it names. The engine core
never sees those strings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import uuid4

from statekeeper.access import AuthorityLadder
from statekeeper.conversation.links import rank_targets
from statekeeper.engine import Engine, Session, Settings
from statekeeper.errors import StatekeeperError
from statekeeper.model import ACT_FOR_OTHERS, ConstraintType, Principal, Scope, Source, SourceType
from statekeeper.nlu.interpret import corrects

# A finer ladder than the default: StateBench tells directors, VPs, C-level and boards apart.
LADDER = AuthorityLadder(
    rungs=(
        "guest",
        "subordinate",
        "peer",
        "manager",
        "director",
        "executive",
        "c_level",
        "board",
        "policy",
    ),
    aliases={
        "unverified": "guest",
        "external": "guest",
        "customer": "guest",
        "vendor": "guest",
        "rep": "peer",
        "representative": "peer",
        "intern": "subordinate",
        "contractor": "subordinate",
        "junior": "subordinate",
        "individual": "peer",
        "employee": "peer",
        "engineer": "peer",
        "support": "peer",
        "analyst": "peer",
        "specialist": "peer",
        "user": "peer",
        "team": "peer",
        "staff": "peer",
        "lead": "manager",
        "pm": "manager",
        "supervisor": "manager",
        "senior": "manager",
        "counsel": "manager",
        "security": "manager",
        "head": "director",
        "vp": "executive",
        "svp": "executive",
        "evp": "executive",
        "president": "executive",
        "chief": "c_level",
        "ceo": "c_level",
        "cfo": "c_level",
        "cto": "c_level",
        "coo": "c_level",
        "ciso": "c_level",
        "system": "policy",
        "compliance": "policy",
        "committee": "board",
        "directors": "board",
        "suite": "c_level",
        "c": "c_level",
    },
)

_RESTRICTED = re.compile(r"^\s*\[RESTRICTED:?\s*([^\]]*)\]\s*", re.IGNORECASE)
_SCOPE = re.compile(r"^\s*\[SCOPE:\s*([^\]]+)\]\s*", re.IGNORECASE)
_INVALIDATED = re.compile(r"^\s*\[INVALIDATED\b[^\]]*\]\s*", re.IGNORECASE)
_ROLE_TAG = re.compile(r"^\s*\[([A-Z][A-Za-z_ -]{1,30})\]\s*")
_SPEAKER = re.compile(r"^\s*\[?([A-Z][\w .&'-]{0,40}?)\s*\(([^)]{1,40})\)\]?:\s*")
# A stop inside what would be a name ends a sentence, but a title's does not: "Bunkhouse
# rooms. Room 1 (ground floor):" heads a list; "Dr. Osei (IC):" is a speaker.
_SENTENCE_INSIDE = re.compile(
    r"(?<!\b[A-Z])(?<!\bDr)(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bSt)(?<!\bProf)\.\s"
)
_REQUIRED_LEVEL = re.compile(
    r"\b(VP|C[-_ ]?level|C[-_ ]?suite|director|manager|executive|board|legal|HR)s?\s*(\+|only|and above)"
    r"|\b(?:to|for)\s+(?:the\s+)?(VP|C[-_ ]?level|C[-_ ]?suite|director|manager|executive|board)s?\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Tagged:
    """A value with StateBench's conventions taken off and turned into fields."""

    text: str
    authority: str | None = None
    speaker: str | None = None
    required_authority: str | None = None
    scope_id: str | None = None
    invalidated: bool = False


def untag(text: str) -> Tagged:
    authority = speaker = required = scope_id = None
    invalidated = False
    if match := _INVALIDATED.match(text):
        invalidated = True
        text = text[match.end() :]
    if match := _RESTRICTED.match(text):
        level = _REQUIRED_LEVEL.search(match.group(1))
        label = level and (level.group(1) or level.group(3))
        required = (_rung(label) or "executive") if label else "executive"
        text = text[match.end() :]
    if match := _SCOPE.match(text):
        scope_id = match.group(1).strip()
        text = text[match.end() :]
    if (match := _ROLE_TAG.match(text)) and (match.group(1).isupper() or _rung(match.group(1))):
        authority = _rung(match.group(1))  # [VP], [DIRECTOR], and spelled out: [Vice President]
        text = text[match.end() :]
    if (match := _SPEAKER.match(text)) and not _SENTENCE_INSIDE.search(match.group(1)):
        speaker = match.group(1).strip()
        role = match.group(2)
        authority = authority or _rung(role) or _rung(speaker)
        text = f"{speaker} ({role}): {text[match.end() :]}"  # who said it stays readable
    return Tagged(text.strip(), authority, speaker, required, scope_id, invalidated)


def _rung(label: str) -> str | None:
    return LADDER.rung(label.replace("_", " ").replace("-", " "))


@dataclass(frozen=True)
class BuiltContext:
    context: str
    tokens: int
    included: tuple[str, ...]
    omitted: tuple[str, ...]


class StateKeeperStrategy:
    """statekeeper behind StateBench's MemoryStrategy protocol."""

    name = "statekeeper"
    expects_initial_state = True

    def __init__(self, token_budget: int = 8000, url: str | None = None) -> None:
        self.token_budget = token_budget
        self.url = url
        self._engine: Engine | None = None
        self._session: Session | None = None
        self._now = datetime(2000, 1, 1)
        self._pending: list[dict[str, Any]] = []
        self._ids: dict[str, str] = {}
        self._spoken: dict[str, tuple[str | None, str | None]] = {}
        self._timeline = "timeline"

    # -- protocol -----------------------------------------------------------------------

    def reset(self) -> None:
        """Start a new timeline: a fresh organization partition of one store kept for the
        run, so no timeline can see another's state."""
        if self._engine is None:
            self._engine = Engine.open(
                self.url or ":memory:",  # a replay keeps nothing: its store lives in memory
                clock=lambda: self._now,
                ladder=LADDER,
                settings=Settings(budget=self.token_budget, recent_turns=10),
            )
        self._timeline = f"timeline-{uuid4().hex[:16]}"
        self._session = None
        self._pending = []
        self._ids = {}
        self._spoken = {}

    def initialize_from_state(self, initial_state: Any) -> None:
        initial_state = _plain_data(initial_state)
        if self._engine is None:
            self.reset()
        assert self._engine is not None
        identity = initial_state.get("identity_role") or {}
        environment = dict(initial_state.get("environment") or {})
        if environment.get("now"):
            self._now = _time(environment.pop("now"))
        principal = Principal(
            org=self._timeline,
            org_name=identity.get("organization"),
            user=_slug(identity.get("user_name") or "user"),
            authority=_rung(str(identity.get("authority") or "")) or "peer",
            name=identity.get("user_name"),
            department=identity.get("department"),
            # the replay relays every party of the timeline, each with their authority
            permissions=frozenset({ACT_FOR_OTHERS}),
        )
        self._session = self._engine.session(principal)
        for fact in initial_state.get("persistent_facts") or []:
            self._write(
                fact, fact.get("supersedes"), _time(fact.get("ts")) if fact.get("ts") else self._now
            )
        for item in initial_state.get("working_set") or []:
            self._working_item(item)
        for key, value in environment.items():
            self._signal(key, value, self._now)

    def process_event(self, event: Any) -> None:
        event = _plain_data(event)
        if event.get("type") == "query":
            return
        self._pending.append(event)

    def build_context(self, query: Any) -> BuiltContext:
        query = query if isinstance(query, str) else _plain_data(query)
        prompt = query.get("prompt", "") if isinstance(query, dict) else str(query)
        self._flush()
        session = self._require_session()
        if isinstance(query, dict) and query.get("ts"):
            self._now = max(self._now, _time(query["ts"]))
        context = session.context(prompt or "?", budget=self.token_budget)
        return BuiltContext(
            context.text,
            context.tokens,
            context.included,
            tuple(f"{o.reason}: {o.fact_id or o.detail}" for o in context.omitted),
        )

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()
            self._engine = None

    # -- events -------------------------------------------------------------------------

    def _flush(self) -> None:
        """Apply buffered events in timestamp order, in one transaction: a write stamped
        before a turn happened before it, whatever its position in the file."""
        if not self._pending:
            return
        session = self._require_session()
        with session.engine.store.write(session.principal.org):
            self._apply_pending()

    def _apply_pending(self) -> None:
        ordered = sorted(
            enumerate(self._pending),
            key=lambda p: (_time(p[1]["ts"]) if p[1].get("ts") else self._now, p[0]),
        )
        self._pending = []
        written: dict[str, list[str]] = {}
        for _, other in ordered:
            for w in other.get("writes") or []:
                written.setdefault(str(other.get("ts")), []).append(
                    _plain(untag(str(w.get("value", ""))).text)
                )
        for _, event in ordered:
            moment = _time(event["ts"]) if event.get("ts") else self._now
            self._now = max(self._now, moment)
            kind = event.get("type")
            if kind == "conversation_turn":
                self._turn(event, moment, written)
            elif kind in ("state_write", "supersession"):
                for write in event.get("writes") or []:
                    self._apply_write(write, moment)

    def _turn(self, event: dict[str, Any], moment: datetime, written: dict[str, list[str]]) -> None:
        session = self._require_session()
        tagged = untag(str(event.get("text") or ""))
        speaker = str(event.get("speaker") or "user")
        if not tagged.text:
            return
        said = _plain(untag(tagged.text.split("): ", 1)[-1]).text)
        self._spoken[said] = (tagged.speaker, tagged.authority)
        session.observe(
            speaker if tagged.speaker is None else f"{speaker} ({tagged.speaker})",
            tagged.text,
            timestamp=moment,
            authority=tagged.authority,
            assistant=speaker == "assistant",
            # a turn whose content arrives as an explicit write at the same moment is not
            # interpreted a second time
            interpret=not any(v and v in said for v in written.get(str(event.get("ts")), [])),
        )

    def _apply_write(self, write: dict[str, Any], moment: datetime) -> None:
        layer = write.get("layer", "persistent_facts")
        if layer == "environment":
            self._signal(str(write.get("key")), write.get("value"), moment)
        elif layer == "working_set":
            self._working_item({"content": f"{write.get('key')}: {write.get('value')}"})
        else:
            self._write(write, write.get("supersedes"), moment)

    def _write(self, data: dict[str, Any], supersedes: str | None, moment: datetime) -> None:
        session = self._require_session()
        tagged = untag(str(data.get("value", "")))
        source = data.get("source") or {}
        source_type = {"policy": SourceType.POLICY, "system": SourceType.SYSTEM}.get(
            str(source.get("type")), SourceType.STATE_WRITE
        )
        said_by, said_with = self._spoken.get(_plain(tagged.text), (None, None))
        speaker = tagged.speaker or said_by
        authority = (
            tagged.authority or said_with or _rung(str(source.get("authority") or "")) or "peer"
        )
        key = str(data.get("key") or "fact")
        target = self._resolve(supersedes, key) if supersedes else None
        if target is not None and _meaningless(key):
            target = self._verify(target, tagged.text, speaker)
        if tagged.invalidated and target is not None:
            session.flag_for_review(target)
            return
        scope = Scope.HYPOTHETICAL if tagged.scope_id else _scope(data.get("scope"))
        try:
            fact = session.write(
                key,
                tagged.text or "(empty)",
                supersedes=target,
                source=Source(
                    type=source_type,
                    authority=authority,
                    speaker=speaker,
                    origin=str(source.get("type") or "") or None,
                ),
                timestamp=moment,
                scope=scope,
                scope_id=tagged.scope_id,
                depends_on=[self._ids[d] for d in data.get("depends_on") or [] if d in self._ids],
                is_constraint=_flag(data.get("is_constraint")),
                constraint_type=_constraint_type(data.get("constraint_type")),
                required_authority=tagged.required_authority,
                implicit=False,
                overrule=True,
                detect=target is None,
            )
        except StatekeeperError:
            return
        original = data.get("id")
        if original and original not in self._ids:
            self._ids[original] = fact.id

    def _resolve(self, ref: str, new_key: str) -> str | None:
        """A write's `supersedes` may be a fact id, a key, or neither: then the live key most
        related to the new key is meant."""
        session = self._require_session()
        if ref in self._ids:
            return self._ids[ref]
        if session.is_current(ref):
            return ref
        live = {f.key for f in session.facts()}
        best = max(live, key=lambda k: (related(k, ref) + related(k, new_key), k), default=None)
        if best is not None and related(best, ref) + related(best, new_key) > 0:
            return best
        return None

    def _verify(self, target: str, text: str, speaker: str | None) -> str | None:
        """A pointer through a key that says nothing (fact_3) is checked against the text:
        the statement the new one most plausibly corrects wins, or none if nothing fits."""
        session = self._require_session()
        live = [f for f in session.facts() if f.source.origin != "environment"]
        hint = next((f.id for f in live if f.id == target or f.key == target), None)
        if not corrects(text):
            return None  # it builds on what was said; it replaces nothing
        ranked = rank_targets(text, speaker, live, hint)
        if not ranked or ranked[0][0] < 2:
            return None
        return ranked[0][1].id

    def _working_item(self, item: dict[str, Any]) -> None:
        session = self._require_session()
        tagged = untag(str(item.get("content") or ""))
        if not tagged.text:
            return
        key, _, value = tagged.text.partition(":")
        key, value = (key.strip(), value.strip()) if value else ("note", tagged.text)
        if tagged.scope_id:
            session.write(
                key,
                value,
                scope=Scope.HYPOTHETICAL,
                scope_id=tagged.scope_id,
                implicit=False,
                timestamp=_time(item["ts"]) if item.get("ts") else self._now,
            )
        else:
            session.remember(key, value)

    def _signal(self, key: str, value: Any, moment: datetime) -> None:
        """Environment signals are time-sensitive facts: a fresher one replaces the older."""
        if value in (None, ""):
            return
        session = self._require_session()
        session.write(
            key,
            value if isinstance(value, str) else str(value),
            source=Source(type=SourceType.SYSTEM, authority="policy", origin="environment"),
            timestamp=moment,
            detect=True,
        )

    def _require_session(self) -> Session:
        if self._session is None:
            self.initialize_from_state({})
        assert self._session is not None
        return self._session


_VERSION_WORDS = {
    "v1",
    "v2",
    "v3",
    "new",
    "old",
    "corrected",
    "updated",
    "current",
    "final",
    "revised",
    "f",
}


def related(a: str, b: str) -> float:
    """Overlap of two keys' words, version suffixes ignored."""
    words_a, words_b = _key_words(a), _key_words(b)
    if not words_a or not words_b:
        return 0.0
    return len(words_a & words_b) / len(words_a | words_b)


def _key_words(key: str) -> set[str]:
    return {
        w
        for w in re.split(r"[^a-z0-9]+", key.lower())
        if w and w not in _VERSION_WORDS and not w.isdigit()
    }


_GENERIC_KEY_WORDS = {
    "fact",
    "item",
    "note",
    "info",
    "data",
    "detail",
    "stated",
    "entry",
    "record",
    "value",
}


def _meaningless(key: str) -> bool:
    return _key_words(key) <= _GENERIC_KEY_WORDS


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def _plain_data(value: Any) -> dict[str, Any]:
    """StateBench's own harness hands over pydantic models; this adapter reads plain data."""
    if hasattr(value, "model_dump"):
        dumped: dict[str, Any] = value.model_dump(mode="json")
        return dumped
    return dict(value or {})


def _time(value: Any) -> datetime:
    moment = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    return moment.replace(tzinfo=None) if moment.tzinfo else moment


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def _scope(value: Any) -> Scope:
    try:
        return Scope(str(value)) if value else Scope.GLOBAL
    except ValueError:
        return Scope.GLOBAL


def _constraint_type(value: object) -> str | None:
    """A constraint's kind when it is one the engine knows; another ("hard", "soft") keeps
    the fact, a constraint of no named kind, rather than losing it."""
    return str(value) if str(value) in {t.value for t in ConstraintType} else None


def _flag(value: object) -> bool | None:
    """A flag the data sets, or None for the engine to decide when the data says nothing."""
    return value if isinstance(value, bool) else None
