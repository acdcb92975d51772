"""One exception hierarchy; every message tells the user what happened and what to do."""


class UacError(Exception):
    """Base of every error the engine raises on purpose. The CLI prints it as one line."""

    exit_code = 1


class InputError(UacError):
    """The user gave something we cannot use (a malformed transcript, a bad date, a bad flag)."""


class LogError(UacError):
    """The log database cannot be opened or written (locked, corrupt, read-only)."""


class ModelError(UacError):
    """The language model is missing, broken, or too slow."""


class ProjectError(UacError):
    """The user project could not be rendered, validated or loaded."""


class SandboxError(UacError):
    """Code run in the sandbox crashed, looped or was refused."""


def checkpoint_failure(error: str) -> str:
    """The one line every command prints when a checkpoint fails after its facts were logged:
    the facts are kept, the project on disk is the last one that passed its tests."""
    kept = "" if "last good project stays live" in error else "; the last good project stays live"
    return f"uac: checkpoint failed, the facts are logged{kept}: {error}"
