"""Bringing a game to the moment a browser test is about, through the API: the people's seats play the first
move of a plain kind (roll, found, leave a phase, refuse) until ``ready`` says the moment has come; the bots
play for themselves. The test then opens the page there: what it checks is the table, not the founding."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from .conftest import LiveServer

#: The plain moves a person's seat makes, in this order of preference; else its first legal move.
PLAIN = ("roll", "settle", "road", "city", "march", "fight", "end", "refuse", "decline", "resist", "continue")
#: How many views are read at most before the moment is given up; how often one is asked again when the
#: server's rate per address refuses it.
LOOKS = 600
RETRIES = 20


def api_view(server: LiveServer, game_id: str, seat: int, token: str) -> dict[str, Any]:
    """What ``seat`` sees now, with its legal actions when it is to act (``GET /view``)."""
    request = urllib.request.Request(f"{server.url}/api/games/{game_id}/view?seat={seat}")
    request.add_header("Authorization", f"Bearer {token}")
    for _ in range(RETRIES):
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                found: dict[str, Any] = json.loads(response.read())
            return found
        except urllib.error.HTTPError as err:  # the server's request rate per address: wait as it says
            if err.code != 429:
                raise
            time.sleep(float(err.headers.get("Retry-After") or 1))
    raise AssertionError(f"the server kept refusing to show seat {seat}'s view")


def plain_move(got: dict[str, Any]) -> str:
    """The first legal move of the first kind in ``PLAIN``, else the first legal move (``got``: ``GET /view``)."""
    actions: list[str] = [a["action"] for a in got["actions"]]
    return next((a for word in PLAIN for a in actions if a.split()[0] == word), actions[0])


def drive(
    server: LiveServer,
    game_id: str,
    tokens: dict[int, str],
    ready: Callable[[int, dict[str, Any]], bool],
    move: Callable[[dict[str, Any]], str] = plain_move,
) -> None:
    """Play the people's seats (``tokens``: seat -> token) by ``move`` until ``ready(seat, view)`` holds for
    the seat to act; refused if that moment does not come within ``LOOKS`` views."""
    for _ in range(LOOKS):
        for seat, token in tokens.items():
            got = api_view(server, game_id, seat, token)
            if got["to_act"] != seat:
                continue
            if ready(seat, got):
                return
            server.post(f"/games/{game_id}/actions", {"seat": seat, "action": move(got), "n": got["n"]}, token)
            break
        else:
            time.sleep(0.2)  # a bot's turn
    raise AssertionError("the moment the test waits for never came")
