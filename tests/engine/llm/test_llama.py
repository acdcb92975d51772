from pathlib import Path

import pytest

from engine.errors import ModelError
from engine.llm.backend import ChoiceRequest
from engine.llm.catalog import DEFAULT_MODEL, find
from engine.llm.install import installed_path
from engine.llm.llama import LlamaBackend, check_gguf


@pytest.mark.parametrize(
    ("content", "message"),
    [(None, "does not exist"), (b"", "bad header"), (b"PK\x03\x04" + b"x" * 100, "bad header"), (b"GGUF\x03\x00\x00\x00", "truncated")],
)
def test_broken_model_files_are_refused_clearly(tmp_path: Path, content: bytes | None, message: str) -> None:
    path = tmp_path / "m.gguf"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ModelError, match=message):
        check_gguf(path)


def test_truncated_gguf_fails_at_load_with_model_error(tmp_path: Path) -> None:
    real = installed_path(find(DEFAULT_MODEL))
    if not real.is_file():
        pytest.fail("the default model is not installed; run `make install`")
    broken = tmp_path / "half.gguf"
    with open(real, "rb") as src:
        broken.write_bytes(src.read(3 << 20))
    backend = LlamaBackend(broken)
    with pytest.raises(ModelError, match="could not load"):
        backend.choose(ChoiceRequest("Pick.", "Pick one.", {"x": ("a", "b")}))


def test_request_validation_never_lets_an_invented_value_through() -> None:
    req = ChoiceRequest("p", "q", {"date": ("2025-03-05", "2025-02-20")}, defaults={"date": "2025-02-20"})
    assert req.validate({"date": "2025-03-06"}) == {"date": "2025-02-20"}
    assert req.validate({"date": "2025-03-05"}) == {"date": "2025-03-05"}
    assert req.validate("garbage") == {"date": "2025-02-20"}  # type: ignore[arg-type]
    assert req.json_schema()["properties"]["date"]["enum"] == ["2025-03-05", "2025-02-20", None]


@pytest.mark.model
def test_real_model_picks_among_the_options_only() -> None:
    backend = LlamaBackend(installed_path(find(DEFAULT_MODEL)))
    try:
        req = ChoiceRequest(
            "You classify a sentence. Answer with JSON choosing one of the options.",
            "Sentence: 'I am allergic to penicillin.' Which kind of fact is it?",
            {"frame": ("Allergy", "Trip", "Medication")},
        )
        assert backend.choose(req)["frame"] in {"Allergy", "Trip", "Medication", None}
        assert backend.calls == 1 and backend.load_seconds is not None
    finally:
        backend.close()
