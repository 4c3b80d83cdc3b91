"""Resource Realms calls the robber the Guardian (Wächter)."""

from __future__ import annotations

from siedler.core.i18n import in_every_language

#: The piece's name in every language (``resource_realms.robber``): the shared mechanics use it for the log,
#: action labels, errors, text board and view.
GUARDIAN = in_every_language("resource_realms.robber")
#: Words accepted in place of ``robber`` when reading notation.
SYNONYMS = ("guardian", "wächter", "waechter")
