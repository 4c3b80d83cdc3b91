"""Resource Realms calls the robber the Guardian (Wächter): its words for the log, the labels and errors."""

from __future__ import annotations

#: The piece's name, for the browser table and the text board.
GUARDIAN = {"en": "Guardian", "de": "Wächter"}

#: The robber's event and action labels under the Guardian's name.
MOVED = {"en": "{seat} moved the Guardian to {hex}.", "de": "{seat} versetzt den Wächter nach {hex}."}
LABELS = {
    "en": ("Move the Guardian to {0}", "Move the Guardian to {0} and rob {1}"),
    "de": ("Wächter nach {0} versetzen", "Wächter nach {0} versetzen und {1} berauben"),
}
#: Words accepted in place of ``robber`` when reading notation.
SYNONYMS = ("guardian", "wächter", "waechter")
#: The text board's words for the robber, replaced by the Guardian's (same width, so the board stays drawn).
TEXT = {
    "en": ((" *ROBBER* ", "*GUARDIAN*"), ("move the robber", "move the Guardian")),
    "de": ((" *RÄUBER*", "*WÄCHTER*"), ("Räuber versetzen", "Wächter versetzen")),
}
