"""``siedler play``: people at this terminal against bots, for any rule set.

The session is a small class with its input (a ``read(prompt)`` function) and its output (a rich console)
injected, so tests drive it with scripted lines, and any rule set works through the engine's generic API:
``render_text`` draws the position, ``action_label`` names the moves, ``events`` tells what happened.
Bad input never changes the game: the engine refuses illegal actions without side effects, and the session
only re-asks.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from siedler.bots import Bot, make_bot
from siedler.core.actions import Action, digits
from siedler.core.errors import IllegalAction
from siedler.core.fairness import commitment, new_game_id, new_seed
from siedler.core.game import Game
from siedler.core.i18n import language, text
from siedler.core.registry import get_ruleset, new_game
from siedler.core.rng import parse_seed
from siedler.core.seats import seat_number, seat_words
from siedler.games.catan.layout import has_board
from siedler.sim.runner import bot_seed

from .board import board, status_line
from .rules import notation_help
from .simulate import bad_parameter, check_language, table_flags

HUMAN = "human"
#: A kind of action with more legal instances than this is explained rather than listed (Catan's trade
#: offers), unless it is the only kind (a founding settlement: every free intersection is listed).
LIST_LIMIT = 24


def player_names(seats: tuple[str, ...], lang: str) -> list[str]:
    """Every player is named by seat number, counted from 1: a person "Player 2" (German "Spieler 2"),
    a bot by its kind, "Greedy 2". Never "You": the log speaks to its reader in the second person itself,
    and a name is pasted into other players' sentences, where "You" would be wrong."""
    names = []
    for p, spec in enumerate(seats):
        if spec == HUMAN:
            names.append(text("cli.player", lang, n=seat_number(p)))
        else:
            short = spec.rpartition(":")[2] if ":" in spec else spec
            names.append(f"{short.capitalize()} {seat_number(p)}")
    return names


class BotError(RuntimeError):
    """A bot broke the rules; the session ends (the person's moves so far can still be saved)."""


class TerminalGame:
    """One game at the terminal: humans choose from numbered lists, bots move on their own."""

    def __init__(
        self,
        game: Game,
        seats: tuple[str, ...],
        bots: dict[int, Bot],
        lang: str = "en",
        read: Callable[[str], str] = input,
        console: Console | None = None,
    ) -> None:
        self.game = game
        self.seats = seats
        self.bots = bots
        self.lang = language(lang)
        self.read = read
        self.console = console or Console(highlight=False)
        humans = [p for p, s in enumerate(seats) if s == HUMAN]
        #: Whose eyes the log and the board use: the one human, else a spectator's (hot seat or bots only).
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.seen = 0

    # ------------------------------------------------------------------ output
    def out(self, words: str) -> None:
        """A line (or lines) of words, wrapped at the terminal's width: a long line (the start's seats and
        commitment, the bank) breaks between words instead of running off an 80-column screen."""
        self.console.print(Text(words), highlight=False)

    def say(self, key: str, **fields: object) -> str:
        """The command line's words for ``key`` (``cli.<key>`` in the catalog) in the session's language."""
        return text(f"cli.{key}", self.lang, **fields)

    def show_events(self) -> bool:
        events = self.game.events(self.viewer, since=self.seen, lang=self.lang)
        self.seen = self.game.num_events
        for e in events:
            self.out(f"  {e['text']}")
        return bool(events)

    def show_board(self, seat: int | None) -> None:
        """A hex board in colour (``board``), then a two-line status and the rule set's own text below its
        board (hands, bank, its extras); a game without a board as the rule set writes it."""
        self.out("")
        view = self.game.view(seat)
        rendered = self.game.render_text(seat, self.lang)
        legend = text("catan.board.legend", self.lang)
        if has_board(view) and legend in rendered:
            self.console.print(board(view, self.lang), crop=False, overflow="ignore")
            self.out(self.say("board.legend"))
            self.console.print(status_line(view, self.lang))
            # the rule set's status, without its first line (the one status_line replaces)
            self.out(rendered.split(legend, 1)[1].strip("\n").partition("\n")[2])
        else:
            self.out(rendered)
        self.out("")

    def listed(self, legal: tuple[Action, ...]) -> tuple[list[Action], list[str]]:
        """The actions to number, and hint lines for kinds too numerous to list."""
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(str(a[0]), []).append(a)
        if len(by_kind) == 1:
            return list(legal), []
        shown = [a for a in legal if len(by_kind[str(a[0])]) <= LIST_LIMIT]
        hints = [
            self.say("more", kind=kind, count=len(acts), example=str(acts[len(acts) // 2]))
            for kind, acts in by_kind.items()
            if len(acts) > LIST_LIMIT
        ]
        return shown, hints

    def show_actions(self, shown: list[Action], hints: list[str]) -> None:
        """Each action numbered with its words and notation; the only kind, when it has too many to list one
        a line (a founding settlement's free intersections), numbered in columns under one heading instead,
        so that the board stays on the screen."""
        width = len(str(len(shown)))
        if len(shown) > LIST_LIMIT:
            first, last = (self.game.action_label(a, self.lang) for a in (shown[0], shown[-1]))
            places = self.places(shown)
            self.out(self.say("grid_places" if places else "grid", count=len(shown), first=first, last=last))
            width = max(len(p) for p in places) if places else width
            cells = (
                [p.rjust(width) for p in places]
                if places
                else [f"{i:>{width}}. {str(a).partition(' ')[2] or a}" for i, a in enumerate(shown, 1)]
            )
            cell = max(len(c) for c in cells) + 3
            per_row = max(1, (min(self.console.width, 80) - 2) // cell)
            for row in range(0, len(cells), per_row):
                self.out("  " + "".join(c.ljust(cell) for c in cells[row : row + per_row]).rstrip())
            return
        for i, a in enumerate(shown, 1):
            label = self.game.action_label(a, self.lang)
            notation = str(a)
            # The notation counts seats from 0 (@0 is seat 1): said beside it, so that nobody reads @0 as a seat.
            seats = [self.say("seat_at", index=m, n=seat_number(int(m))) for m in re.findall(r"@(\d+)", notation)]
            gloss = f"  ({', '.join(seats)})" if seats else ""
            self.out(f"  {i:>{width}}. {label}" + (f"   [{notation}]{gloss}" if notation != label else ""))
        for hint in hints:
            self.out(f"  {hint}")

    @staticmethod
    def places(shown: list[Action]) -> dict[str, Action]:
        """The actions of a list too long to number by the one number each names (a founding settlement's
        intersection, as the board shows it), so that the number typed is the number on the board; empty
        where the actions are not one number each."""
        places = {str(a).partition(" ")[2]: a for a in shown}
        numbered = len(places) == len(shown) and all(p.isdigit() for p in places)
        return places if len(shown) > LIST_LIMIT and numbered else {}

    # ------------------------------------------------------------------ the loop
    def run(self) -> bool:
        """Play to the end; False if the player quit or the input ended first."""
        self.show_events()
        while not self.game.is_over:
            seat = self.game.to_act
            assert seat is not None, "a game that is not over always has someone to act"
            if seat in self.bots:
                action = self.bots[seat].decide(self.game, seat)
                try:
                    label = self.game.action_label(action, self.lang)
                    self.game.apply(action)
                except IllegalAction as exc:
                    raise BotError(
                        f"the bot {self.seats[seat]!r} at {seat_words(seat)} chose an illegal action: {exc}"
                    ) from None
                if not self.show_events():
                    self.out(f"  {self.game.players[seat]}: {label}")
            elif not self.human_move(seat):
                return False
        self.show_events()
        self.show_board(self.viewer)
        self.out(self.say("over"))
        return True

    def human_move(self, seat: int) -> bool:
        """Ask until the player's input is a legal action (applied) or a quit (False)."""
        game = self.game
        name = game.players[seat]
        self.show_board(seat)
        legal = game.legal_actions()
        shown, hints = self.listed(legal)
        self.out(self.say("acts", name=name))
        self.show_actions(shown, hints)
        while True:
            try:
                answer = self.read(self.say("prompt", name=name)).strip()
            except EOFError:
                self.out("")
                self.out(self.say("eof", n=game.num_actions))
                return False
            command = answer.lower()
            if not answer:
                self.out(self.say("empty"))
            elif command in ("quit", "exit", "q"):
                self.out(self.say("quit", n=game.num_actions))
                return False
            elif command in ("help", "?", "hilfe"):
                self.out(self.say("help"))
                self.out(notation_help(type(game), self.lang))
            elif command == "board":
                self.show_board(seat)
                self.show_actions(shown, hints)
            elif command == "log":
                for e in game.events(self.viewer if self.viewer is not None else seat, lang=self.lang):
                    self.out(f"  {e['text']}")
            elif digits(answer) and self.places(shown):
                places = self.places(shown)
                if answer not in places:
                    self.out(self.say("not_place", n=answer))
                    continue
                return self._apply(places[answer])
            elif digits(answer):
                n = int(answer)
                if not 1 <= n <= len(shown):
                    self.out(self.say("not_number", n=n, m=len(shown)))
                    continue
                return self._apply(shown[n - 1])
            else:
                reason = game.why_illegal(answer)
                if reason is not None:
                    self.out(self.say("refused", error=reason))
                    continue
                game.apply(answer)
                self._after_move()
                return True

    def _apply(self, action: Action) -> bool:
        self.game.apply(action)
        self._after_move()
        return True

    def _after_move(self) -> None:
        self.show_events()


def setup_game(
    ruleset: str, seats_text: str, seed: int, lang: str, options: list[str] | None, names: str | None
) -> tuple[Game, tuple[str, ...], dict[int, Bot]]:
    """The game and its bots from command-line text; a usage error names the flag that is wrong."""
    rs, seats, opts = table_flags(ruleset, seats_text, options)
    bots = {p: make_bot(spec, bot_seed(seed, p)) for p, spec in enumerate(seats) if spec != HUMAN}
    players = player_names(seats, lang)
    if names:
        given = [n.strip() for n in names.split(",")]
        if len(given) != len(seats) or not all(given):
            raise typer.BadParameter(f"give {len(seats)} names separated by commas, one per seat", param_hint="--names")
        players = given
    return new_game(rs.name, players=players, seed=seed, options=opts, game_id=new_game_id()), seats, bots


def play_command(
    seats: Annotated[
        str, typer.Option(help="one entry per seat: human, or a bot (random, greedy, package.module:Class)")
    ] = "human,greedy,greedy",
    ruleset: Annotated[str, typer.Option(help="the rule set (see 'siedler rules')")] = "base",
    seed: Annotated[
        str | None,
        typer.Option(help="the game's seed, a whole number (default: a fresh 128-bit one, shown at the end)"),
    ] = None,
    lang: Annotated[str, typer.Option(help="language of the board, moves and log: en or de")] = "en",
    options: Annotated[
        list[str] | None, typer.Option("--options", "-o", help="rule-set options as name=value,name=value")
    ] = None,
    names: Annotated[str | None, typer.Option(help="player names, one per seat, separated by commas")] = None,
    save: Annotated[Path | None, typer.Option(help="write the game's record to this file at the end")] = None,
) -> None:
    """Play a game at the terminal against bots: the board in text, legal moves numbered."""
    check_language(lang)
    with bad_parameter("--seed"):
        chosen = new_seed() if seed is None else parse_seed(seed)
    game, seat_specs, bots = setup_game(ruleset, seats, chosen, lang, options, names)
    console = Console(highlight=False)
    session = TerminalGame(game, seat_specs, bots, lang, console=console)
    title = get_ruleset(ruleset).title
    seat_list = ", ".join(f"{seat_number(p)}: {game.players[p]} ({s})" for p, s in enumerate(seat_specs))
    # The seed stays secret while the game runs (it tells every card to come); its commitment is shown now.
    promise = commitment(game.game_id, game.seed)
    session.out(session.say("start", title=title, game=game.game_id, commitment=promise, seats=seat_list))
    try:
        session.run()
    except BotError as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(1) from None
    finally:
        session.out(session.say("reveal", seed=game.seed, commitment=promise))
        if save is not None:
            _save(game, save, session)


def _save(game: Game, save: Path, session: TerminalGame) -> None:
    """The record so far: a finished game, or one the player left, can be replayed or studied."""
    save.write_text(json.dumps(game.record(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    session.out(session.say("saved", path=save))


def register(app: typer.Typer) -> None:
    app.command("play")(play_command)
