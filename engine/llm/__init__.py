"""On-device language model: catalog of installable GGUFs, installation, and backends.

Nothing outside this package calls llama.cpp; everything goes through :class:`Backend`.
"""

from engine.llm.backend import Backend, ChoiceRequest

__all__ = ["Backend", "ChoiceRequest"]
