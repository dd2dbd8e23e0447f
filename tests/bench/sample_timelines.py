"""Timelines written for these tests, in four domains, in the StateBench v1.0 format.

Each one separates the reference strategies on purpose; the expected numbers are worked out
by hand in the comments and pinned in test_engine_metrics.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

NOW = "2026-03-02T09:00:00"


def _identity(name: str, role: str, org: str) -> dict[str, Any]:
    return {
        "user_name": name,
        "authority": role,
        "department": None,
        "organization": org,
        "communication_style": None,
    }


def _fact(fid: str, key: str, value: str) -> dict[str, Any]:
    return {
        "id": fid,
        "key": key,
        "value": value,
        "source": {"type": "user", "identity": None, "authority": "peer"},
        "ts": NOW,
        "supersedes": None,
        "superseded_by": None,
        "is_valid": True,
        "scope": "global",
        "depends_on": [],
        "derived_facts": [],
        "is_constraint": False,
        "constraint_type": None,
    }


def _turn(text: str, speaker: str = "user", ts: str = NOW) -> dict[str, Any]:
    return {
        "ts": ts,
        "type": "conversation_turn",
        "speaker": speaker,
        "text": text,
        "implicit_supersession": None,
    }


def _write(
    kind: str,
    key: str,
    value: str,
    layer: str = "persistent_facts",
    supersedes: str | None = None,
    scope: str = "global",
) -> dict[str, Any]:
    return {
        "ts": NOW,
        "type": kind,
        "writes": [
            {
                "id": "W-AUTO",
                "layer": layer,
                "key": key,
                "value": value,
                "source": {"type": "user", "identity": None, "authority": "peer"},
                "scope": scope,
                "supersedes": supersedes,
                "depends_on": [],
                "is_constraint": False,
                "constraint_type": None,
            }
        ],
    }


def _query(prompt: str, decision: str, mm: list[str], mnm: list[str]) -> dict[str, Any]:
    return {
        "ts": NOW,
        "type": "query",
        "prompt": prompt,
        "ground_truth": {
            "decision": decision,
            "decision_type": "binary",
            "must_mention": mm,
            "must_not_mention": mnm,
            "allowed_sources": ["persistent_facts"],
            "reasoning": "",
            "required_facts": [],
            "forbidden_facts": [],
            "supersession_detection": None,
            "failure_severity": "high",
            "failure_category": None,
            "weights": None,
        },
    }


def _timeline(
    tid: str, domain: str, track: str, state: dict[str, Any], events: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "id": tid,
        "version": "1.0",
        "domain": domain,
        "track": track,
        "difficulty": "easy",
        "detection_mode": "explicit",
        "actors": {"user": {"id": "u1", "role": "x", "org": "y"}, "assistant_role": "AI_Agent"},
        "initial_state": state,
        "events": events,
        "metadata": None,
    }


# A surgery moved from Friday to Tuesday. Both phrases attainable; latest_wins keeps both
# keys (it ignores the supersedes pointer), so it exposes "Friday" just as replay does.
VET = _timeline(
    "T-VET-1",
    "veterinary",
    "supersession",
    {
        "identity_role": _identity("Dana", "Practice Manager", "Harbor Vets"),
        "persistent_facts": [
            _fact("F-1", "surgery_slot", "Spay surgery for Biscuit on Friday at 9am")
        ],
        "working_set": [],
        "environment": {"now": NOW},
    },
    [
        _turn("Biscuit's owner called, Friday no longer works for them"),
        _write(
            "supersession",
            "surgery_slot_moved",
            "Spay surgery for Biscuit moved to Tuesday at 2pm",
            supersedes="surgery_slot",
        ),
        _query(
            "When is Biscuit's surgery?",
            "Tuesday at 2pm",
            ["Tuesday", "2pm"],
            ["Friday", "9am", "the"],
        ),
    ],
)

# A freezer alert replaced by a repair notice. latest_wins overwrites the environment key,
# so it alone hides "offline"; "$" is inadmissible and never scored.
KITCHEN = _timeline(
    "T-KITCHEN-1",
    "hospitality",
    "environmental_freshness",
    {
        "identity_role": _identity("Marco", "Head Chef", "Trattoria Verde"),
        "persistent_facts": [],
        "working_set": [
            {
                "item_type": "task",
                "content": "Prep halibut special for dinner service",
                "ts": NOW,
                "priority": 1,
            }
        ],
        "environment": {"now": NOW, "alert": "Walk-in freezer offline since 6am"},
    },
    [
        _turn("Supplier says the halibut delivery arrives at 4pm"),
        _write(
            "state_write",
            "alert",
            "Walk-in freezer repaired at 11am, holding -18C",
            layer="environment",
        ),
        _query(
            "Can we store the halibut delivery in the walk-in?",
            "yes",
            ["repaired", "-18C"],
            ["offline", "$"],
        ),
    ],
)

# A confidential salary figure said in a turn, later written as a fact. Query 1: only
# replay shows it (latest_wins keeps no turns). Query 2: the refusal phrase was never said,
# so nothing is attainable; the figure is now a fact, so latest_wins exposes it too.
HR = _timeline(
    "T-HR-1",
    "people_ops",
    "scope_leak",
    {
        "identity_role": _identity("Priya", "Team Lead", "Northwind"),
        "persistent_facts": [_fact("F-7", "team_offsite", "Team offsite in Lisbon, May 12-14")],
        "working_set": [],
        "environment": {"now": NOW},
    },
    [
        _turn("Confidential, HR eyes only: Jonah's salary review lands at $142,000"),
        _turn("Let's plan the offsite agenda around the Lisbon trip"),
        _query(
            "Draft a note to the team about the offsite",
            "share only the offsite details",
            ["Lisbon", "May 12-14"],
            ["$142,000", "salary review"],
        ),
        _write(
            "state_write",
            "jonah_review",
            "Jonah salary review approved at $142,000",
            scope="hr_only",
        ),
        _query("What's Jonah's new salary?", "no", ["cannot share|can't share"], ["$142,000"]),
    ],
)

# A release blocked by a failed dry run, interrupted by a theme discussion. "rollback plan"
# was never said (not attainable); "neon theme" is in the prompt itself (not scored);
# "marketing" is scored. latest_wins keeps only the objective, so it recalls nothing.
RELEASE = _timeline(
    "T-RELEASE-1",
    "software",
    "interruption_resumption",
    {
        "identity_role": _identity("Kenji", "Release Manager", "Orbit Labs"),
        "persistent_facts": [],
        "working_set": [
            {
                "item_type": "objective",
                "content": "Ship v2.3 after the migration dry run passes",
                "ts": NOW,
                "priority": 1,
            }
        ],
        "environment": {"now": NOW},
    },
    [
        _turn("Dry run failed on the orders table, an index rebuild is needed"),
        _turn("Side note: marketing wants a neon theme for the launch page"),
        _turn("Noted the neon theme idea.", speaker="assistant"),
        _turn("Back to the release"),
        _query(
            "What's blocking v2.3, and is the neon theme part of it?",
            "index rebuild",
            ["index rebuild", "orders table", "rollback plan"],
            ["neon theme", "marketing"],
        ),
    ],
)

ALL = [VET, KITCHEN, HR, RELEASE]


def write_jsonl(path: Path, timelines: list[dict[str, Any]] | None = None) -> Path:
    path.write_text("".join(json.dumps(t) + "\n" for t in (timelines or ALL)), encoding="utf-8")
    return path
