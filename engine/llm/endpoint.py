"""OpenAI-compatible chat endpoint on the user's own machine or LAN (llama-server, Ollama,
``python -m llama_cpp.server``), for users who outgrow the embedded model.

The same contract as the local backend: the request carries a JSON schema whose enums are the
options; whatever comes back is validated against them, so a server that ignores the schema still
cannot put an invented value in the log.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any

from engine.errors import ModelError
from engine.llm.backend import ChoiceRequest, SchemaRequest


class EndpointBackend:
    def __init__(self, base_url: str, *, model: str = "default", timeout_s: float = 30.0) -> None:
        base = base_url.rstrip("/")
        self.base_url = base if base.endswith("/v1") else base + "/v1"
        self.model = model
        self.timeout_s = timeout_s
        self.name = f"endpoint {self.base_url}"
        self.calls = 0
        self.load_seconds: float | None = 0.0

    def choose(self, request: ChoiceRequest) -> dict[str, str | None]:
        raw = self._complete(request.prefix, request.question, request.json_schema(), request.max_tokens)
        return request.validate(raw if isinstance(raw, dict) else {})

    def propose(self, request: SchemaRequest) -> Any:
        return self._complete(request.prefix, request.question, request.schema, request.max_tokens)

    def _complete(self, prefix: str, question: str, schema: dict[str, Any], max_tokens: int) -> Any:
        body = {
            "model": self.model,
            "messages": [
                {"role": "system", "content": prefix},
                {"role": "user", "content": question},
            ],
            "temperature": 0.0,
            "max_tokens": max_tokens,
            "response_format": {"type": "json_object", "schema": schema},
        }
        data = self._post("/chat/completions", body)
        self.calls += 1
        try:
            text = data["choices"][0]["message"]["content"] or ""
        except (KeyError, IndexError, TypeError):
            raise ModelError(f"{self.name} answered in an unexpected shape; is it OpenAI-compatible?") from None
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return None

    def _post(self, path: str, body: dict[str, Any]) -> Any:
        req = urllib.request.Request(
            self.base_url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        started = time.monotonic()
        try:
            with urllib.request.urlopen(req, timeout=self.timeout_s) as resp:
                return json.loads(resp.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode("utf-8", "replace")[:200]
            raise ModelError(f"{self.name} refused the request (HTTP {exc.code}): {detail}") from exc
        except TimeoutError as exc:
            raise ModelError(f"{self.name} took longer than {self.timeout_s:.0f} s; is it overloaded?") from exc
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError) or time.monotonic() - started >= self.timeout_s:
                raise ModelError(f"{self.name} took longer than {self.timeout_s:.0f} s; is it overloaded?") from exc
            raise ModelError(f"{self.name} cannot be reached ({exc.reason}); is the server running?") from exc
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ModelError(f"{self.name} did not answer with JSON") from exc

    def close(self) -> None:
        """Nothing to release: the server owns the model."""
