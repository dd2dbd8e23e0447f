from __future__ import annotations

from pathlib import Path

import pytest

from statekeeper.bench.dataset import load
from statekeeper.bench.metrics import p95
from statekeeper.bench.run import run_strategy
from statekeeper.bench.tokens import count_tokens

# (found, attainable, exposed, scored) worked out by hand in sample_timelines.py.
PINNED = {
    "transcript_replay": (8, 8, 5, 5),
    "latest_wins": (6, 8, 2, 5),
    "no_memory": (0, 8, 0, 5),
}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_engine_numbers_are_pinned_for_reference_strategies(sample_file: Path, name: str) -> None:
    report = run_strategy(name, load(sample_file).records).engine
    found, attainable, exposed, scored = PINNED[name]
    assert (report.mm_found, report.mm_attainable) == (found, attainable)
    assert (report.mnm_exposed, report.mnm_queries) == (exposed, scored)
    assert report.mm_recall == pytest.approx(found / attainable)
    assert report.mnm_exp == pytest.approx(exposed / scored)
    assert report.queries == 5


def test_per_track_numbers(sample_file: Path) -> None:
    report = run_strategy("latest_wins", load(sample_file).records).engine
    tracks = report.per_track
    assert sorted(tracks) == [
        "environmental_freshness",
        "interruption_resumption",
        "scope_leak",
        "supersession",
    ]
    assert tracks["environmental_freshness"].mnm_exp == 0.0
    assert tracks["supersession"].mnm_exp == 1.0
    assert tracks["scope_leak"].mnm_exp == 0.5
    assert tracks["scope_leak"].mm_recall == 1.0
    assert tracks["interruption_resumption"].mm_recall == 0.0
    assert tracks["scope_leak"].queries == 2


def test_undefined_ratios_are_none_not_zero(tmp_path: Path) -> None:
    from sample_timelines import HR, write_jsonl

    only_second_query = dict(HR)
    only_second_query["events"] = HR["events"][3:]
    report = run_strategy(
        "no_memory", load(write_jsonl(tmp_path / "x.jsonl", [only_second_query])).records
    ).engine
    assert report.mm_attainable == 0 and report.mm_recall is None
    assert report.mnm_exp == 0.0


def test_tokens_are_exact_cl100k_counts_of_each_context(sample_file: Path) -> None:
    run = run_strategy("transcript_replay", load(sample_file).records)
    counts = [count_tokens(qc.context) for qc in run.contexts]
    assert run.engine.tokens_mean == pytest.approx(sum(counts) / len(counts))
    assert run.engine.tokens_p95 == max(counts)
    assert count_tokens("hello world") == 2
    assert count_tokens("<|endoftext|>") > 1  # special tokens are counted as plain text


def test_context_size_orders_the_reference_strategies(sample_file: Path) -> None:
    records = load(sample_file).records
    sizes = [
        run_strategy(n, records).engine.tokens_mean
        for n in ("transcript_replay", "latest_wins", "no_memory")
    ]
    assert sizes == sorted(sizes, reverse=True)


def test_p95_is_nearest_rank() -> None:
    assert p95(list(range(1, 101))) == 95
    assert p95([7]) == 7
    assert p95([]) == 0
    assert p95([1] * 19 + [1000]) == 1


def test_ms_per_query_is_reported(sample_file: Path) -> None:
    report = run_strategy("transcript_replay", load(sample_file).records).engine
    assert 0 < report.ms_per_query < 100
