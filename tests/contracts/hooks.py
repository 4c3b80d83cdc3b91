"""The hook tables of ``docs/api.md`` as data: each hook of a rule set, the class that declares it, and
whether overrides chain with ``super()``; each hook of a component and the class that declares it.
``test_hooks.py`` and ``test_components.py`` check the docs and the code against them."""

from __future__ import annotations

from siedler.core.component import Component
from siedler.core.game import Game
from siedler.games.catan import CatanGame
from siedler.games.catan.component import CatanComponent

#: rule-set hook name -> (the class declaring it, whether every override calls ``super()``)
HOOKS: dict[str, tuple[type, bool]] = {
    "_setup": (Game, True),
    "_collect_hooks": (Game, True),
    "_generate_legal": (Game, False),
    "_explain_illegal": (Game, True),
    "parse_action": (Game, False),
    "scores": (Game, False),
    "game_stats": (Game, True),
    "view": (Game, False),
    "_export": (Game, False),
    "_import": (Game, False),
    "describe": (Game, True),
    "action_label": (Game, True),
    "action_target": (Game, False),
    "action_parts": (Game, False),
    "field_words": (Game, True),
    "action_warning": (Game, True),
    "render_text": (Game, True),
    "_finish": (Game, True),
    "_copy_into": (Game, True),
    "_action_universe": (Game, True),
    "_resample_hidden": (Game, True),
    "_make_board": (CatanGame, False),
    "_initial_robber": (CatanGame, False),
    "_terrains": (CatanGame, True),
    "_founding_yield": (CatanGame, True),
    "_legal_extra": (CatanGame, True),
    "_after_production": (CatanGame, True),
    "_hand_limit": (CatanGame, True),
    "_card_room": (CatanGame, False),
    "_barren": (CatanGame, False),
    "_bought": (CatanGame, False),
    "_award_changes": (CatanGame, True),
    "victory_target": (CatanGame, True),
    "_view_extra": (CatanGame, True),
    "_player_extra": (CatanGame, True),
    "_board_view": (CatanGame, True),
    "_pieces_view": (CatanGame, True),
    "_legend": (CatanGame, True),
    "_purchases": (CatanGame, False),
    "_phase_view": (CatanGame, False),
    "_export_extra": (CatanGame, True),
    "_import_extra": (CatanGame, True),
}

#: component hook name -> the class declaring it (``Component``: every family's; ``CatanComponent``: the
#: Catan family's)
COMPONENT_HOOKS: dict[str, type] = {
    "setup": Component,
    "_copy_into": Component,
    "export": Component,
    "load": Component,
    "resample_hidden": Component,
    "parse_action": Component,
    "action_universe": Component,
    "explain_illegal": Component,
    "describe": Component,
    "action_label": Component,
    "field_words": Component,
    "render_text": Component,
    "game_stats": Component,
    "view": Component,
    "terrains": CatanComponent,
    "make_board": CatanComponent,
    "initial_robber": CatanComponent,
    "after_production": CatanComponent,
    "founding_yield": CatanComponent,
    "building_changed": CatanComponent,
    "legal_extra": CatanComponent,
    "award_changes": CatanComponent,
    "extra_vp": CatanComponent,
    "extra_target": CatanComponent,
}

#: The Catan hooks the game collects into per-hook tuples (``CatanState._collect_hooks``): its hot paths
#: loop over the components serving them alone.
HOT_CATAN_HOOKS: dict[str, str] = {
    "after_production": "_on_production",
    "founding_yield": "_on_founding",
    "building_changed": "_on_building",
    "legal_extra": "_on_legal",
    "award_changes": "_on_award",
    "extra_vp": "_on_vp",
    "extra_target": "_on_target",
}
