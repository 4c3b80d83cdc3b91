"""The hook table of ``docs/api.md`` as data: each hook, the class that declares it, and whether overrides
chain with ``super()``. ``test_hooks.py`` checks the docs and every composed game class against it."""

from __future__ import annotations

from siedler.core.game import Game
from siedler.games.catan import CatanGame

#: hook name -> (the class declaring it, whether every override calls ``super()``)
HOOKS: dict[str, tuple[type, bool]] = {
    "_setup": (Game, True),
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
    "render_text": (Game, True),
    "_finish": (Game, True),
    "_copy_into": (Game, True),
    "action_universe": (Game, True),
    "_resample_hidden": (Game, True),
    "_make_board": (CatanGame, False),
    "_initial_robber": (CatanGame, False),
    "_terrains": (CatanGame, True),
    "_founding_yield": (CatanGame, True),
    "_legal_extra": (CatanGame, True),
    "_after_production": (CatanGame, True),
    "_hand_limit": (CatanGame, True),
    "_award_changes": (CatanGame, True),
    "extra_vp": (CatanGame, True),
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

#: Chaining hooks whose ``Game`` implementation does real work: every override calls ``super()``, the rule
#: set's first one too (for the others, ``Game``'s is a placeholder that the first override replaces).
GAME_WORKS = frozenset({"_copy_into", "_finish"})
