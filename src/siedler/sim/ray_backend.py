"""Experiments on a Ray cluster (``siedler experiment --backend ray``): the same games as the local backend.

A game's row depends only on its job (arm options, game index, base seed), never on where it is played,
so the rows equal the local backend's. Jobs go out in small batches (one task per game would cost more in
scheduling than a fast game takes), a bounded number at a time so that Ctrl-C stops soon, and rows come
back in job order. Every node needs siedler installed (``pip install 'siedler[ray]'``).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from siedler.core.errors import OptionError

from .experiment import Job, Row, play_row

#: Games per Ray task, and tasks in flight per CPU of the cluster.
BATCH = 4
IN_FLIGHT_PER_CPU = 4
#: Tries at a cluster's client server, and the pause between them: its proxier may fail to start the
#: server of a new driver while an earlier driver's winds down (seen on a resume right after a Ctrl-C),
#: which Ray reports as an aborted connection and which clears within seconds.
CONNECT_TRIES = 3
CONNECT_PAUSE_S = 2.0


def _play_batch(batch: Sequence[Job]) -> list[Row]:
    return [play_row(job) for job in batch]


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise OptionError("the Ray backend needs Ray: pip install 'siedler[ray]'") from None
    return ray


@contextmanager
def ray_session(address: str | None = None) -> Iterator[Any]:
    """Ray, connected to the cluster at ``address`` (``auto``, ``ray://host:10001``) or, without one, to an
    instance started here and stopped afterwards; already connected, it is left as it is. A run in
    rounds (``--until decided``) connects once for all of them."""
    ray = _ray()
    if ray.is_initialized():
        yield ray
        return
    try:
        _init(ray, address)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise OptionError(f"cannot start or reach Ray at {address or 'a local instance'}: {exc}") from None
    try:
        yield ray
    finally:
        ray.shutdown()


def _init(ray: Any, address: str | None) -> None:
    """``ray.init``, tried again after an aborted connection (``CONNECT_TRIES``); a failed client
    connection is undone by Ray itself, so each try starts clean."""
    for tries_left in reversed(range(CONNECT_TRIES)):
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
            return
        except ConnectionAbortedError:
            if not tries_left:
                raise
            time.sleep(CONNECT_PAUSE_S)


def run_ray(todo: Sequence[Job], address: str | None = None, batch: int = BATCH) -> Iterator[Row]:
    """Rows in job order, played by Ray tasks (see ``ray_session`` for ``address``)."""
    with ray_session(address) as ray:
        waiting: deque[Any] = deque()
        try:
            play = ray.remote(_play_batch)
            batches = [todo[i : i + batch] for i in range(0, len(todo), batch)]
            limit = max(2, IN_FLIGHT_PER_CPU * int(ray.cluster_resources().get("CPU", 1)))
            following = iter(batches)
            for chunk in following:
                waiting.append(play.remote(chunk))
                if len(waiting) >= limit:
                    break
            while waiting:
                rows = ray.get(waiting.popleft())
                for chunk in following:
                    waiting.append(play.remote(chunk))
                    break
                yield from rows
        finally:
            for ref in waiting:  # stopped early (Ctrl-C): the games not yet reported are dropped
                ray.cancel(ref)
