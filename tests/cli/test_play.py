"""``siedler play``: a scripted person against bots, bad input that loses nothing, games to the end."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import siedler
from siedler.bots import make_bot
from siedler.cli.play import TerminalGame, player_names

BASE = ("play", "--seed", "4", "--options", "board=beginner")


def test_a_few_scripted_moves_against_bots(run: Any) -> None:
    result = run(*BASE, "--seats", "human,greedy,greedy", input="30\n1\n1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())  # lines wrap at the terminal's width
    assert "Commitment to the seed (SHA-256)" in out and "The seed was 4 " in out
    # the founding's many intersections in columns under one heading; a short list with words and notation
    assert "choices, from “Build a settlement at" in out and "Build a road at" in out and "[road " in out
    # seats count from 1 in every name: the person in seat 1 is "Player 1", the bots "Greedy 2" and "Greedy 3"
    assert "seats: 1: Player 1 (human), 2: Greedy 2 (greedy), 3: Greedy 3 (greedy)" in out
    assert "Player 1 (you)" in out and "Greedy 2 built" in out and "Greedy 3 built" in out
    assert "built a settlement" in out and "Greedy 1" not in out
    assert " 12 " in out and "*ROBBER*" in out and "2:1" in out  # the board: numbers, robber, harbours
    assert "Game abandoned after" in out


def test_the_founding_takes_the_number_the_board_shows(run: Any, tmp_path: Path) -> None:
    """The founding's intersections are listed by the numbers the board shows: typing 30 settles at the
    board's 30 (not at the 30th free place), and a number not listed is refused, losing nothing."""
    save = tmp_path / "game.json"
    result = run(*BASE, "--seats", "human,greedy,greedy", "--save", str(save), input="99\n30\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "type the number as the board shows it" in out and "99 is not among the numbers listed" in out
    assert json.loads(save.read_text())["actions"][0] == "settle 30"


def test_a_seat_in_the_notation_is_said_as_its_seat_number() -> None:
    """The notation counts seats from 0 (``@0``); a menu that shows it says which seat that is."""
    game = siedler.new_game("base", players=["A", "B", "C"], seed=2)
    with open(os.devnull, "w") as nowhere:
        console = Console(record=True, width=200, file=nowhere)
        session = TerminalGame(game, ("human", "human", "human"), {}, read=lambda _prompt: "quit", console=console)
        offer = next(a for a in game.action_universe() if "@0" in str(a))
        session.show_actions([offer], [])
    line = console.export_text().strip()
    assert line.endswith(f"[{offer}]  (@0: seat 1)"), line


def test_bad_input_is_explained_and_nothing_is_lost(run: Any, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    script = (
        "\n".join(["", "999", "settle 99", "fly away", "road 0-1", "board", "help", "log", "settle 0", "quit"]) + "\n"
    )
    result = run(*BASE, "--seats", "human,random,random", "--save", str(save), input=script)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "999 is not among the numbers listed" in out  # the founding lists the board's numbers
    assert "'99' is not an intersection" in out
    assert "unknown action 'fly'" in out
    assert "Not possible: 'road 0-1' is not possible now" in out
    assert "Commands:" in out and "Notation" in out
    assert "built a settlement at" in out
    record = json.loads(save.read_text())
    assert record["actions"][0] == "settle 0"  # the refused inputs left no trace
    assert siedler.replay(record).num_actions == len(record["actions"])


def test_a_whole_game_to_the_turn_limit_in_german(run: Any) -> None:
    result = run(
        *BASE,
        "--seats",
        "human,random,random",
        "--options",
        "turn_limit=4",
        "--lang",
        "de",
        input="".join(f"{place}\n1\n" for place in range(54)) + "1\n" * 400,  # the founding takes the board's numbers
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Spielende." in out and "Kein Sieger" in out
    assert "Siedlung bauen an" in out and "Würfeln" in out and "RÄUBER" in out


def test_bots_only_and_a_hot_seat_work_through_the_session_class() -> None:
    game = siedler.new_game("base", players=["A", "B", "C"], seed=2, options={"turn_limit": 3})
    lines = iter([*(n for place in range(54) for n in (str(place), "1")), *["1"] * 200])  # the founding by place
    console = Console(record=True, width=100, file=open("/dev/null", "w"))  # noqa: SIM115
    session = TerminalGame(
        game,
        ("human", "human", "random"),
        {2: make_bot("random", 1)},
        read=lambda _prompt: next(lines),
        console=console,
    )
    assert session.viewer is None  # two people share the screen: the log is a spectator's
    assert session.run() is True
    assert game.is_over
    console.file.close()


def test_bad_flags(run: Any) -> None:
    assert run("play", "--seats", "human,greedy").exit_code == 2
    assert "unknown bot 'wizard'" in run("play", "--seats", "human,wizard,greedy").output
    assert run("play", "--lang", "fr").exit_code == 2
    assert run("play", "--options", "turn_limit=-1").exit_code == 2
    assert run("play", "--names", "Anna,Ben").exit_code == 2


def test_a_bot_breaking_the_rules_ends_the_game_with_an_error(run: Any, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = run(*BASE, "--seats", "tests.sim.bots:CheatingBot,human,random", "--save", str(save), input="1\n" * 5)
    assert result.exit_code == 1
    assert "at seat 1 chose an illegal action" in result.output  # the bot at index 0 sits in seat 1
    assert json.loads(save.read_text())["actions"]  # what was played is still saved


@pytest.mark.parametrize(
    ("seats", "lang", "names"),
    [
        (("human", "greedy", "greedy"), "en", ["Player 1", "Greedy 2", "Greedy 3"]),
        (("greedy", "human", "random", "human"), "de", ["Greedy 1", "Spieler 2", "Random 3", "Spieler 4"]),
        (("tests.sim.bots:FirstBot", "human", "human"), "en", ["Firstbot 1", "Player 2", "Player 3"]),
    ],
)
def test_player_names_count_seats_from_1(seats: tuple[str, ...], lang: str, names: list[str]) -> None:
    """Index ``p`` is seat ``p + 1`` in every name; a person is "Player N" by seat, never "You"."""
    assert player_names(seats, lang) == names


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_line_fits_an_80_column_terminal(run: Any, lang: str, monkeypatch: Any) -> None:
    """At 80x24 nothing runs off the screen, and the founding's 50 free intersections take a few lines in
    columns, so the board stays on the screen; the help is the notation in the player's language."""
    monkeypatch.setenv("COLUMNS", "80")
    result = run(*BASE, "--seats", "human,greedy,greedy", "--lang", lang, input="help\n1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    # (the test's input is not echoed: what follows a prompt stands on a line of its own at a terminal)
    lines = [part for line in result.output.splitlines() for part in line.split("'help'): ")]
    assert max(len(line.rstrip()) for line in lines) <= 80
    start = next(i for i, line in enumerate(lines) if line.split()[:3] == ["0", "1", "2"])
    grid = lines[start : next(i for i in range(start, len(lines)) if not lines[i].replace(" ", "").isdigit())]
    assert 3 <= len(grid) <= 8 and all(len(line.split()) >= 8 for line in grid[:-1])
    assert "``" not in result.output
    assert ("roll the dice" if lang == "en" else "würfeln, den Zug beenden") in result.output
