"""A third-party rule set (Pig, in ``tests/plugin_ruleset``) installed as a package is found through the
documented entry point and works with every tool: random play, replay, copies, states and pickling; it
brings its own words in both languages, its cost card, its how-to pages and its table layer, and gets a
working table (served page, layer, words) with no edit outside its package (the browser plays it in
``tests/e2e/test_plugin_table.py``); and what siedler's bots and environments know of it comes from its own
package too, registered with it.

The package is the walkthrough of ``docs/api.md`` ("Write your own rule set"): each file the walkthrough
shows must be exactly the package's file, so the docs cannot drift from code that works. The tests put it
on their path (``tests/conftest.py``); nothing installs it outside the tests.
"""

from __future__ import annotations

import importlib
import pickle
import random
import re
import warnings
from importlib.metadata import entry_points
from pathlib import Path

import numpy as np
import pytest

import siedler
import siedler.envs
from siedler import howto
from siedler.bots import make_bot
from siedler.bots.evaluate import evaluate
from siedler.bots.knowledge import knowledge_for
from siedler.core import i18n
from siedler.core.errors import IllegalAction
from siedler.core.i18n import SHARED, languages, package_keys
from siedler.envs.encoders import GenericEncoder, encoder_for

ROOT = Path(__file__).parents[2]
PACKAGE = ROOT / "tests" / "plugin_ruleset" / "src" / "siedler_pig"


def test_pig_is_declared_in_the_documented_group_and_discovered() -> None:
    assert "pig" in {ep.name for ep in entry_points(group="siedler.rulesets")}
    rs = siedler.get_ruleset("pig")
    assert rs.game_class.__module__ == "siedler_pig.game"
    assert "pig" in {r.name for r in siedler.rulesets()}


def test_a_random_game_of_pig_replays_copies_and_pickles() -> None:
    rng = random.Random(1)
    game = siedler.new_game("pig", players=3, seed=1, options={"target": 30})
    copies = []
    while not game.is_over:
        if game.num_actions % 5 == 0:
            copies.append((game.copy(), game.state()))
        game.apply(rng.choice(game.legal_actions()))
    assert game.winner is not None and max(game.scores()) == game.scores()[game.winner] >= 30
    assert siedler.replay(game.record()).state() == game.state()
    for twin, state in copies:
        assert twin.state() == state  # playing the original on left its copies alone
    again = pickle.loads(pickle.dumps(game))
    assert again.state() == game.state() and again.events() == game.events()
    assert game.events(lang="en")[-1]["text"].endswith(f"wins with {max(game.scores())} points")


def test_pig_refuses_with_reasons() -> None:
    game = siedler.new_game("pig", players=2, seed=2)
    assert game.why_illegal("hold") == "hold is not legal now: roll at least once first"
    assert game.why_illegal("jump") == "unknown action 'jump' in 'jump'"
    assert game.why_illegal("") == "empty action text"
    try:
        game.apply("hold")
    except IllegalAction as exc:
        assert "roll at least once" in str(exc)
    else:
        raise AssertionError("hold before any roll was accepted")


def test_the_bots_play_pig_with_its_own_knowledge() -> None:
    """The greedy bot holds at 20 (Pig's strategy, in its bot.py), the value bot values by Pig's value."""
    bot = importlib.import_module("siedler_pig.bot")
    game = siedler.new_game("pig", players=2, seed=5, options={"target": 60})
    assert knowledge_for(game).strategies == (bot.strategy,) and knowledge_for(game).value is bot.value
    greedy, holds = make_bot("greedy", seed=1), 0
    while not game.is_over:
        seat, view = game.to_act, game.view(None)
        assert seat is not None
        at_stake = view["turn_total"]
        action = greedy.decide(game, seat)
        wins = view["banked"][seat] + at_stake >= 60
        assert str(action) == ("hold" if at_stake >= bot.HOLD_AT or (at_stake and wins) else "roll")
        holds += str(action) == "hold"
        if at_stake:
            assert evaluate(game, seat) == bot.value(game, seat)
        game.apply(action)
    assert holds and max(game.scores()) >= 60
    value = make_bot("value", seed=2)
    game = siedler.new_game("pig", players=2, seed=6)
    assert value.decide(game, 0) in game.legal_actions()


def test_the_environments_observe_pig_with_its_own_encoder() -> None:
    game = siedler.new_game("pig", players=3, seed=1)
    game.apply("roll")
    encoder = encoder_for(game)
    assert type(encoder).__module__ == "siedler_pig.encoding"
    assert list(encoder.layout.fields) == ["banked", "turn"]
    view = game.view(1)
    banked = [view["banked"][(1 + i) % 3] for i in range(3)]
    current = (view["current"] - 1) % 3
    assert encoder.encode(view, 1).tolist() == [*banked, current, view["turn_total"], view["last_roll"]]
    env = siedler.envs.make("pig", obs_type="dict")
    obs, _ = env.reset(seed=3)
    assert set(obs["observation"]) == {"banked", "turn"} and obs["observation"]["banked"].shape == (2,)


def test_a_rule_set_without_an_encoder_gets_every_number_of_its_view() -> None:
    """What Pig had before it registered its encoder: the generic one, for any rule set registering none."""
    game = siedler.new_game("pig", players=2, seed=1)
    view = game.view(0)
    generic = GenericEncoder(view, 2)
    # Every number by the view's keys in order: banked (per seat), the cost card, current, last_roll, target,
    # turn_total.
    assert generic.encode(view, 0).tolist() == [0, 0, 1, 0, 0, 50, 0] and len(generic.leaves) == 7
    game.apply("roll")
    view = game.view(1)
    expected = [
        *(view["banked"][1], view["banked"][0], view["costs"]["hold"]["roll"], view["current"]),
        *(view["last_roll"], view["target"], view["turn_total"]),
    ]
    assert np.array_equal(generic.encode(view, 1), np.asarray(expected, dtype=np.float32))


def test_the_walkthrough_shows_the_package_literally() -> None:
    docs = (ROOT / "docs" / "api.md").read_text()
    section = docs.split("\n## Write your own rule set\n", 1)[1].split("\n## ", 1)[0]
    shown = re.findall(r"^`(tests/plugin_ruleset/[^`]+)`:\n\n```[a-z]*\n(.*?)^```$", section, re.M | re.S)
    assert {path for path, _ in shown} == {
        "tests/plugin_ruleset/pyproject.toml",
        "tests/plugin_ruleset/src/siedler_pig/__init__.py",
        "tests/plugin_ruleset/src/siedler_pig/game.py",
        "tests/plugin_ruleset/src/siedler_pig/locale/en.toml",
        "tests/plugin_ruleset/src/siedler_pig/layers/pig.js",
        "tests/plugin_ruleset/src/siedler_pig/bot.py",
        "tests/plugin_ruleset/src/siedler_pig/encoding.py",
    }
    for path, text in shown:
        assert text == (ROOT / path).read_text(), f"docs/api.md shows {path} differently"


def test_pig_speaks_its_own_words_in_every_language() -> None:
    game = siedler.new_game("pig", players=2, seed=5, options={"target": 10})
    while not game.is_over:
        game.apply("roll" if game.view(None)["turn_total"] < 6 else "hold")
    german = [e["text"] for e in game.events(0, lang="de")]
    assert german[0].startswith("Du würfelst") and german[-1].endswith("Punkten")  # seat 0 reads it
    assert any(line.startswith("Player 2 würfelt") for line in german)
    for lang in languages():
        own = package_keys("siedler_pig", lang)
        assert {"pig.log.roll", "pig.log_you.roll", "page.rulesets.pig.title", "page.pig.turn"} <= set(own)
        assert not any(key.startswith("pig.") for key in package_keys(SHARED, lang))  # not in siedler's catalog
    assert i18n.text("page.rulesets.pig.title", "de") == "Schweinchen"


def test_pig_has_a_cost_card_and_how_to_pages_of_its_own() -> None:
    assert siedler.new_game("pig", players=3, seed=1).view(None)["costs"] == {"hold": {"roll": 1}}
    assert "pig" in howto.rulesets()
    assert howto.page("pig", "de").startswith("# So wird gespielt: Schweinchen")
    assert howto.page("pig", "en") == (PACKAGE / "howto" / "pig.en.md").read_text(encoding="utf-8")


def test_pig_gets_a_working_table_from_its_package_alone(tmp_path: Path) -> None:
    server = pytest.importorskip("siedler.server")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # starlette prefers httpx2 for its test client; httpx works
        from fastapi.testclient import TestClient

    database = f"sqlite:///{tmp_path / 'games.db'}"  # a file: the server's threads share it
    settings = server.Settings(database_url=database, bot_delay=0.0, allowed_hosts=("testserver",))
    with TestClient(server.create_app(settings)) as client:
        listed = {r["name"]: r for r in client.get("/api/rulesets").json()}
        assert listed["pig"]["layers"] == ["pig.js", "pig.css"]
        words = client.get("/api/words").json()
        assert words["de"]["rulesets.pig.title"] == "Schweinchen" and words["en"]["pieces.hold"]
        for name in ("pig.js", "pig.css"):
            layer = client.get(f"/layers/pig/{name}")
            assert layer.status_code == 200 and layer.content == (PACKAGE / "layers" / name).read_bytes()
        assert client.get("/layers/pig/game.py").status_code == 404
        page = client.get("/howto/pig?lang=de")
        assert page.status_code == 200 and "<h1>So wird gespielt: Schweinchen</h1>" in page.text
        created = client.post("/api/games", json={"ruleset": "pig", "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert created.status_code == 201, created.text
        game = created.json()["game"]["id"]
        assert client.get(f"/games/{game}").status_code == 200  # the table's page
    # No file of siedler's own names the plugin: its words, pages, layer and rules are all in its package.
    for path in (ROOT / "src" / "siedler").rglob("*"):
        if path.suffix in (".py", ".js", ".css", ".toml", ".md", ".html"):
            assert not re.search(r"siedler_pig|[\"']pig[\"']", path.read_text(encoding="utf-8")), path
