"""Reading notation never fails with anything but ``IllegalAction`` (issue 39, finding 7).

``settle ²`` answered 500: ``str.isdigit`` accepts superscripts, circled and other non-ASCII digits, and
``int`` then raised ``ValueError``. Numbers in notation are ASCII digits (``siedler.core.actions.digits``).
"""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from siedler.core.actions import digits
from siedler.core.errors import IllegalAction

from .combos import CONFIGURATIONS, IDS, play, start

#: Characters Python calls digits (or decimal) that are not ASCII: ``int`` refuses the first row.
ODD_DIGITS = "²³¹⁰⁴①②⑩⓪❶➀٣۷߂३০੧૪୫௬౭೮൯๑໒༣၄႕០᠑０"


def test_only_ascii_digits_are_digits() -> None:
    assert digits("0") and digits("12") and digits("0123456789")
    for word in ("", "-1", "1.5", " 1", "²", "¹²", "①", "٣", "１２", "1²"):
        assert not digits(word), word


WORDS = st.text(alphabet=ODD_DIGITS + "0123456789-@>+ ", min_size=1, max_size=8)


@pytest.mark.parametrize(("ruleset", "options"), [(c[1], c[2]) for c in CONFIGURATIONS], ids=IDS)
def test_notation_with_any_digits_is_read_or_refused_as_illegal(ruleset: str, options: dict[str, object]) -> None:
    game = start(ruleset, options, seed=3)
    play(game, random.Random(3), 30)
    kinds = sorted({kind.name for action in game.legal_actions() for kind in type(action).KINDS})

    @settings(max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(kind=st.sampled_from(kinds), words=st.lists(WORDS, min_size=1, max_size=3))
    def read(kind: str, words: list[str]) -> None:
        text = " ".join([kind, *words])
        with contextlib.suppress(IllegalAction):  # anything else (ValueError: the 500) fails the test
            game.parse_action(text)

    read()
    for odd in ("²", "³", "¹²", "①"):
        with pytest.raises(IllegalAction):
            game.parse_action(f"settle {odd}")
