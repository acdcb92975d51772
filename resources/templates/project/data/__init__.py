"""Knowledge the rule packs use, kept as data (entry requirements, drug classes). Generated."""
