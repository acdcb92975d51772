

def test_the_city_table_is_what_its_generator_makes_from_geonames() -> None:
    from engine.extract.city_table import TABLE, build

    assert TABLE.read_text(encoding="utf-8") == build()  # regenerate: python -m engine.extract.city_table
