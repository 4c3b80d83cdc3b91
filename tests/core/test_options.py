"""``Option.parse`` reads every kind from its command-line text, tables included."""

from __future__ import annotations

import pytest

from siedler.core.errors import OptionError
from siedler.core.options import Option, table_option

TABLE = Option("supply", {"road": 15}, "how many pieces")


def test_a_tables_json_text_is_read_as_the_table() -> None:
    assert TABLE.kind == "json"
    assert TABLE.parse('{"road": 10, "city": [1, 2]}') == {"road": 10, "city": [1, 2]}
    assert TABLE.parse({"road": 3}) == {"road": 3}, "a table given as a table is kept"


def test_empty_text_is_the_default_and_a_copy_of_it() -> None:
    for text in ("", "  "):
        value = TABLE.parse(text)
        assert value == {"road": 15}
        value["road"] = 0
    assert TABLE.default == {"road": 15}, "changing the parsed value left the default alone"


@pytest.mark.parametrize("text", ["{not json", '{"road": ', "road=3"])
def test_text_that_is_not_json_is_refused_by_name(text: str) -> None:
    with pytest.raises(OptionError, match=r"option 'supply' takes JSON, and .* is not: "):
        TABLE.parse(text)


def test_only_tables_pass_as_tables() -> None:
    assert table_option(None, "supply", "card names") == {}
    assert table_option(TABLE.parse('{"road": 1}'), "supply", "card names") == {"road": 1}
    with pytest.raises(OptionError, match="option 'supply' takes a table of card names, not \\[1, 2\\]"):
        table_option(TABLE.parse("[1, 2]"), "supply", "card names")


def test_text_options_stay_text() -> None:
    name = Option("name", "", "a label")
    assert name.parse(' {"a": 1} ') == '{"a": 1}', "only a table's text is decoded"
