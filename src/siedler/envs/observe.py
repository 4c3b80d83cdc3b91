"""One game configuration's spaces: the action space, the encoder, and observations with their mask."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import siedler
from siedler.core.game import Game

from .actions import ActionSpace
from .encoders import encoder_for

ObsType = Literal["flat", "dict"]
OBS_TYPES = ("flat", "dict")
Observation = dict[str, Any]


def new_game(ruleset: str, players: int, seed: int, options: Mapping[str, Any] | None) -> Game:
    """A game as the environments play it: without the event log (words for people, a tenth of the time)."""
    return siedler.new_game(ruleset, players=players, seed=seed, options=dict(options or {}), log=False)


class LegalDiscrete(spaces.Discrete):
    """A ``Discrete`` space whose ``sample()`` without a mask draws a legal action: ``legal`` is the mask of
    the latest observation of the seat to act. Gymnasium's checkers and quick experiments sample the action
    space bare, and an illegal index would end the episode with a loss."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.legal = np.zeros(n, dtype=np.int8)

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None and self.legal.any():
            mask = self.legal
        return super().sample(mask=mask, probability=probability)


class Observer:
    """Observations of games of one configuration: ``{"observation": ..., "action_mask": ...}``, the
    observation a flat float32 vector (``obs_type="flat"``) or the same numbers by field (``"dict"``), every
    number a count, a flag or a value of the game, none negative."""

    def __init__(self, game: Game, obs_type: str) -> None:
        if obs_type not in OBS_TYPES:
            raise ValueError(f"obs_type is one of {', '.join(OBS_TYPES)}, not {obs_type!r}")
        self.obs_type = obs_type
        self.actions = ActionSpace(game)
        self.encoder = encoder_for(game)
        layout = self.encoder.layout
        mask = spaces.Box(0, 1, (self.actions.size,), np.int8)
        observation: spaces.Space[Any]
        if obs_type == "flat":
            observation = spaces.Box(0, np.inf, (layout.size,), np.float32)
        else:
            observation = spaces.Dict(
                {name: spaces.Box(0, np.inf, shape, np.float32) for name, shape in layout.fields.items()}
            )
        self.observation_space = spaces.Dict({"observation": observation, "action_mask": mask})
        self.action_space = LegalDiscrete(self.actions.size)
        self.no_actions = np.zeros(self.actions.size, dtype=np.int8)
        self.no_indices = self.actions.no_indices

    def start(self, game: Game) -> None:
        """A new game: the encoder reads what stays fixed (the board)."""
        self.encoder.start_game(game)

    def observe(self, game: Game, seat: int, mask: npt.NDArray[np.int8]) -> Observation:
        """``seat``'s observation of ``game`` (what its view shows, read without building the view where
        the encoder can) with ``mask``."""
        if seat == game.to_act:  # another seat's observation leaves the seat to act's mask
            self.action_space.legal = mask
        vector = self.encoder.observe(game, seat)
        observation: Any = vector if self.obs_type == "flat" else self.encoder.layout.split(vector)
        return {"observation": observation, "action_mask": mask}

    def mask(self, game: Game, seat: int) -> npt.NDArray[np.int8]:
        """The legal actions of ``seat``: none unless it is the seat to act."""
        return self.legal(game, seat)[0]

    def legal(self, game: Game, seat: int) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.intp]]:
        """The mask of ``seat`` and the indices it marks (``ActionSpace.legal``): none unless it is the seat
        to act."""
        if game.to_act != seat:
            return self.no_actions.copy(), self.no_indices
        return self.actions.legal(game.legal_actions())
