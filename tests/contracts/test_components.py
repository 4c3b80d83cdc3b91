"""The component contract (docs/api.md, "Components"): an extension is a component the game holds, never a
class composed with the rule set's; each hook is declared once (``Component``, ``CatanComponent``) and the
docs' table lists exactly those; a game collects the components serving each hot hook (none for a game
without extensions), hands the components' own action kinds to them, and calls a plugin's component
written in plain Python at every hook.
"""

from __future__ import annotations

import random
import re
from typing import Any, Self

import pytest

import siedler
from siedler.core.actions import Action, ActionKind, ActionKinds
from siedler.core.component import Component
from siedler.core.options import resolve_options
from siedler.core.registry import switched_on
from siedler.games.catan.component import CatanComponent
from siedler.games.catan.state import HOT_HOOKS, CatanState

from .combos import CONFIGURATIONS, IDS, start
from .hooks import COMPONENT_HOOKS, HOT_CATAN_HOOKS
from .test_hooks import section


def _declared(base: type) -> set[str]:
    return {name for name, value in vars(base).items() if callable(value) and not name.startswith("__")} - {"copy"}


def test_the_docs_table_is_the_declaration() -> None:
    rows = dict(re.findall(r"^\| `([a-z_]+)\(.*?\| `([A-Za-z]+)` \|", section("Components"), re.M))
    assert rows == {name: owner.__name__ for name, owner in COMPONENT_HOOKS.items()}
    for owner in (Component, CatanComponent):
        assert _declared(owner) == {name for name, o in COMPONENT_HOOKS.items() if o is owner}, owner


def _defines(component: object, hook: str) -> bool:
    """Whether the component's own classes (not the declaring bases) define ``hook``."""
    return any(hook in vars(k) for k in type(component).__mro__ if k not in (CatanComponent, Component, object))


@pytest.mark.parametrize(("name", "ruleset", "options"), CONFIGURATIONS, ids=IDS)
def test_a_game_is_the_rule_sets_class_with_its_components(name: str, ruleset: str, options: dict[str, Any]) -> None:
    game = start(ruleset, options, seed=1)
    rs = siedler.get_ruleset(ruleset)
    assert type(game) is rs.game_class
    active = switched_on(rs, game.options)
    assert [type(c) for c in game.components] == [ext.component for ext in active]
    assert bool(game.components) == any(options.values())  # the options here are the extensions'
    twin = game.copy()
    assert all(a is not b and type(a) is type(b) for a, b in zip(game.components, twin.components, strict=True))
    if isinstance(game, CatanState):
        for hook, attr in HOT_CATAN_HOOKS.items():
            assert getattr(game, attr) == tuple(c for c in game.components if _defines(c, hook)), hook
            assert getattr(twin, attr) == tuple(c for c in twin.components if _defines(c, hook)), hook
    for index, component in enumerate(game.components):
        for kind in type(component)._handlers:
            assert kind not in type(game)._class_handlers
            assert game._handlers[kind].index == index  # type: ignore[attr-defined]


def test_the_hot_hooks_are_the_declared_ones() -> None:
    assert set(HOT_HOOKS) == set(HOT_CATAN_HOOKS) and all(COMPONENT_HOOKS[h] is CatanComponent for h in HOT_HOOKS)


def test_a_game_without_extensions_loops_over_nothing() -> None:
    game = start("base", {}, seed=1)
    assert game.components == () and all(getattr(game, attr) == () for attr in HOT_CATAN_HOOKS.values())
    assert game._handlers is type(game)._class_handlers


# ---------------------------------------------------------------------- a plugin's component in plain Python
class TollAction(Action):
    __slots__ = ()
    KINDS = ActionKinds(ActionKind("toll", phases=("main",)))


TOLL = TollAction("toll")


class Toll(CatanComponent):
    """A house rule as a plugin would write it: every production roll puts a coin in the roller's purse;
    three coins buy a point (``toll``), counted apart from the buildings' points."""

    purses: list[int]
    points: list[int]

    def setup(self, game: CatanState) -> None:
        self.purses = [0] * game.num_players
        self.points = [0] * game.num_players

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.purses = self.purses[:]
        new.points = self.points[:]

    def after_production(self, game: CatanState, total: int) -> None:
        self.purses[game.current] += 1

    def legal_extra(self, game: CatanState, seat: int, acts: list[Action]) -> None:
        if self.purses[seat] >= 3:
            acts.append(TOLL)

    def _do_toll(self, game: CatanState, action: Action) -> None:
        seat = game.current
        self.purses[seat] -= 3
        self.points[seat] += 1
        game._emit("toll", {"seat": seat})
        game._check_win(seat)

    def extra_vp(self, game: CatanState, seat: int) -> int:
        return self.points[seat]

    def parse_action(self, game: CatanState, text: str) -> Action | None:
        return TOLL if text.strip() == "toll" else None

    def action_universe(self, game: CatanState) -> tuple[Action, ...]:
        return (TOLL,)

    def describe(self, game: CatanState, kind: str, data: dict[str, Any], lang: str, viewer: int | None) -> str | None:
        return f"{game.players[data['seat']]} pays a toll" if kind == "toll" else None

    def action_label(self, game: CatanState, action: Action, lang: str) -> str | None:
        return "Pay the toll" if action == TOLL else None

    def view(self, game: CatanState, seat: int | None, view: dict[str, Any]) -> None:
        view["tolls"] = {"purses": list(self.purses), "points": list(self.points)}

    def export(self, game: CatanState) -> dict[str, Any]:
        return {"tolls": {"purses": list(self.purses), "points": list(self.points)}}

    def load(self, game: CatanState, data: dict[str, Any]) -> None:
        self.purses = [int(n) for n in data["tolls"]["purses"]]
        self.points = [int(n) for n in data["tolls"]["points"]]


def _toll_game(seed: int) -> CatanState:
    rs = siedler.get_ruleset("base")
    options = resolve_options(rs.all_options(), {"max_offers": 0}, "base")
    game = rs.game_class("base", ["A", "B", "C"], seed, options, True, [Toll()])
    assert isinstance(game, CatanState)
    return game


def test_a_plain_python_component_is_called_at_every_hook() -> None:
    game = _toll_game(3)
    rng = random.Random(3)
    tolls = 0
    while not game.is_over and game.num_actions < 3000:
        if game.num_actions % 50 == 0:
            before = game.state()
            twin = game.copy()
            for _ in range(30):
                if not twin.is_over:
                    twin.apply(rng.choice(twin.legal_actions()))
            assert game.state() == before  # the copy's component is its own
            reloaded = _toll_game(3)
            reloaded._load(before)
            assert reloaded.state()["game"] == before["game"] and reloaded.legal_actions() == game.legal_actions()
        legal = game.legal_actions()
        action = TOLL if TOLL in legal else rng.choice(legal)
        tolls += action == TOLL
        game.apply("toll" if action == TOLL else action)
    toll = game.components[0]
    assert isinstance(toll, Toll) and tolls == sum(toll.points) > 0
    assert game.public_points() == [game.vp[p] + toll.points[p] for p in range(3)]
    assert TOLL in game.action_universe() and game.action_label(TOLL) == "Pay the toll"
    assert any(e["text"].endswith("pays a toll") for e in game.events(0, lang="en"))
    assert game.view(1)["tolls"]["points"] == toll.points
