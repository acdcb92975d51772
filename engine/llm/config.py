"""Which model backend a profile uses: the embedded default, a GGUF file, an OpenAI-compatible
endpoint (``http://host:port/v1``), or turned off.

Stored in the profile's settings as ``model``; ``UAC_MODEL`` overrides it (a path, a catalog name,
an endpoint URL, or ``off`` for detectors-only extraction).
"""

from __future__ import annotations

import os
from pathlib import Path

from engine.errors import ModelError
from engine.llm.backend import Backend
from engine.llm.catalog import CATALOG, DEFAULT_MODEL, find
from engine.llm.install import installed_path
from engine.profile import Profile


def configured_model(profile: Profile) -> str:
    """The model spec in force: a catalog name, a path to a GGUF file, or ``off``."""
    return os.environ.get("UAC_MODEL") or str(profile.settings().get("model") or DEFAULT_MODEL)


def resolve_path(spec: str) -> Path | None:
    """The GGUF path a spec points at; None for ``off``."""
    if spec == "off":
        return None
    entry = find(spec)
    if entry is not None:
        path = installed_path(entry)
        if not path.is_file():
            raise ModelError(f"model {spec} is not installed; run `uac model install {spec}` (or `make install`)")
        return path
    path = Path(spec).expanduser()
    if not path.exists():
        names = ", ".join(m.name for m in CATALOG)
        raise ModelError(f"model {spec!r} is neither a file nor a catalog model ({names})")
    return path


def is_endpoint(spec: str) -> bool:
    return spec.startswith(("http://", "https://"))


def open_backend(profile: Profile) -> Backend | None:
    from engine.llm.llama import LlamaBackend

    spec = configured_model(profile)
    if is_endpoint(spec):
        from engine.llm.endpoint import EndpointBackend

        return EndpointBackend(spec)
    path = resolve_path(spec)
    return None if path is None else LlamaBackend(path)
