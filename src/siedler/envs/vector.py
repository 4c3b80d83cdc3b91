"""The vector environment: ``num_envs`` games of one configuration stepped together in this process.

Each game is what ``SiedlerEnv`` plays (one learning seat, bots at the others, the same seeding), but the
games share one action space and write their observations and masks into one batch each: the rows of one
``(num_envs, size)`` float32 array, which the rule sets' compiled readers write themselves, and one
``(num_envs, actions)`` int8 mask, in which a step clears the previous legal indices and marks the new ones.
No per-game dict, array or info is made on a step; Gymnasium's ``SyncVectorEnv`` makes each of them and then
concatenates them. See docs/rl.md, "The vector environment".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from siedler.bots import Bot
from siedler.core.errors import IllegalAction
from siedler.core.game import Game

from .encoders import encoder_for
from .encoding import Encoder, StateReader
from .observe import Observation
from .rewards import LOSS, final_reward
from .single import SiedlerEnv, deal, play_bots

#: The autoreset modes: Gymnasium's default (an ended game is reset by the next step, which ignores its
#: action), and the same step (the reset observation returned at once, the last one in ``infos``).
AUTORESET_MODES = (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP)


#: ``SiedlerEnv``'s keywords a vector refuses: no view in the infos (they are merged key by key, and a
#: view changes shape from one position to the next), no text board.
NOT_IN_A_VECTOR = ("info_view", "render_mode")


class Slot:
    """One game of the vector: its generator, encoder (an encoder reads one game at a time), game, learning
    seat, bots, the legal indices its mask row marks, and whether it has ended (to be reset)."""

    __slots__ = ("bots", "encoder", "ended", "game", "legal", "reader", "rng", "seat")

    def __init__(self, encoder: Encoder, game: Game) -> None:
        self.encoder = encoder
        self.rng: np.random.Generator | None = None
        self.game = game
        self.seat = 0
        self.bots: dict[int, Bot] = {}
        self.legal: npt.NDArray[np.intp] = np.zeros(0, dtype=np.intp)
        self.ended = False
        #: The encoder's reader of this game where it reads the state (compiled in the compiled build),
        #: which a step asks directly; ``None``: the encoder, through the view.
        self.reader: StateReader | None = None


class SiedlerVectorEnv(VectorEnv[Observation, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``SiedlerVectorEnv("base", 8, opponents=["random"] * 2)``: 8 games of ``SiedlerEnv``'s, with its
    keywords (``options``, ``seat``, ``obs_type``, ``reward``, ``illegal``; no view in the infos), stepped
    by one call with one action index per game. ``reset(seed=s)`` seeds game ``i`` with ``s + i``, as
    ``SyncVectorEnv`` seeds its environments: the same seeds and actions give the very episodes of a
    ``SyncVectorEnv`` of ``SiedlerEnv`` (tests/envs/test_vector.py compares them). ``action_masks()``
    gives the masks as booleans, one row per game, as ``sb3_contrib``'s ``MaskablePPO`` asks for them;
    ``copy=False`` returns the batches themselves, which the next step overwrites."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        ruleset: str = "base",
        num_envs: int = 8,
        autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
        copy: bool = True,
        **settings: Any,
    ) -> None:
        """``settings``: ``SiedlerEnv``'s keywords, but for ``info_view`` and ``render_mode``."""
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs is a whole number of at least 1, not {num_envs!r}")
        mode = AutoresetMode(autoreset_mode)
        if mode not in AUTORESET_MODES:
            raise ValueError(
                f"autoreset_mode is one of {', '.join(m.value for m in AUTORESET_MODES)}, not {mode.value}"
            )
        for name in NOT_IN_A_VECTOR:
            if name in settings:
                raise ValueError(f"{name} is not a setting of the vector environment (docs/rl.md)")
        # One environment checks the keywords and makes the spaces that every game shares.
        first = SiedlerEnv(ruleset, **settings)
        self.ruleset, self.options, self.opponents = ruleset, first.options, first.opponents
        self.seat_choice, self.reward_kind, self.illegal = first.seat_choice, first.reward_kind, first.illegal
        self.copy = copy
        self.metadata = {**self.metadata, "autoreset_mode": mode}
        self.autoreset_mode = mode
        self.num_envs = num_envs
        #: Index <-> action <-> notation, as ``SiedlerEnv.actions``.
        self.actions = first.actions
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.slots = [Slot(encoder_for(first.game), first.game) for _ in range(num_envs)]
        layout = first.observer.encoder.layout
        self._obs = np.zeros((num_envs, layout.size), dtype=np.float32)
        self._masks = np.zeros((num_envs, self.actions.size), dtype=np.int8)
        #: The dict observation's fields: views of the flat batch, each ``(num_envs, *shape)``.
        self._fields = (
            None
            if first.observer.obs_type == "flat"
            else {
                name: self._obs[:, layout.offsets[name] : layout.offsets[name] + int(np.prod(shape))].reshape(
                    (num_envs, *shape)
                )
                for name, shape in layout.fields.items()
            }
        )
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)
        self._seats = np.zeros(num_envs, dtype=np.int64)
        self._every = np.ones(num_envs, dtype=np.bool_)

    @property
    def games(self) -> tuple[Game, ...]:
        """The games being played, one per row of the batches."""
        return tuple(slot.game for slot in self.slots)

    @property
    def seats(self) -> tuple[int, ...]:
        """The learning seat of each game."""
        return tuple(slot.seat for slot in self.slots)

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Every game anew (``options={"reset_mask": mask}``: those ``mask`` marks), game ``i`` seeded
        ``seed + i`` (or ``seed[i]`` from a list); without a seed, each game's generator goes on."""
        n = self.num_envs
        seeds: list[int | None]
        if seed is None or isinstance(seed, int):
            seeds = [None if seed is None else seed + i for i in range(n)]
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise ValueError(f"{len(seeds)} seeds for {n} environments")
        which = self._every if options is None or "reset_mask" not in options else options["reset_mask"]
        which = np.asarray(which, dtype=np.bool_)
        if which.shape != (n,):
            raise ValueError(f"reset_mask is {n} booleans, not of shape {which.shape}")
        for i in np.flatnonzero(which):
            self._reset(int(i), seeds[i])
        self._rewards[which] = 0.0
        self._terminations[which] = self._truncations[which] = False
        return self._observations(), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[Observation, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        """One action index per game: each game plays it and its bots reply (a game that ended on the step
        before is reset instead, under ``NEXT_STEP``, its action ignored)."""
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,):
            raise ValueError(f"one action per environment: shape ({self.num_envs},), not {chosen.shape}")
        values = chosen.tolist()
        if self.illegal == "raise":  # refused before any game moves: nothing changes
            for slot, value, mask in zip(self.slots, values, self._masks):
                if not slot.ended:
                    self.actions.action(slot.game, value, mask)
        infos: dict[str, Any] = {}
        space, obs, masks = self.actions, self._obs, self._masks
        universe, size, no_indices = space.actions, space.size, space.no_indices
        rewards, terminations, truncations = self._rewards, self._terminations, self._truncations
        rewards[:] = 0.0
        terminations[:] = truncations[:] = False
        # The loop runs once per game and step: its work is the games' (and the readers', compiled where the
        # build is); everything else is kept to local names and whole-batch writes.
        for i, slot in enumerate(self.slots):
            if slot.ended:  # NEXT_STEP: the game that ended on the last step starts anew
                self._reset(i, None)
                continue
            value, game, seat = values[i], slot.game, slot.seat
            if type(value) is int and 0 <= value < size and masks[i, value]:
                action = universe[value]
            else:
                try:
                    action = space.action(game, value, masks[i])
                except IllegalAction as refusal:  # illegal="lose": the episode ends, the game unchanged
                    self._mark(i, slot, no_indices)
                    rewards[i], terminations[i] = LOSS, True
                    infos = self._add_info(infos, {"illegal": str(refusal)}, i)
                    slot.ended = True
                    continue
            game.apply(action)
            play_bots(game, slot.bots, seat)
            if game.to_act == seat:
                indices = space.indices(game.legal_actions())
            else:
                indices = no_indices
            row = masks[i]
            if len(slot.legal):
                row[slot.legal] = 0
            row[indices] = 1
            slot.legal = indices
            reader = slot.reader
            if reader is None:
                slot.encoder.observe_into(game, seat, obs[i])
            else:
                reader.observe_into(game, seat, obs[i])
            if game.is_over:
                slot.ended = True
                truncations[i] = game.winner is None
                terminations[i] = not truncations[i]
                rewards[i] = final_reward(game, seat, self.reward_kind)
        if self.autoreset_mode == AutoresetMode.SAME_STEP:
            infos = self._reset_ended(infos)
        copy = self.copy
        return (
            self._observations(),
            rewards.copy() if copy else rewards,
            terminations.copy() if copy else terminations,
            truncations.copy() if copy else truncations,
            {**infos, **self._infos()},
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The masks as booleans, one row per game (a new array), as ``sb3_contrib`` asks for them."""
        return self._masks.astype(np.bool_)

    def legal_indices(self) -> list[npt.NDArray[np.intp]]:
        """Per game, the indices its mask row marks, in the engine's order (read-only arrays; empty for a
        game that has ended), as ``SiedlerEnv.legal_indices``."""
        return [slot.legal for slot in self.slots]

    def _reset(self, i: int, seed: int | None) -> None:
        """Game ``i`` anew, drawn from its generator (seeded with ``seed`` if given), its row observed."""
        slot = self.slots[i]
        if seed is not None or slot.rng is None:
            slot.rng, _ = seeding.np_random(seed)
        slot.game, slot.seat, slot.bots = deal(slot.rng, self.ruleset, self.options, self.seat_choice, self.opponents)
        slot.ended = False
        self._seats[i] = slot.seat
        slot.encoder.start_game(slot.game)
        slot.reader = slot.encoder.reader if slot.encoder.reads_state(slot.game) else None
        play_bots(slot.game, slot.bots, slot.seat)
        self._observe(i, slot)

    def _reset_ended(self, infos: dict[str, Any]) -> dict[str, Any]:
        """SAME_STEP: each game that ended gives its last observation and info in ``final_obs`` and
        ``final_info``, as ``SyncVectorEnv`` does, and is reset at once."""
        for i, slot in enumerate(self.slots):
            if slot.ended:
                final: dict[str, Any] = {"seat": slot.seat}
                if "_illegal" in infos and infos["_illegal"][i]:
                    final["illegal"] = infos["illegal"][i]
                infos = self._add_info(infos, {"final_obs": self._row(i), "final_info": final}, i)
                self._reset(i, None)
        return infos

    def _row(self, i: int) -> Observation:
        """Game ``i``'s observation alone, copied, as ``SiedlerEnv`` gives it."""
        observation: Any
        if self._fields is None:
            observation = self._obs[i].copy()
        else:
            observation = {name: field[i].copy() for name, field in self._fields.items()}
        return {"observation": observation, "action_mask": self._masks[i].copy()}

    def _observe(self, i: int, slot: Slot) -> None:
        """Row ``i`` of the batches: the learner's legal indices marked, its observation written."""
        game = slot.game
        legal = self.actions.indices(game.legal_actions()) if game.to_act == slot.seat else self.actions.no_indices
        self._mark(i, slot, legal)
        slot.encoder.observe_into(game, slot.seat, self._obs[i])

    def _mark(self, i: int, slot: Slot, legal: npt.NDArray[np.intp]) -> None:
        """Mask row ``i``: the previous legal indices cleared, ``legal`` marked."""
        row = self._masks[i]
        row[slot.legal] = 0
        row[legal] = 1
        slot.legal = legal

    def _observations(self) -> Observation:
        copy = self.copy
        observation: Any
        if self._fields is None:
            observation = self._obs.copy() if copy else self._obs
        else:
            observation = {name: field.copy() if copy else field for name, field in self._fields.items()}
        return {"observation": observation, "action_mask": self._masks.copy() if copy else self._masks}

    def _infos(self) -> dict[str, Any]:
        """The infos every step gives, merged as ``SyncVectorEnv`` merges ``SiedlerEnv``'s: the seats."""
        return {"seat": self._seats.copy(), "_seat": self._every.copy()}


def vector(ruleset: str = "base", num_envs: int = 8, **kwargs: Any) -> SiedlerVectorEnv:
    """``num_envs`` games of ``ruleset`` in one vector environment (``SiedlerVectorEnv``'s keywords)."""
    return SiedlerVectorEnv(ruleset, num_envs, **kwargs)


__all__ = ["AUTORESET_MODES", "SiedlerVectorEnv", "vector"]
