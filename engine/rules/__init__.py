"""Rules over typed state: built-in packs, the sandboxed runner, and the alert lifecycle."""
