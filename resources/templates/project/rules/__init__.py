"""Rule packs: each module has ``check(state, now) -> list[Alert]``. Generated from built-in packs."""
