"""A game taken up again where it stood, without replaying the actions that led there.

A snapshot is a game's ``position()`` (everything hidden included: dice to come, decks, hands), how many
actions and events led to it, and the newest of those events (the log a player reconnecting reads). It is
plain JSON. ``resume`` turns it back into a game that plays on exactly as the original would: the same
position, the same generator, the same event numbers. What it does not hold is the history before the
snapshot: ``state()`` and ``record()`` of a resumed game ask for every action's text (the record, kept
elsewhere, stays the truth; ``siedler verify`` replays it whole).

A snapshot tells the hidden part of a position: only the process that plays the game may read it, never
a player of an unfinished game.
"""

from __future__ import annotations

from typing import Any

from .errors import RecordError
from .game import STATE_FORMAT, Game
from .registry import _check_version, _start

#: Which snapshots ``resume`` reads: bumped when their contents change.
SNAPSHOT_FORMAT = "siedler-snapshot"
SNAPSHOT_VERSION = 1


def snapshot(game: Game, events: int) -> dict[str, Any]:
    """``game`` as a snapshot (JSON-ready), with at most its ``events`` newest events."""
    # As the log holds them: emitted (4 parts) or noted (5); JSON turns tuples to arrays.
    tail = [list(item) for item in game._newest_events(events)]
    return {
        "format": SNAPSHOT_FORMAT,
        "version": SNAPSHOT_VERSION,
        "actions": game.num_actions,
        "num_events": game.num_events,
        "events": tail,
        "position": game.position(),
    }


def resume(data: dict[str, Any], log: bool = True) -> Game:
    """The game a ``snapshot`` was taken of, ready to play on; a malformed snapshot is a ``RecordError``."""
    what = "snapshot"
    if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
        raise RecordError(f"a {what} must be a JSON object of format {SNAPSHOT_FORMAT!r}")
    if data.get("version") != SNAPSHOT_VERSION:
        raise RecordError(f"{what} version {data.get('version')!r} is not the one this siedler reads")
    position = data.get("position")
    actions, num_events, events = data.get("actions"), data.get("num_events"), data.get("events")
    if not isinstance(actions, int) or not isinstance(num_events, int) or not isinstance(events, list):
        raise RecordError(f"{what}: 'actions', 'num_events' and 'events' must be two counts and a list")
    if actions < 0 or not 0 <= len(events) <= num_events:
        raise RecordError(f"{what}: {actions} actions and {len(events)} of {num_events} events do not add up")
    if not isinstance(position, dict) or position.get("format") != STATE_FORMAT:
        raise RecordError(f"{what}: 'position' must be a game's position")
    _check_version(position, what)
    game = _start(position, what, log)
    game._load(position)
    game._start_state = position.get("start_state")
    game._nactions = actions
    game._partial = True
    held: list[tuple[Any, ...]] = []
    if log:
        for event in events:
            if not isinstance(event, list) or len(event) not in (4, 5) or not isinstance(event[1], str):
                raise RecordError(f"{what}: an event is malformed: {str(event)[:80]}")
            try:
                held.append(_node(event))
            except (TypeError, ValueError) as exc:
                raise RecordError(f"{what}: an event is malformed: {exc}") from exc
    game._events = held
    game._nevents = num_events if log else 0
    return game


def _tuples(value: Any) -> Any:
    """JSON's arrays as the tuples a noted event's fields are (its readers take tuples; compiled, they check)."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _node(event: list[Any]) -> tuple[Any, ...]:
    """A link of the log as the game made it: a noted event's fields and secret as tuples, an emitted event's
    items and audience as tuples (their values as JSON gives them, as ``events()`` would)."""
    if len(event) == 5:
        n_action, kind, fields, secret, audience = event
        return (n_action, kind, _tuples(fields), _tuples(secret), tuple(audience))
    n_action, kind, items, hidden = event
    pairs = tuple(tuple(pair) for pair in items)
    told = None if hidden is None else (tuple(tuple(pair) for pair in hidden[0]), tuple(hidden[1]))
    return (n_action, kind, pairs, told)
