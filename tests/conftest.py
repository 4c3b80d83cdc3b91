"""The walkthrough's plugin rule set (Pig, ``tests/plugin_ruleset``) is there for every test as if installed,
and nowhere else: ``make run`` never installs it.

Its package goes on the path and its entry points are declared from its own ``pyproject.toml`` (a
``.dist-info`` folder, which is what ``pip install`` would write), for this process and every process it
starts (the browser tests' server inherits ``PYTHONPATH``). Done when pytest loads this file, before any
test module imports siedler, so discovery finds Pig through the documented entry point group.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path

PLUGIN = Path(__file__).parent / "plugin_ruleset"


def _put_plugin_on_the_path() -> None:
    project = tomllib.loads((PLUGIN / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    site = Path(tempfile.mkdtemp(prefix="siedler-plugin-"))
    atexit.register(shutil.rmtree, site, ignore_errors=True)
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n", encoding="utf-8"
    )
    groups = project["entry-points"].items()
    entries = "".join(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items()) for group, eps in groups)
    (info / "entry_points.txt").write_text(entries, encoding="utf-8")
    paths = [str(PLUGIN / "src"), str(site)]
    sys.path[:0] = paths
    os.environ["PYTHONPATH"] = os.pathsep.join([*paths, *filter(None, [os.environ.get("PYTHONPATH")])])


_put_plugin_on_the_path()
