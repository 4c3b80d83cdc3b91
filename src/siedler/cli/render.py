"""``siedler render``: a picture of a board as SVG (``siedler.svg``), for documents and the how-to pages.

The position is a new game of the rule set, optionally played on for ``--play`` random legal actions, and
drawn as ``--seat`` may see it (a spectator by default): the picture shows what that view shows, no more.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from siedler.core.game import Game
from siedler.core.registry import get_ruleset, new_game
from siedler.howto import play_on
from siedler.sim.config import check_options, parse_options
from siedler.svg import board_svg

from .simulate import bad_parameter, check_language


def position(ruleset: str, seed: int, players: int | None, options: list[str] | None, play: int) -> Game:
    """A new game, played on by ``play`` random legal actions (or to its end, if sooner)."""
    with bad_parameter("--ruleset"):
        rs = get_ruleset(ruleset)
    with bad_parameter("--options"):
        opts = check_options(rs, parse_options(options))
    count = players if players is not None else rs.min_players
    if not rs.min_players <= count <= rs.max_players:
        raise typer.BadParameter(f"{rs.name} takes {rs.min_players}-{rs.max_players} players", param_hint="--players")
    return play_on(new_game(rs.name, players=count, seed=seed, options=opts), play, seed)


def render_command(
    ruleset: Annotated[str, typer.Option(help="the rule set (see 'siedler rules')")] = "base",
    seed: Annotated[int, typer.Option(help="the game's seed: the same seed draws the same board")] = 1,
    players: Annotated[int | None, typer.Option(help="seats (default: the fewest the rule set takes)")] = None,
    options: Annotated[
        list[str] | None, typer.Option("--options", "-o", help="rule-set options as name=value,name=value")
    ] = None,
    play: Annotated[int, typer.Option(min=0, help="random legal actions played before the picture is taken")] = 0,
    seat: Annotated[
        int | None, typer.Option(help="the index of the seat whose view to draw, 0 = first seat (default: a spectator)")
    ] = None,
    lang: Annotated[str, typer.Option(help="language of the picture's tooltips: en or de")] = "en",
    out: Annotated[Path | None, typer.Option(help="the SVG file to write (default: print it)")] = None,
) -> None:
    """Draw a board as SVG: a new game's, or after some random moves; from one seat's view."""
    check_language(lang)
    game = position(ruleset, seed, players, options, play)
    if seat is not None and not 0 <= seat < game.num_players:
        raise typer.BadParameter(
            f"choose a seat index 0-{game.num_players - 1} (0 is the first seat)", param_hint="--seat"
        )
    try:
        picture = board_svg(game.view(seat), lang)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--ruleset") from None
    if out is None:
        typer.echo(picture, nl=False)
    else:
        out.write_text(picture, encoding="utf-8")


def register(app: typer.Typer) -> None:
    app.command("render")(render_command)
