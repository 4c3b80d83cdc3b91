"""The README's commands work as written: every shell block is extracted and run, and its Python example
plays a game to the end and prints the winner it shows.

What "run" means for each command, so that the test stays fast:

- ``siedler ...``: run as written, in a temporary folder and in README order (``replay game.json`` reads
  what ``play ... --save game.json`` wrote), with this test's environment on the PATH standing in for the
  README's activation line; a command waiting for a person (``play`` with a ``human`` seat) gets closed
  input and must end cleanly. The long-running ones (``LONG_RUNNING``: the server, the benchmark) get
  ``--help`` appended: their flags are still parsed, so a misspelt option fails, but nothing is served or
  measured.
- ``make TARGET ...``: ``make -n`` (a dry run) in the repository: the target and variables must exist; the
  builds and the whole suite are not run from within the suite.
- ``. VENV/bin/activate``: ``VENV`` must be the Makefile's compiled environment, whose ``bin/siedler`` the
  README's later commands use.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import siedler

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
SHELL_WORDS = ("make", "siedler", ".")
LONG_RUNNING = ("serve", "bench")
TIMEOUT = 60


def code_blocks(markdown: str) -> list[tuple[str, str]]:
    """``(language, text)`` of every fenced block and every block indented by four spaces."""
    blocks: list[tuple[str, str]] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            end = lines.index("```", i + 1)
            blocks.append((line[3:].strip(), "\n".join(lines[i + 1 : end])))
            i = end + 1
        elif line.startswith("    ") and (i == 0 or not lines[i - 1].strip()):
            start = i
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                i += 1
            blocks.append(("", "\n".join(x[4:] for x in lines[start:i]).strip("\n")))
        else:
            i += 1
    return blocks


def commands(block: str) -> list[list[str]]:
    """The block's commands as argument lists, comments dropped, or none if it is not a shell block."""
    lines = [line for line in block.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if not lines or any(line.split()[0] not in SHELL_WORDS for line in lines):
        return []
    return [shlex.split(line, comments=True) for line in lines]


def readme_commands() -> list[list[str]]:
    return [c for _, text in code_blocks(README.read_text(encoding="utf-8")) for c in commands(text)]


def test_the_readme_shows_commands_of_each_kind() -> None:
    """The extraction finds what it should (an empty list would make the test below pass vacuously)."""
    found = readme_commands()
    firsts = {tuple(c[:2]) for c in found}
    assert {("make", "run"), ("make", "test"), ("siedler", "rules"), ("siedler", "play")} <= firsts
    assert [".", ".venv-compiled/bin/activate"] in found


def _environment() -> dict[str, str]:
    """The running interpreter's scripts first on the PATH: what the README's activation line does; and the
    siedler under test first on the module path (the commands run in another folder)."""
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = os.pathsep.join([str(Path(siedler.__file__).parent.parent), env.get("PYTHONPATH", "")])
    env["NO_COLOR"] = "1"
    return env


def _compiled_venv() -> str:
    """``CVENV`` from the Makefile: the environment ``make run``/``make compiled`` install into."""
    match = re.search(r"^CVENV := (\S+)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.MULTILINE)
    assert match, "the Makefile names its compiled environment CVENV"
    return match.group(1)


def test_every_readme_command_works_as_written(tmp_path: Path) -> None:
    env = _environment()
    siedler = shutil.which("siedler", path=env["PATH"])
    assert siedler is not None and Path(siedler).parent == Path(sys.executable).parent
    shutil.copytree(ROOT / "examples", tmp_path / "examples")  # the README is read at the clone's root
    for words in readme_commands():
        where, run = tmp_path, list(words)
        if words[0] == ".":
            assert words[1] == f"{_compiled_venv()}/bin/activate", words
            continue
        if words[0] == "make":
            if shutil.which("make") is None:
                continue  # pragma: no cover - make is part of the development set-up
            where, run = ROOT, ["make", "-n", *words[1:]]
        elif words[1] in LONG_RUNNING:
            run.append("--help")
        result = subprocess.run(
            run, cwd=where, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=TIMEOUT
        )
        assert result.returncode == 0, f"{shlex.join(words)} failed:\n{result.stdout[-2000:]}\n{result.stderr}"


def test_the_api_example_plays_to_the_end_and_prints_the_winner_it_shows() -> None:
    [example] = [text for lang, text in code_blocks(README.read_text(encoding="utf-8")) if lang == "python"]
    shown = re.search(r"print\(.*# (winner \w+)$", example, re.MULTILINE)
    assert shown, "the example shows what it prints"
    result = subprocess.run(
        [sys.executable, "-c", example], env=_environment(), capture_output=True, text=True, timeout=TIMEOUT
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == shown.group(1)


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        ("make run    # serves\nmake test", [["make", "run"], ["make", "test"]]),
        ("siedler rules base  # one", [["siedler", "rules", "base"]]),
        ("roll   end   buy\nsettle 12", []),  # the notation, not commands
        ("catan.example.org {\n    reverse_proxy 127.0.0.1:8000\n}", []),  # a proxy's configuration
    ],
)
def test_only_shell_blocks_count_as_commands(block: str, expected: list[list[str]]) -> None:
    assert commands(block) == expected
