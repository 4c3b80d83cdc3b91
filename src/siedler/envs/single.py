"""The Gymnasium environment: one learning seat, the other seats played by bots chosen by name."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from siedler.bots import Bot, make_bot
from siedler.core.errors import IllegalAction
from siedler.core.game import Game
from siedler.core.registry import get_ruleset

from .observe import Observation, Observer, new_game
from .rewards import LOSS, check_illegal, check_reward, final_reward

#: Game seeds have 128 bits, as ``new_game`` draws them.
SEED_BYTES = 16


def bot_seed(game_seed: int, seat: int) -> int:
    """A bot's seed, one-way from the game's: its moves never give the game's seed (every card) away."""
    digest = hashlib.blake2b(f"siedler.envs bot {game_seed} {seat}".encode(), digest_size=SEED_BYTES).digest()
    return int.from_bytes(digest, "big")


def check_seat(seat: int | str, players: int) -> None:
    if seat != "random" and not (isinstance(seat, int) and 0 <= seat < players):
        raise ValueError(f"seat index is 0-{players - 1} or 'random', not {seat!r}")


def deal(
    rng: np.random.Generator, ruleset: str, options: Mapping[str, Any], seat: int | str, opponents: Sequence[str]
) -> tuple[Game, int, dict[int, Bot]]:
    """A new episode drawn from ``rng``: the game (its 128-bit seed), the learning seat (``seat``, or drawn
    if ``"random"``) and the bots of the other seats, in seat order of ``opponents`` (each seeded one-way
    from the game's). The single and the vector environment draw alike, so equal seeds give equal games."""
    game_seed = int.from_bytes(rng.bytes(SEED_BYTES), "big")
    players = len(opponents) + 1
    learner = int(rng.integers(players)) if seat == "random" else int(seat)
    others = [p for p in range(players) if p != learner]
    bots = {p: make_bot(name, bot_seed(game_seed, p)) for p, name in zip(others, opponents)}
    return new_game(ruleset, players, game_seed, options), learner, bots


def play_bots(game: Game, bots: Mapping[int, Bot], seat: int) -> None:
    """The bots' moves until ``seat`` is to act or the game is over."""
    while not game.is_over and game.to_act != seat:
        to_act = game.to_act
        assert to_act is not None
        game.apply(bots[to_act].decide(game, to_act))


class SiedlerEnv(gymnasium.Env[Observation, np.int64]):
    """``SiedlerEnv("base", opponents=["greedy"] * 3)``: the agent plays ``seat`` (a number, or
    ``"random"``: drawn at each reset), bots the others, in seat order of ``opponents``. A step is one
    action of the agent, then the bots' until the agent acts again or the game ends. Observations and the
    mask are the agent's, from its ``view``; with ``info_view=True``, ``info["view"]`` is that view. It is
    off by default: a learner reads the observation, and building the view cost two thirds of a step
    (docs/rl.md, "The view in the infos"). An illegal index ends the
    episode with the reward ``LOSS`` and says which and why in ``info["illegal"]`` (``illegal="raise"``:
    ``IllegalAction`` instead): agents without masks, and Gymnasium's ``check_env``, which plays an action
    sampled in one game after a seeded reset into another, play on. See docs/rl.md."""

    #: ``render_fps``: a move a second, as PettingZoo's classic games (the text board has no frames).
    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        ruleset: str = "base",
        opponents: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
        seat: int | str = 0,
        obs_type: str = "flat",
        reward: str = "win",
        illegal: str = "lose",
        info_view: bool = False,
        render_mode: str | None = None,
    ) -> None:
        spec = get_ruleset(ruleset)
        self.illegal, self.info_view = check_illegal(illegal), info_view
        self.opponents = list(opponents) if opponents is not None else ["random"] * (spec.min_players - 1)
        self.players = len(self.opponents) + 1
        check_seat(seat, self.players)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.ruleset, self.options, self.seat_choice = ruleset, dict(options or {}), seat
        self.reward_kind = check_reward(reward)
        self.render_mode = render_mode
        self.game: Game = new_game(ruleset, self.players, 0, self.options)
        for name in self.opponents:
            make_bot(name, 0)  # an unknown bot is refused now, not at the first reset
        self.observer = Observer(self.game, obs_type)
        #: Index <-> action <-> notation (``actions.notation[i]``, ``actions.index[action]``).
        self.actions = self.observer.actions
        self.observation_space = self.observer.observation_space
        self.action_space = self.observer.action_space
        self.seat = 0
        self.bots: dict[int, Bot] = {}
        self._mask = self.observer.no_actions
        self._legal = self.observer.no_indices
        self._lost = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.game, self.seat, self.bots = deal(
            self.np_random, self.ruleset, self.options, self.seat_choice, self.opponents
        )
        self._lost = False
        self.observer.start(self.game)
        self._play_bots()
        observation, info = self._observe()
        return observation, info

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        game = self.game
        if game.is_over or self._lost:
            raise RuntimeError("the episode is over: call reset()")
        try:
            chosen = self.observer.actions.action(game, action, self._mask)
        except IllegalAction as refusal:
            if self.illegal == "raise":
                raise
            self._lost = True
            observation, info = self._observe()
            return observation, LOSS, True, False, {**info, "illegal": str(refusal)}
        game.apply(chosen)
        self._play_bots()
        observation, info = self._observe()
        if not game.is_over:
            return observation, 0.0, False, False, info
        truncated = game.winner is None
        return observation, final_reward(game, self.seat, self.reward_kind), not truncated, truncated, info

    def _play_bots(self) -> None:
        play_bots(self.game, self.bots, self.seat)

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        # An illegal index ended the episode: no action is offered any more, as at the game's end.
        if self._lost:
            self._mask, self._legal = self.observer.no_actions.copy(), self.observer.no_indices
        else:
            self._mask, self._legal = self.observer.legal(self.game, self.seat)
        info: dict[str, Any] = {"seat": self.seat}
        if self.info_view:  # the view is built for the info only: the encoder reads the state where it can
            info["view"] = self.game.view(self.seat)
        return self.observer.observe(self.game, self.seat, self._mask), info

    def legal_indices(self) -> npt.NDArray[np.intp]:
        """The indices of the agent's legal actions now, those the mask marks, in the engine's order (a
        read-only array; empty when the episode is over): ``np.flatnonzero(action_masks())`` without
        scanning the mask, as Catanatron's ``get_valid_actions()`` gives them."""
        return self._legal

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The current mask as booleans, as ``sb3_contrib``'s ``MaskablePPO`` asks for it."""
        return self._mask.astype(bool)

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.game.render_text(self.seat)
        return None
