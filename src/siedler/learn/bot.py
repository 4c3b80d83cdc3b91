"""``net``: the value bot with a learned value network (``siedler train``) as its value of a position.

It decides as ``value`` does (``siedler.bots.value``: every action tried one step ahead, the rule set's
chains and trader, with ``turn=N`` the look-ahead over its own turn), each position reached valued by the
network: the seat's chance to win, from the rule set's observation of the seat's view (``siedler.envs``).
Like every bot it is handed a determinized copy (``FairBot``), and it reads nothing but ``view(seat)`` of
the positions it reaches on it: fair twice over.

``model``: ``default``, the network the rule set ships in its package (``<package>/data/value.npz``, found
through the rule set's registration, so a plugin ships its own); a path to an npz file ``siedler train``
wrote; or ``init``, a fresh untrained network from the bot's seed (training's start, a baseline).
``explore``: the share of decisions taken at random among the moves the look-ahead weighs (self-play's
exploration; 0 in play). ``samples``: above 1, each move is tried on that many determinizations of the
copy (the copy and ``samples - 1`` more, dealt from the seat's view like the first) and the move best on
average is played, so that a move with chance in it (a roll, a card drawn) is worth its outcomes' mean, not
one guess's; then the bot offers no trades and plans no turn (``turn`` is ignored).

The network is the bots' learned value too (``siedler.bots.leaves``): ``NETWORKS``, the provider siedler's
``pyproject.toml`` declares in the entry-point group ``siedler.leaves``, makes ``NetLeaf`` values, which
``mcts:model=...`` (Hard where the rule set ships a network) reads for its leaves and its look-ahead.
"""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path

import numpy as np

from siedler.bots.evaluate import evaluate
from siedler.bots.knowledge import knowledge_for
from siedler.bots.value import ValueBot, forced_or_answer, tried
from siedler.core.actions import Action
from siedler.core.errors import OptionError
from siedler.core.game import Game
from siedler.core.registry import get_ruleset
from siedler.envs.encoders import encoder_for
from siedler.envs.encoding import StateReader, Vector

from .network import Network, load

#: The file a rule set's package ships its network in, under ``data/``.
SHIPPED = "value.npz"
#: The hidden layers of a fresh network (``model=init``, and ``siedler train``'s default).
HIDDEN = (128, 64)


def configuration(game: Game) -> tuple[str, int, str]:
    """What a network is trained for: rule set, players and options (the observation's shape follows; the
    options as JSON, since some are tables)."""
    return game.ruleset, game.num_players, json.dumps(game.options, sort_keys=True, default=str)


def hand_logits(game: Game, seat: int, temperature: float) -> Vector:
    """Each seat's hand value (``siedler.bots.evaluate``, the search bots' leaf) over ``temperature``, by seat as
    ``seat`` sees them: what a network with a prior corrects. Read on the game it is given, which a bot
    holds as a determinized copy (and training makes one: ``siedler.learn.selfplay``)."""
    players = game.num_players
    values = [evaluate(game, (seat + k) % players) / temperature for k in range(players)]
    return np.asarray(values, dtype=np.float32)


def shipped_path(ruleset: str) -> Path | None:
    """The network the rule set's package ships, if it ships one."""
    package = get_ruleset(ruleset).package
    if not package:
        return None
    found = resources.files(package) / "data" / SHIPPED
    return Path(str(found)) if found.is_file() else None


class NetValue:
    """The network's value of positions of one configuration: the seat's chance to win (a finished game:
    1 won, 0 not). Checks that the network was trained for the configuration's observation."""

    def __init__(self, net: Network, game: Game) -> None:
        self.net = net
        self.encoder = encoder_for(game)
        self.reader: StateReader | None = None
        size = self.encoder.layout.size
        if net.meta.get("ruleset") != game.ruleset or net.inputs != size or net.outputs != game.num_players:
            raise OptionError(
                f"the network is trained for {net.meta.get('ruleset')} with {net.outputs} players and {net.inputs} "
                f"inputs, not for this game of {game.ruleset} with {game.num_players} players ({size} inputs)"
            )

    def start(self, game: Game, seat: int) -> None:
        """A decision on ``game``: the encoder reads its fixed parts (the board) from the seat's view, and
        its reader of the state, if it has one, serves every position the decision reaches: they are
        copies of ``game``, of its board and rules (built once a decision, not once a position: a fifth of
        a leaf's cost)."""
        self.encoder.start(game.view(seat))
        self.reader = self.encoder.reader_for(game)

    def __call__(self, game: Game, seat: int) -> float:
        if game.is_over:
            return 1.0 if game.winner == seat else 0.0
        reader = self.reader
        x = reader.observe(game, seat) if reader is not None else self.encoder.encode(game.view(seat), seat)
        prior = self.net.prior
        base = hand_logits(game, seat, prior)[np.newaxis, :] if prior else None
        return float(self.net.forward(x[np.newaxis, :], base)[0, 0])


class NetLeaf:
    """A network as the bots' learned value (``siedler.bots.leaves.Leaf``): the network ``model`` names,
    checked against each configuration it meets, valuing the positions of the decision ``start`` began.
    ``network``, when set, is the one for every configuration (self-play hands in the current network).
    ``fallback``: a configuration the network is not for is not valued (``start`` says so) rather than
    refused: the search bots' ``model=default``, which a rule set's Hard level names for any table."""

    def __init__(self, model: str = "default", seed: int = 0, fallback: bool = False) -> None:
        if model not in ("default", "init") and not Path(model).is_file():
            raise ValueError(f"model {model!r} is neither default, init nor a network file")
        self.model, self.seed, self.fallback = model, seed, fallback
        self.network: Network | None = None if model in ("default", "init") else load(model)[0]
        self.values: dict[tuple[str, int, str], NetValue] = {}
        #: The configurations it has no network for (with ``fallback``).
        self.unfit: set[tuple[str, int, str]] = set()
        self.now: NetValue | None = None

    def value_for(self, game: Game) -> NetValue:
        """The network's value for ``game``'s configuration (an ``OptionError`` if it was not trained for it)."""
        key = configuration(game)
        found = self.values.get(key)
        if found is None:
            found = self.values[key] = NetValue(self._network(game), game)
        return found

    def _network(self, game: Game) -> Network:
        if self.network is not None:
            return self.network
        if self.model == "init":
            size = encoder_for(game).layout.size
            return Network.fresh(size, game.num_players, HIDDEN, self.seed, {"ruleset": game.ruleset})
        path = shipped_path(game.ruleset)
        if path is None:
            raise OptionError(f"{game.ruleset} ships no value network (train one: siedler train --ruleset ...)")
        return load(path)[0]

    def start(self, game: Game, seat: int) -> bool:
        key = configuration(game)
        if key in self.unfit:
            return False
        try:
            self.now = self.value_for(game)
        except OptionError:
            if not self.fallback:
                raise
            self.unfit.add(key)
            return False
        self.now.start(game, seat)
        return True

    def __call__(self, game: Game, seat: int) -> float:
        assert self.now is not None, "a decision starts (start) before the network values its positions"
        return self.now(game, seat)


class Networks:
    """The provider of learned values that siedler's ``pyproject.toml`` declares for the bots (the entry
    point ``network`` of ``siedler.leaves``): the search bots' ``model=`` reads a network through it."""

    def ships(self, ruleset: str) -> bool:
        return shipped_path(ruleset) is not None

    def leaf(self, model: str, seed: int) -> NetLeaf:
        return NetLeaf(model, seed, fallback=model == "default")


NETWORKS = Networks()


class NetBot:
    """The value bot valuing by a network; see the module's docstring for ``model``, ``turn``, ``explore``."""

    def __init__(
        self, seed: int = 0, model: str = "default", turn: int = 0, explore: float = 0.0, samples: int = 1
    ) -> None:
        if turn < 0 or samples < 1 or not 0.0 <= explore <= 1.0:
            raise ValueError("turn must be 0 or more, samples 1 or more and explore between 0 and 1")
        self.leaf = NetLeaf(model, seed)
        self.explore, self.samples = explore, samples
        self.rng = random.Random(f"explore:{seed}")
        #: The value bot that decides, its value the network's.
        self.inner = ValueBot(seed, turn=turn)
        self.inner.value = self.leaf

    def decide(self, game: Game, seat: int) -> Action:
        value = self.leaf.value_for(game)  # first: a network trained for another configuration is refused at once
        settled = forced_or_answer(game, seat)
        if settled is not None:  # what the value bot would play too, without valuing anything
            return settled
        self.leaf.start(game, seat)
        if self.explore and self.rng.random() < self.explore:
            decided = knowledge_for(game).decided_kinds
            moves = [a for a in game.legal_actions() if a[0] not in decided] or list(game.legal_actions())
            return self.rng.choice(moves)
        if self.samples > 1:
            best = self._averaged(game, seat, value)
            if best is not None:
                return best
        return self.inner.decide(game, seat)

    def _averaged(self, game: Game, seat: int, value: NetValue) -> Action | None:
        """The move best on average over ``samples`` determinizations (``None``: fewer than two to weigh)."""
        play = knowledge_for(game)
        moves = [a for a in game.legal_actions() if a[0] not in play.decided_kinds]
        if len(moves) < 2:
            return None
        copies = [game, *(game.determinize(seat, self.rng) for _ in range(self.samples - 1))]
        totals = [sum(tried(c, seat, a, play.chains, value) for c in copies) for a in moves]
        return moves[totals.index(max(totals))]
