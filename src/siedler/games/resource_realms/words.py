"""Resource Realms calls the robber the Guardian (Wächter)."""

from __future__ import annotations

#: The piece's name: the shared mechanics use it for the log, action labels, errors, text board and view.
GUARDIAN = {"en": "Guardian", "de": "Wächter"}
#: Words accepted in place of ``robber`` when reading notation.
SYNONYMS = ("guardian", "wächter", "waechter")
