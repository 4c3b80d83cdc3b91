"""Resource Realms calls the robber the Guardian (Wächter)."""

#: The catalog key of the piece's name: the shared mechanics use it for the log, action labels, errors,
#: text board and view.
GUARDIAN = "resource_realms.robber"
#: Words accepted in place of ``robber`` when reading notation.
SYNONYMS = ("guardian", "wächter", "waechter")
