"""The table says a rule set's own words, drawn from its view with its layers: Baden-Württemberg's invention
in the hand, the inventor in the status, its award fields and town halls; Soldiers & Armies' cost card of
units, walls and the nuke, and its second founding that places a city. In English and German."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import siedler
from siedler.games.catan.layout import with_layout

from .conftest import LiveServer

pytestmark = pytest.mark.browser

DRAW = """async ([view, ruleset, lang]) => {
    const i18n = await import('/static/js/i18n.js');
    i18n.setLang(lang);
    await (await import('/static/js/layers.js')).loadLayers(ruleset);
    const {renderPlayArea, renderSide} = await import('/static/js/position.js');
    const {phaseText} = await import('/static/js/panels.js');
    const {infoPanel} = await import('/static/js/info.js');
    const area = renderPlayArea(view, {}, ruleset);
    const side = renderSide(view, null);
    document.body.replaceChildren(area, side.players, side.hand || '', infoPanel(view));
    const texts = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent);
    return {phase: phaseText(view), hand: texts('#hand .card-name'), awards: texts('.players .tag.award'),
            tooltips: texts('svg .piece title'), outside: texts('.bw-label'), costs: texts('#cost-card th'),
            words: document.body.innerText + ' ' + texts('title').join(' ')};
}"""


def _played(ruleset: str, actions: int, seed: int = 3) -> Any:
    game = siedler.new_game(ruleset, players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", {"phase": "Move the inventor", "card": "Invention", "award": "Greatest inventor",
                "hall": "Town hall of ", "costs": ["Road", "Town hall", "Landmark", "Development card"],
                "never": ["Knight", "Settlement", "Largest army", "Longest road", "robber", "Monopoly"]}),
        ("de", {"phase": "Erfinder versetzen", "card": "Erfindung", "award": "Größter Erfinder",
                "hall": "Rathaus von ", "costs": ["Straße", "Rathaus", "Wahrzeichen", "Entwicklungskarte"],
                "never": ["Ritter", "Siedlung", "Größte Rittermacht", "Räuber", "Monopol"]}),
    ],
)  # fmt: skip
def test_baden_wuerttemberg_says_its_own_words(
    module_server: LiveServer, context_factory: Callable[..., Any], lang: str, words: dict[str, Any]
) -> None:
    view = _played("baden-wuerttemberg", 30).view(0)
    # The position as a person meets it: an invention in hand, the greatest inventor, the inventor to move.
    view["you"]["dev_cards"]["invention"] = 1
    view["players"][0]["greatest_inventor"] = True
    view["phase"] = "robber"
    page = context_factory().new_page()
    page.goto(module_server.url)
    page.wait_for_selector("#create-form")
    drawn = page.evaluate(DRAW, [with_layout(view), "baden-wuerttemberg", lang])
    assert drawn["phase"] == words["phase"]
    assert words["card"] in drawn["hand"]
    assert drawn["awards"] == [words["award"]]
    halls = [t for t in drawn["tooltips"] if t.startswith(words["hall"])]
    assert len(halls) >= 9  # three start town halls each, and each named a town hall
    assert words["award"] in drawn["outside"]
    assert drawn["costs"] == words["costs"]
    for leftover in words["never"]:
        assert leftover not in drawn["words"], leftover


@pytest.mark.parametrize(
    ("lang", "phase", "costs", "turned"),
    [
        ("en", "Founding: place a city",
         ["Road", "Settlement", "City", "Infantry", "Cavalry", "Artillery", "City wall", "Nuke"], "Turned upside down"),
        ("de", "Gründung: Stadt setzen",
         ["Straße", "Siedlung", "Stadt", "Infanterie", "Kavallerie", "Artillerie", "Stadtmauer", "Nuklearwaffe"],
         "Auf den Kopf gestellt"),
    ],
)  # fmt: skip
def test_soldiers_and_armies_says_its_own_words(
    module_server: LiveServer, context_factory: Callable[..., Any], lang: str, phase: str, costs: list[str], turned: str
) -> None:
    game = siedler.new_game("soldiers-and-armies", players=3, seed=3)
    while game.view(None)["phase"] != "setup_city":
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_act)
    view["pieces"][0]["turned"] = True  # a building half downgraded, as a battle leaves it
    page = context_factory().new_page()
    page.goto(module_server.url)
    page.wait_for_selector("#create-form")
    drawn = page.evaluate(DRAW, [with_layout(view), "soldiers-and-armies", lang])
    assert drawn["phase"] == phase
    assert drawn["costs"] == costs
    assert drawn["awards"] == [] and "Largest army" not in drawn["words"] and "Rittermacht" not in drawn["words"]
    assert any(
        t.endswith(turned + (" (half downgraded)" if lang == "en" else " (halb abgewertet)")) for t in drawn["tooltips"]
    )
