"""The rule sets' table layers at ``/layers/{ruleset}/{name}``: the JavaScript modules and style sheets a rule
set ships in its package's ``layers/`` folder (``Ruleset.layers`` names those the page loads; a layer may
import the folder's other modules).

They come from the page's own origin, so the page's Content-Security-Policy (``script-src 'self'``,
``style-src 'self'``) allows them as it allows the page's own files, and each is served with its exact
type: with ``nosniff`` a browser runs a module only as ``text/javascript``. A name is a plain file name
with a known ending, never a path.
"""

from __future__ import annotations

import re
from importlib import resources

from fastapi import HTTPException
from fastapi.responses import Response

from siedler.core.errors import OptionError
from siedler.core.registry import get_ruleset

#: What a layer file may be called, and the type it is served as.
NAME = re.compile(r"^[\w.-]+\.(js|css)$")
MEDIA = {"js": "text/javascript", "css": "text/css"}


def layer_file(ruleset: str, name: str) -> Response:
    """One file of a rule set's ``layers/`` folder; 404 for another name, a rule set without it, or none."""
    found = NAME.match(name)
    try:
        package = get_ruleset(ruleset).package if found else ""
    except OptionError:
        package = ""
    if not found or not package:
        raise HTTPException(404, f"no table layer {name!r} of {ruleset!r}")
    path = resources.files(package).joinpath("layers", name)
    if not path.is_file():
        raise HTTPException(404, f"no table layer {name!r} of {ruleset!r}")
    # Like the page's own modules: never kept by a browser beyond the server that serves them.
    headers = {"Cache-Control": "no-cache"}
    return Response(path.read_bytes(), media_type=MEDIA[found.group(1)], headers=headers)
