"""The endpoint backend against a real llama-cpp-python server on loopback, and broken servers."""

from __future__ import annotations

import contextlib
import http.server
import json
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator

import pytest

from engine.errors import ModelError
from engine.llm.backend import ChoiceRequest
from engine.llm.catalog import DEFAULT_MODEL, find
from engine.llm.endpoint import EndpointBackend
from engine.llm.install import installed_path

REQUEST = ChoiceRequest(
    "You classify a sentence. Answer with JSON choosing one of the options.",
    "Sentence: 'I am allergic to penicillin.' Which kind of fact is it?",
    {"frame": ("Allergy", "Trip", "Medication")},
    defaults={"frame": "Trip"},
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    log_path = tmp_path_factory.mktemp("server") / "server.log"
    log = open(log_path, "wb")  # noqa: SIM115 - closed in the finally below; a pipe would fill and block the server
    model = installed_path(find(DEFAULT_MODEL))
    proc = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
         "--port", str(port), "--n_ctx", "1024", "--n_threads", "1"],
        stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 120
    try:
        while True:
            if proc.poll() is not None:
                pytest.fail(f"llama_cpp.server exited: {log_path.read_text(errors='replace')[-500:]}")
            try:
                urllib.request.urlopen(url + "/models", timeout=2).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("llama_cpp.server did not start in 120 s")
                time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


@pytest.mark.model
def test_real_server_answers_within_the_options(llama_server: str) -> None:
    backend = EndpointBackend(llama_server)
    assert backend.choose(REQUEST)["frame"] in {"Allergy", "Trip", "Medication"}
    assert backend.calls == 1


def test_unreachable_server_is_a_clear_model_error() -> None:
    with pytest.raises(ModelError, match="cannot be reached"):
        EndpointBackend(f"http://127.0.0.1:{_free_port()}").choose(REQUEST)


class _Handler(http.server.BaseHTTPRequestHandler):
    mode = "garbage"

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.mode == "slow":
            time.sleep(3)
        if self.mode == "invent":
            body = json.dumps({"choices": [{"message": {"content": json.dumps({"frame": "Hotel"})}}]}).encode()
        else:
            body = b"<html>not json</html>"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        with contextlib.suppress(BrokenPipeError):
            self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def fake_server() -> Iterator[tuple[str, type[_Handler]]]:
    handler = type("H", (_Handler,), {})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", handler
    server.shutdown()


def test_non_json_server_is_refused(fake_server) -> None:
    url, handler = fake_server
    handler.mode = "garbage"
    with pytest.raises(ModelError, match="JSON"):
        EndpointBackend(url).choose(REQUEST)


def test_slow_server_times_out(fake_server) -> None:
    url, handler = fake_server
    handler.mode = "slow"
    with pytest.raises(ModelError, match="longer than"):
        EndpointBackend(url, timeout_s=0.5).choose(REQUEST)


def test_server_that_ignores_the_schema_cannot_invent_a_value(fake_server) -> None:
    url, handler = fake_server
    handler.mode = "invent"
    assert EndpointBackend(url).choose(REQUEST) == {"frame": "Trip"}  # the default, not "Hotel"
