"""``siedler verify``: check a finished game's record independently of the server that ran it.

Exit status 0 only when both checks hold (see ``siedler.core.verify``): the revealed seed matches the
commitment shown at the start, and seed and actions replay to the record's final state. 1 when a check
fails, 2 when the file is no readable record with what the checks need. It says too whether the seed was
chosen by the game's creator, and whether the commitment binds that.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from siedler.core.errors import RecordError
from siedler.core.i18n import text
from siedler.core.verify import Verdict, verify_record

from .replay import load_record
from .simulate import check_language


def verify_command(
    file: Annotated[Path, typer.Argument(dir_okay=False, help="a finished game's record (JSON)")],
    lang: Annotated[str, typer.Option(help="language: en or de (a file in siedler/locale)")] = "en",
) -> None:
    """Check a finished game's record: the seed matches its commitment, and the game replays to its end."""
    check_language(lang)

    def say(key: str, **fields: object) -> str:
        return text(f"cli.verify.{key}", lang, **fields)

    try:
        verdict = verify_record(load_record(file))
    except (RecordError, OSError, UnicodeDecodeError) as exc:
        typer.echo(say("malformed", path=file, error=exc), err=True)
        raise typer.Exit(2) from None
    except RecursionError:  # JSON nested deeper than any record: Python's parser gives up
        typer.echo(say("malformed", path=file, error=say("too_deep")), err=True)
        raise typer.Exit(2) from None
    typer.echo(say("game", game=verdict.game_id, seed=verdict.seed, commitment=verdict.commitment))
    typer.echo(say("commitment_ok" if verdict.commitment_ok else "commitment_bad"))
    typer.echo(say(_chosen(verdict)))
    typer.echo(say("replay_ok") if verdict.replay_ok else say("replay_bad", error=verdict.problem))
    if not verdict.ok:
        raise typer.Exit(1)


def _chosen(verdict: Verdict) -> str:
    """What the record says of its seed's origin, and whether the commitment binds it: a catalog key."""
    if verdict.seed_chosen is None:
        return "chosen_unknown"
    if not verdict.seed_chosen_bound:
        return "chosen_unbound" if verdict.commitment_ok else "chosen_unchecked"
    return "chosen_yes" if verdict.seed_chosen else "chosen_no"


def register(app: typer.Typer) -> None:
    app.command("verify")(verify_command)
