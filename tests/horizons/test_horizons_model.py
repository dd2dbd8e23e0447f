"""The dataclasses match the specification, and their JSON comes back exactly equal."""

from __future__ import annotations

from dataclasses import MISSING, fields
from datetime import UTC, datetime, timedelta, timezone

from statekeeper.horizons import (
    ExecutionState,
    State,
    UserProfile,
    Workspace,
    profile_from_json,
    profile_to_json,
    render_workspace,
    workspace_from_json,
    workspace_to_json,
)


def spec_fields(cls: type) -> list[tuple[str, str, object]]:
    """(name, annotation, default) with default factories called."""
    out = []
    for f in fields(cls):
        if f.default is not MISSING:
            default = f.default
        elif f.default_factory is not MISSING:
            default = type(f.default_factory())
        else:
            default = MISSING
        out.append((f.name, str(f.type).replace(" ", ""), default))
    return out


def test_user_profile_matches_the_specification() -> None:
    assert spec_fields(UserProfile) == [
        ("user_id", "str", MISSING),
        ("preferences", "dict[str,Any]", dict),
        ("goals", "list[str]", list),
        ("expertise_areas", "list[str]", list),
        ("communication_style", "str", ""),
        ("projects", "dict[str,str]", dict),
        ("created_at", "datetime", datetime),
        ("last_updated", "datetime", datetime),
    ]


def test_workspace_matches_the_specification() -> None:
    assert spec_fields(Workspace) == [
        ("objective", "str", ""),
        ("assessment", "str", ""),
        ("approach", "str", ""),
        ("observations", "list[str]", list),
        ("insights", "list[str]", list),
        ("facts", "dict[str,Any]", dict),
        ("thoughts", "list[dict[str,Any]]", list),
    ]


def test_execution_state_matches_the_specification() -> None:
    assert spec_fields(ExecutionState) == [
        ("iteration", "int", 0),
        ("max_iterations", "int", 10),
        ("mode", "str", "adapt"),
        ("stop_reason", "str|None", None),
        ("messages", "list[dict[str,Any]]", list),
        ("response", "str|None", None),
        ("pending_calls", "list[dict[str,Any]]", list),
        ("completed_calls", "list[dict[str,Any]]", list),
        ("iterations_without_tools", "int", 0),
    ]


def test_state_keeps_the_spec_fields_first_and_adds_org_and_store_by_keyword() -> None:
    extra = {"org", "store", "authority", "_profile_saved"}
    spec = [(n, a, d) for n, a, d in spec_fields(State) if n not in extra]
    assert spec == [
        ("query", "str", MISSING),
        ("user_id", "str", "default"),
        ("task_id", "str", str),
        ("profile", "UserProfile|None", None),
        ("workspace", "Workspace|None", None),
        ("execution", "ExecutionState|None", None),
    ]
    state = State("q", "alice", "t1")
    assert (state.query, state.user_id, state.task_id, state.org) == ("q", "alice", "t1", "default")
    assert State("q").task_id != State("q").task_id
    assert State("q", org="acme").org == "acme"
    assert State("q").authority == "peer" and State("q", authority="manager").authority == "manager"


def test_profile_json_round_trips_exactly() -> None:
    profiles = [
        UserProfile(user_id="alice"),
        UserProfile(
            user_id="bøb",
            preferences={"tone": "dry", "limits": {"words": 300, "ratio": 0.1}, "x": [None, True]},
            goals=["ship v1", "ünïcode ✓"],
            expertise_areas=["sql"],
            communication_style="terse",
            projects={"p1": "statekeeper"},
            created_at=datetime(2024, 2, 29, 23, 59, 59, 123456, tzinfo=UTC),
            last_updated=datetime(2025, 1, 1, 8, 0, tzinfo=timezone(timedelta(hours=-5))),
        ),
    ]
    for profile in profiles:
        back = profile_from_json(profile_to_json(profile))
        assert back == profile
        assert back.created_at.tzinfo == profile.created_at.tzinfo
        assert profile_to_json(back) == profile_to_json(profile)


def test_workspace_json_round_trips_exactly() -> None:
    workspace = Workspace(
        objective="analyze codebase",
        assessment="mid-size",
        approach="top-down",
        observations=["a", "b\nc"],
        insights=["tests are slow"],
        facts={"db": "postgres", "count": 3, "ratio": 1e-9, "nested": {"k": [1, 2.5, None]}},
        thoughts=[{"step": 1, "text": "look at store"}, {}],
    )
    assert workspace_from_json(workspace_to_json(workspace)) == workspace
    assert workspace_from_json(workspace_to_json(Workspace())) == Workspace()


def test_render_workspace_shows_every_part_and_omits_empty_ones() -> None:
    assert render_workspace(Workspace()) == ""
    text = render_workspace(
        Workspace(
            objective="plan Q4",
            approach="review\nlast year",
            observations=["budget cut"],
            insights=["start early"],
            facts={"budget": 5000},
            thoughts=[{"idea": "ask finance"}],
        )
    )
    assert text.splitlines() == [
        "Objective: plan Q4",
        "Approach: review last year",
        "Observations:",
        "- budget cut",
        "Insights:",
        "- start early",
        "Facts:",
        "- budget: 5000",
        "Thoughts:",
        '- {"idea": "ask finance"}',
    ]
