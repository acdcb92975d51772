"""One package per domain: ``schema.py`` (types) and ``state.py`` (records). Generated."""
