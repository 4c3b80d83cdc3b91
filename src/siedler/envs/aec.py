"""The PettingZoo AEC environment: every seat an agent (``player_0``...), acting whenever the game says
(a discard on a 7, an answer to a trade offer: not only in turn order)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from siedler.core.errors import IllegalAction
from siedler.core.game import Game
from siedler.core.registry import get_ruleset

from .observe import Observation, Observer, new_game
from .rewards import LOSS, check_illegal, check_reward, final_reward
from .single import SEED_BYTES


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class raw_env(AECEnv[str, Observation, int]):  # type: ignore[misc]  # PettingZoo ships no types
    """``raw_env("base", players=4)``: every seat of a game of ``ruleset`` (with ``options``) an agent.
    Observations are each seat's own, from its ``view``; with ``info_view=True``, ``infos[agent]["view"]``
    is the view of the agent to act (off by default, as in ``SiedlerEnv``). An illegal index ends the
    episode as in PettingZoo's classic games: the agent that played it loses (reward ``LOSS``, the others
    0), every agent is terminated, and its info says which index and why in ``"illegal"``
    (``illegal="raise"``: ``IllegalAction`` instead, nothing changed). See docs/rl.md."""

    #: ``render_fps``: a move a second, as PettingZoo's classic games (the text board has no frames).
    metadata = {"render_modes": ["ansi"], "render_fps": 1, "name": "siedler_v0", "is_parallelizable": False}

    def __init__(
        self,
        ruleset: str = "base",
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        obs_type: str = "flat",
        reward: str = "win",
        illegal: str = "lose",
        info_view: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        spec = get_ruleset(ruleset)
        self.players = players if players is not None else spec.min_players
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.ruleset, self.options, self.render_mode = ruleset, dict(options or {}), render_mode
        self.reward_kind = check_reward(reward)
        self.illegal = check_illegal(illegal)
        #: ``False``: no view in the infos (building it is most of a step; the observation needs none).
        self.info_view = info_view
        #: An illegal index ended the episode (the game is as it was, but no seat acts any more).
        self._lost = False
        self.game: Game = new_game(ruleset, self.players, 0, self.options)
        self.observer = Observer(self.game, obs_type)
        #: Index <-> action <-> notation (``actions.notation[i]``, ``actions.index[action]``).
        self.actions = self.observer.actions
        self.possible_agents = [agent_name(p) for p in range(self.players)]
        self.seat_of = {agent_name(p): p for p in range(self.players)}
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observer.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.observer.action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game = new_game(
            self.ruleset, self.players, int.from_bytes(self._rng.bytes(SEED_BYTES), "big"), self.options
        )
        self.observer.start(self.game)
        self._lost = False
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        """The agent to act is the game's; its info holds its view."""
        seat = self.game.to_act
        assert seat is not None
        self.agent_selection = agent_name(seat)
        self.infos = {a: {} for a in self.agents}
        if self.info_view:
            self.infos[self.agent_selection] = {"view": self.game.view(seat)}

    def observe(self, agent: str) -> Observation:
        seat = self.seat_of[agent]
        mask = self.observer.no_actions.copy() if self._lost else self.observer.mask(self.game, seat)
        return self.observer.observe(self.game, seat, mask)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        seat = self.seat_of[agent]
        try:
            chosen = self.observer.actions.action(game, action, self.observer.mask(game, seat))
        except IllegalAction as refusal:
            if self.illegal == "raise":
                raise
            self._lose(agent, str(refusal))
            return
        game.apply(chosen)
        self._cumulative_rewards[agent] = 0.0
        if game.is_over:
            truncated = game.winner is None
            for a in self.agents:
                self.rewards[a] = final_reward(game, self.seat_of[a], self.reward_kind)
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
            self.infos = {a: {} for a in self.agents}
        else:
            self._select()
        self._accumulate_rewards()

    def _lose(self, agent: str, why: str) -> None:
        """``agent`` played an illegal index: it loses, the others get 0, every agent is done."""
        self._lost = True
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: LOSS if a == agent else 0.0 for a in self.agents}
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {a: {} for a in self.agents}
        self.infos[agent] = {"illegal": why}
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.game.render_text(None)
        return None

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """PettingZoo's convention: the raw environment, wrapped to enforce the order of calls."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
