"""UaC engine: the Qt-free core (log, extraction, checkpoint, rules, asking)."""
