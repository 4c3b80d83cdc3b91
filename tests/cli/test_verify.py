"""``siedler verify``: status 0 only when the seed matches its commitment and the game replays to its end."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import siedler
from siedler.core.fairness import commitment

HEAD = {"format": "siedler-record", "version": 2}


def finished_record(seed: int | None = None) -> dict[str, Any]:
    game = siedler.new_game("deck-building", players=2, seed=seed)
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game.record()


def write(tmp_path: Path, record: Any) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record) if not isinstance(record, str) else record)
    return str(path)


def test_a_finished_games_record_passes_both_checks(run: Any, tmp_path: Path) -> None:
    record = finished_record()
    result = run("verify", write(tmp_path, record))
    assert result.exit_code == 0, result.output
    assert result.output.count("✓") == 2 and record["commitment"] in result.output
    german = run("verify", "--lang", "de", write(tmp_path, record))
    assert german.exit_code == 0 and "passt zur Verpflichtung" in german.output


def _tampered(record: dict[str, Any], how: str) -> dict[str, Any]:
    if how == "seed":  # another seed: the commitment no longer matches, nor the game
        return dict(record, seed=str(int(record["seed"]) + 1))
    if how == "commitment":  # a commitment for another game
        return dict(record, commitment="0" * 64)
    if how == "final state":  # the claimed end is not where the moves lead
        return dict(record, final_state_sha256="f" * 64)
    return dict(record, actions=record["actions"][:-1])  # a move left out: the game is not over


@pytest.mark.parametrize(
    ("how", "says"),
    [
        ("seed", "does NOT match"),
        ("commitment", "does NOT match"),
        ("final state", "another state"),
        ("moves", "claims over = True but replaying its actions gives False"),
    ],
)
def test_a_tampered_record_fails_with_the_reason(run: Any, tmp_path: Path, how: str, says: str) -> None:
    result = run("verify", write(tmp_path, _tampered(finished_record(seed=7), how)))
    assert result.exit_code == 1
    assert says in " ".join(result.output.split())


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("{not json", "is not JSON"),
        ({"format": "siedler-record", "version": 2}, "no 'seed'"),
        ({**HEAD, "seed": "1", "game_id": "a b", "commitment": "0" * 64, "final_state_sha256": "0" * 64}, "game id"),
        ({**HEAD, "seed": "x", "game_id": "g", "commitment": "0" * 64, "final_state_sha256": "0" * 64}, "decimal"),
        ({**HEAD, "seed": "1", "game_id": "g", "commitment": "zz", "final_state_sha256": "0" * 64}, "SHA-256"),
    ],
)
def test_a_malformed_record_is_refused_with_status_2(run: Any, tmp_path: Path, content: Any, says: str) -> None:
    result = run("verify", write(tmp_path, content))
    assert result.exit_code == 2
    assert says in " ".join(result.output.split())


def test_a_game_stopped_before_its_end_is_checked_up_to_where_it_stopped(run: Any, tmp_path: Path) -> None:
    """A game ended by its creator or abandoned reveals its seed too: its record replays to where it stopped,
    and a move left out or added is caught like in a finished game's."""
    game = siedler.new_game("base", players=3, seed=5)
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    record = game.record()
    assert not record["result"]["over"]
    assert run("verify", write(tmp_path, record)).exit_code == 0
    cut = run("verify", write(tmp_path, dict(record, actions=record["actions"][:-1])))
    assert cut.exit_code == 1 and "another state" in " ".join(cut.output.split())


def test_a_game_played_at_the_terminal_can_be_verified(run: Any, tmp_path: Path) -> None:
    save = tmp_path / "played.json"
    played = run("play", "--seats", "greedy,greedy,greedy", "--options", "turn_limit=6", "--save", str(save))
    assert played.exit_code == 0, played.output
    record = json.loads(save.read_text())
    out = " ".join(played.output.split())
    assert record["commitment"] in out and f"The seed was {record['seed']}" in out
    assert out.index(record["commitment"]) < out.index("Game over")  # committed before the game, revealed after
    assert int(record["seed"]).bit_length() > 64  # a fresh 128-bit seed
    assert run("verify", str(save)).exit_code == 0


def test_a_deeply_nested_file_is_refused_with_status_2_not_a_traceback(run: Any, tmp_path: Path) -> None:
    for text in ("[" * 100_000, '{"seed": ' + "[" * 5000 + "]" * 5000 + "}"):
        result = run("verify", write(tmp_path, text))
        assert result.exit_code == 2 and "nested too deeply" in result.output
        assert "Traceback" not in result.output and not isinstance(result.exception, RecursionError)


def test_whether_the_seed_was_chosen_is_bound_by_the_commitment(run: Any, tmp_path: Path) -> None:
    record = finished_record(seed=7)
    seed = int(record["seed"])
    drawn = {**record, "seed_chosen": False, "commitment": commitment(record["game_id"], seed, seed_chosen=False)}
    result = run("verify", write(tmp_path, drawn))
    assert result.exit_code == 0 and "nobody chose it" in result.output
    flipped = run("verify", write(tmp_path, {**drawn, "seed_chosen": True}))  # the issue: this used to pass
    assert flipped.exit_code == 1 and "does NOT match" in flipped.output and "not proven" in flipped.output
    chosen = {**record, "seed_chosen": True, "commitment": commitment(record["game_id"], seed, seed_chosen=True)}
    assert "creator chose this seed" in run("verify", write(tmp_path, chosen)).output
    # A record made before commitments bound it says so, rather than vouching for it.
    old = run("verify", write(tmp_path, {**record, "seed_chosen": True}))
    assert old.exit_code == 0 and "does not bind that" in old.output
    assert "does not say" in run("verify", write(tmp_path, record)).output
    assert run("verify", write(tmp_path, {**drawn, "seed_chosen": "no"})).exit_code == 2
