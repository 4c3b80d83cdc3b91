"""The Fishermen in words and data: action labels, the log, refusals and the view (tokens face down)."""

from __future__ import annotations

from typing import Any

from siedler.core.actions import Action
from siedler.core.i18n import Voice, in_every_language, text
from siedler.games.catan.snapshot import _named
from siedler.games.catan.state import MAIN, CatanState
from siedler.games.catan.words import resource_names

from .actions import FISH_KINDS, FishAction
from .data import RULES
from .snapshot import FishermenSnapshot
from .state import VALUES
from .tokens import token_values, tokens_text
from .words import describe_fish, fish_label, fish_text


class FishermenView(FishermenSnapshot):
    def action_label(self, game: CatanState, action: Action, lang: str) -> str | None:
        if action[0] == "fish":
            return fish_label("fish", action[1], action[2], action[3], lang, game.players)
        if action[0] == "boot":
            return fish_label("boot", "", action[1], (0, 0, 0), lang, game.players)
        return None

    def field_words(self, game: CatanState, action: Action, name: str, index: int, lang: str) -> str | None:
        """Fish handed in, in the order the table composes it: what for, from whom or which resource (nothing
        to choose for the other uses), which tokens."""
        if action[0] != "fish":
            return None
        use, arg = action[1], action[2]
        if name == "use":
            return text(f"fishermen.goal.{use}", lang)
        if name == "arg":
            return game.players[arg] if use == "steal" else resource_names(lang)[arg] if use == "take" else ""
        if name == "tokens":
            return text("fishermen.label.tokens", lang, tokens=tokens_text(action[3]))
        return None

    def render_text(self, game: CatanState, view: dict[str, Any], lang: str) -> str | None:
        return fish_text(view, lang, game.players)

    def describe(self, game: CatanState, kind: str, data: dict[str, Any], lang: str, viewer: int | None) -> str | None:
        return describe_fish(kind, data, Voice(game.players, lang, viewer, "catan.word.nobody"))

    def explain_illegal(self, game: CatanState, action: Action) -> str | None:
        if isinstance(action, tuple) and action and action[0] in FISH_KINDS and game.phase == MAIN:
            return f"'{action}' is not legal: {self._specific_reason(game, FishAction(*action))}"
        return None

    def _specific_reason(self, game: CatanState, action: FishAction) -> str:
        kind, seat = action[0], game.current
        if kind == "boot":
            if self.boot != seat:
                return "only the holder of the old boot may pass it on"
            return "the old boot may only go to another player with as many or more victory points"
        use, tokens = action[1], action[3]
        held = self.held_tokens(seat)
        if any(tokens[i] > held[i] for i in range(3)):
            return f"you hold the fish tokens {'+'.join(map(str, token_values(held))) or 'none'}"
        if use == "robber":
            return "the robber is not on the board"
        if use == "steal":
            return "you may steal only from another player who holds resource cards"
        if use == "take":
            return "the bank has none of that resource"
        if use == "road":
            return "you have no road left or no place to build one"
        if any(game.dev_deck):
            return "you may hold no more development cards in this game"
        return "the development deck is empty"

    def view(self, game: CatanState, seat: int | None, view: dict[str, Any]) -> None:
        """The lake and the fishing grounds on the board (and as pieces, with their legend), and the tokens:
        they lie face down, so everyone sees how many each player holds, only he sees which."""
        board = view["board"]
        board["fishing_grounds"] = [
            {"sea": list(g.sea), "number": g.number, "nodes": list(g.nodes)} for g in self.fish_grounds
        ]
        board["lake"] = game.board.topology.hex_labels[self.lake] if self.lake >= 0 else None
        view["pieces"].extend(
            {"kind": "fishing_ground", "at": {"q": g.sea[0], "r": g.sea[1]}, "number": g.number}
            for g in self.fish_grounds
        )
        legend = view["legend"]
        legend["pieces"]["fishing_ground"] = {
            "shape": "hexagon",
            "color": "#7fb8e6",
            "size": 0.45,
            "label": in_every_language("fishermen.legend.fishing_ground"),
        }
        legend["terrains"]["lake"] = {"color": "#4aa3df", "label": in_every_language("fishermen.legend.lake")}
        for p, entry in enumerate(view["players"]):
            entry.update(self.player_figures(p))
        view["fish"] = self.fish_figures(game, seat)

    def player_figures(self, seat: int) -> dict[str, Any]:
        """What the view adds to a player's entry: how many tokens he holds, and whether the old boot."""
        return {"fish_tokens": sum(self.held_tokens(seat)), "old_boot": self.boot == seat}

    def fish_figures(self, game: CatanState, seat: int | None) -> dict[str, Any]:
        """The view's ``fish``: the supply, the spent tokens, the counts held, the old boot, the rules'
        figures, and the viewer's own tokens by value (the observation reads them from here too)."""
        fish: dict[str, Any] = {
            "supply": sum(self.fish_supply),
            "spent": _named(list(self.fish_spent), VALUES),
            "tokens": [sum(self.held_tokens(p)) for p in range(game.num_players)],
            "max_tokens": RULES.max_held,
            "boot": self.boot if self.boot >= 0 else None,
            "costs": dict(RULES.costs),
            "lake_numbers": list(RULES.lake_numbers),
        }
        if seat is not None:
            fish["yours"] = _named(list(self.held_tokens(seat)), VALUES)
        return fish
