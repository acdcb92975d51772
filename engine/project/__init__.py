"""The user project on disk: rendering from typed state, validation in the sandbox, atomic swap."""
