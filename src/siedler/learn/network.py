"""The value network: a small multilayer perceptron in numpy, from a seat's observation to every seat's
chance to win.

The input is the rule set's own observation of a position (``siedler.envs``: the encoder of the rule set,
from ``view(seat)`` only), each number squashed by ``log1p`` (counts and pips of any size, no statistics
to carry along); two hidden layers of ``tanh``; the output a softmax over the seats as the viewer sees
them (index 0: the viewer, 1: the next in seat order...), so the chances sum to one and the race between
the seats is the network's to see. With a ``prior`` (``meta["prior"]``, a temperature), the network learns
a correction to the hand value: its last layer adds to ``base``, each seat's hand value over the
temperature (``siedler.learn.bot.hand_logits``), so that a fresh network (its last layer zero) values
positions exactly as the search bots' hand-valued leaves do, and training starts from their strength
rather than from nothing. Trained by ``siedler.learn.train`` with Adam on soft targets (TD(λ)
returns), evaluated at run time by ``forward`` alone: numpy, no torch.

A network is one ``.npz`` file of float32 arrays and its ``meta`` (rule set, players, input size, games
trained, the recipe) as the bytes of a JSON text (numpy would store a string four bytes a character), read
without pickle.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from siedler.core.errors import OptionError

Array = npt.NDArray[np.float32]
#: The layers' weight and bias names, in order.
LAYERS = 3


class Network:
    """Weights ``W0, b0, W1, b1, W2, b2`` and what they were trained for (``meta``)."""

    def __init__(self, params: dict[str, Array], meta: dict[str, Any]) -> None:
        self.params = params
        self.meta = meta

    @classmethod
    def fresh(
        cls, inputs: int, outputs: int, hidden: tuple[int, int], seed: int, meta: dict[str, Any], prior: float = 0.0
    ) -> Network:
        """Glorot-scaled random weights from ``seed``: training's start (and a baseline of no knowledge).
        With a ``prior`` the last layer starts at zero: the hand value's chances, unchanged."""
        rng = np.random.default_rng(seed)
        sizes = (inputs, *hidden, outputs)
        params: dict[str, Array] = {}
        for i in range(LAYERS):
            scale = np.sqrt(2.0 / (sizes[i] + sizes[i + 1])) * (0.0 if prior and i == LAYERS - 1 else 1.0)
            params[f"W{i}"] = (rng.standard_normal((sizes[i], sizes[i + 1])) * scale).astype(np.float32)
            params[f"b{i}"] = np.zeros(sizes[i + 1], dtype=np.float32)
        shape = {"inputs": inputs, "outputs": outputs, "hidden": list(hidden)}
        return cls(params, {**meta, **shape, **({"prior": prior} if prior else {})})

    @property
    def inputs(self) -> int:
        return int(self.params["W0"].shape[0])

    @property
    def outputs(self) -> int:
        """The seats it predicts for: the players of the games it was trained on."""
        return int(self.params[f"W{LAYERS - 1}"].shape[1])

    @property
    def prior(self) -> float:
        """The hand value's temperature the network corrects (0: none, it values positions alone)."""
        return float(self.meta.get("prior", 0.0))

    def forward(self, x: Array, base: Array | None = None) -> Array:
        """Each row's chances to win, by seat as its viewer sees them (rows: observations; ``base``: with a
        prior, each row's hand logits, in the same order)."""
        return self._forward(x, base)[-1]

    def _forward(self, x: Array, base: Array | None) -> list[Array]:
        p = self.params
        h = [np.log1p(np.maximum(x, 0.0)).astype(np.float32)]
        for i in range(LAYERS):
            z = h[-1] @ p[f"W{i}"] + p[f"b{i}"]
            if i == LAYERS - 1 and base is not None:
                z = z + base
            h.append(np.tanh(z) if i < LAYERS - 1 else _softmax(z))
        return h

    def gradients(self, x: Array, target: Array, base: Array | None = None) -> tuple[float, dict[str, Array]]:
        """The mean cross-entropy of the predictions against ``target`` (rows of chances) and its gradient
        (the hand logits ``base`` are given, not learned: the gradient is the same with or without)."""
        h = self._forward(x, base)
        p = self.params
        n = x.shape[0]
        loss = float(-np.mean(np.sum(target * np.log(np.maximum(h[-1], 1e-7)), axis=1)))
        delta = (h[-1] - target) / n
        grads: dict[str, Array] = {}
        for i in reversed(range(LAYERS)):
            grads[f"W{i}"] = h[i].T @ delta
            grads[f"b{i}"] = delta.sum(axis=0)
            if i:
                delta = (delta @ p[f"W{i}"].T) * (1.0 - h[i] ** 2)
        return loss, grads

    def save(self, path: Path, extra: dict[str, Array] | None = None) -> None:
        """The weights (and ``extra`` arrays: a checkpoint's optimizer state) as one npz file."""
        meta = np.frombuffer(json.dumps(self.meta).encode(), dtype=np.uint8)
        arrays: dict[str, Any] = {**self.params, **(extra or {}), "meta": meta}
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez(tmp, **arrays)
        tmp.replace(path)  # never half a file where a checkpoint was


def load(path: Path | str) -> tuple[Network, dict[str, Array]]:
    """The network of an npz file and its other arrays; an ``OptionError`` says what is wrong."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
        meta = json.loads(arrays.pop("meta").tobytes().decode())
        params = {f"{k}{i}": arrays.pop(f"{k}{i}").astype(np.float32) for i in range(LAYERS) for k in "Wb"}
    except (OSError, ValueError, KeyError, AttributeError) as exc:
        raise OptionError(f"{path}: not a value network (npz with W0..b2 and meta): {exc}") from None
    if not isinstance(meta, dict):
        raise OptionError(f"{path}: the network's meta is not a table")
    return Network(params, meta), arrays


def _softmax(z: Array) -> Array:
    e = np.exp(z - z.max(axis=1, keepdims=True))
    out: Array = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
    return out


class Adam:
    """Adam's moments for every parameter, kept in a checkpoint so that a resumed run goes on exactly."""

    def __init__(self, net: Network, rate: float, state: dict[str, Array] | None = None) -> None:
        self.rate = rate
        state = state or {}
        self.m = {k: state.get(f"adam_m_{k}", np.zeros_like(v)) for k, v in net.params.items()}
        self.v = {k: state.get(f"adam_v_{k}", np.zeros_like(v)) for k, v in net.params.items()}
        self.t = int(state.get("adam_t", np.array(0)))

    def step(self, net: Network, grads: dict[str, Array]) -> None:
        self.t += 1
        b1, b2 = 0.9, 0.999
        for k, g in grads.items():
            self.m[k] = (b1 * self.m[k] + (1 - b1) * g).astype(np.float32)
            self.v[k] = (b2 * self.v[k] + (1 - b2) * g * g).astype(np.float32)
            m_hat = self.m[k] / (1 - b1**self.t)
            v_hat = self.v[k] / (1 - b2**self.t)
            net.params[k] = (net.params[k] - self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)

    def state(self) -> dict[str, Array]:
        out: dict[str, Array] = {f"adam_m_{k}": v for k, v in self.m.items()}
        out.update({f"adam_v_{k}": v for k, v in self.v.items()})
        out["adam_t"] = np.array(self.t)
        return out
