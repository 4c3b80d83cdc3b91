"""``siedler replay``: step through a recorded game - its actions, the log in words, the board.

The record is checked by ``siedler.replay`` first, so a malformed or tampered record is refused with the
engine's own message (naming the first bad action) before anything is shown.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from siedler.core.errors import RecordError
from siedler.core.game import Game
from siedler.core.registry import replay
from siedler.core.seats import seat_number

from .simulate import check_language


def load_record(path: Path, game: int | None = None) -> dict[str, Any]:
    """A record from a JSON file (a record, or an object with a ``record``) or from simulate's JSONL."""
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = None
    if isinstance(data, dict):
        if game is not None and data.get("game") not in (None, game):
            raise RecordError(f"{path} holds game {data.get('game')}, not game {game}")
        return _unwrap(data, path)
    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                lines.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise RecordError(f"{path}:{number} is not JSON: {exc.msg}") from None
    if not lines:
        raise RecordError(f"{path} holds no record")
    if game is not None:
        chosen = [x for x in lines if isinstance(x, dict) and x.get("game") == game]
        if not chosen:
            raise RecordError(f"{path} has no line for game {game}")
        return _unwrap(chosen[0], path)
    with_record = [x for x in lines if isinstance(x, dict) and ("record" in x or "format" in x)]
    if not with_record:
        raise RecordError(f"{path} has no embedded records; run 'siedler simulate' with --save-records")
    return _unwrap(with_record[0], path)


def _unwrap(data: dict[str, Any], path: Path) -> dict[str, Any]:
    if "record" in data:
        if not isinstance(data["record"], dict):
            raise RecordError(f"{path}: 'record' is not a JSON object")
        return dict(data["record"])
    if "format" in data:
        return data
    if "outcome" in data:
        raise RecordError(f"{path} has no embedded records; run 'siedler simulate' with --save-records")
    raise RecordError(f"{path} is neither a game record nor a simulate result with an embedded record")


def start_position(record: dict[str, Any]) -> Game:
    """The game as it stood before the record's first action (its start state, if it has one)."""
    return replay({**record, "actions": [], "result": None})


class Stepper:
    """Prints a recorded game action by action; ``read`` waits between actions when stepping."""

    def __init__(
        self,
        record: dict[str, Any],
        seat: int | None,
        lang: str,
        console: Console,
        read: Callable[[str], str] | None = None,
        every_board: bool = False,
    ) -> None:
        self.final = replay(record)  # refuses a malformed or tampered record before anything is shown
        self.game = start_position(record)
        self.actions = list(record["actions"])
        self.seat, self.lang, self.console, self.read = seat, lang, console, read
        self.every_board = every_board or read is not None
        self.seen = 0

    def out(self, text: str) -> None:
        self.console.out(text, highlight=False)

    def board(self) -> None:
        self.out(self.game.render_text(self.seat, self.lang))
        self.out("")

    def events(self) -> None:
        for e in self.game.events(self.seat, since=self.seen, lang=self.lang):
            self.out(f"    {e['text']}")
        self.seen = self.game.num_events

    def run(self) -> None:
        game = self.game
        self.out(
            f"{game.ruleset} · seed {game.seed} · players: "
            + ", ".join(f"{seat_number(p)}: {name}" for p, name in enumerate(game.players))
            + f" · {len(self.actions)} actions"
        )
        self.events()
        self.board()
        for number, text in enumerate(self.actions, 1):
            if self.read is not None:
                try:
                    if self.read("[Enter: next action, q: stop] ").strip().lower() in ("q", "quit"):
                        break
                except EOFError:
                    break
            actor = game.to_act
            action = game.parse_action(text)
            label = game.action_label(action, self.lang)
            game.apply(action)
            who = game.players[actor] if actor is not None else "-"
            self.out(f"{number:>5}. {who}: {label}" + (f"   [{text}]" if label != str(action) else ""))
            self.events()
            if self.every_board:
                self.board()
        if not self.every_board:
            self.out("")
            self.board()
        final = self.final
        if final.is_over:
            winner = final.players[final.winner] if final.winner is not None else None
            self.out(
                f"Result: {'winner ' + winner if winner else 'no winner'}; scores "
                + ", ".join(f"{name} {s}" for name, s in zip(final.players, final.scores()))
            )
        else:
            self.out(f"The record ends with the game still running after {final.num_actions} actions.")


def replay_command(
    file: Annotated[
        Path,
        typer.Argument(
            exists=True, dir_okay=False, readable=True, help="a record (JSON) or a simulate results file (JSONL)"
        ),
    ],
    step: Annotated[bool, typer.Option(help="wait for Enter between actions")] = False,
    seat: Annotated[
        int | None, typer.Option(help="the index of the seat whose view to show, 0 = first seat (default: spectator)")
    ] = None,
    lang: Annotated[str, typer.Option(help="language: en or de (a file in siedler/locale)")] = "en",
    game: Annotated[int | None, typer.Option(help="in a JSONL results file: the game number to replay")] = None,
    every_board: Annotated[bool, typer.Option(help="draw the board after every action (always with --step)")] = False,
) -> None:
    """Replay a recorded game: every action in words, the log, and the board."""
    check_language(lang)
    try:
        record = load_record(file, game)
        players = record.get("players")
        if seat is not None and not (isinstance(players, list) and 0 <= seat < len(players)):
            raise typer.BadParameter(
                f"the game has seat indices 0-{len(players or []) - 1} (0 is the first seat), not {seat}",
                param_hint="--seat",
            )
        stepper = Stepper(record, seat, lang, Console(highlight=False), input if step else None, every_board)
    except (RecordError, OSError) as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(1) from None
    stepper.run()


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_command)
