"""Deck Building as text for a terminal, drawn from ``view(seat)`` and the catalog alone.

A function of the view, not a method reaching into the game, so the text can never show more than the seat
may know and a rule set's presentation stays apart from its state (``game.render_text`` calls it).
"""

from __future__ import annotations

from typing import Any

from siedler.core.i18n import text

from .cards import CARD_INDEX, card_name
from .words import cards_text, describe_event


def render(view: dict[str, Any], lang: str = "en") -> str:
    """Turn, supply, each player's piles, the table, an attack under way, and the viewing seat's hand."""
    players = view["players"]
    names = tuple(p["name"] for p in players)

    def name(card: str) -> str:
        return card_name(CARD_INDEX[card], lang)

    def w(key: str, **fields: Any) -> str:
        return text(f"deck_building.board.{key}", lang, **fields)

    lines = [w("head", turn=view["turn"] + 1, player=names[view["current"]], phase=view["phase"])]
    lines.append(w("supply", cards=" · ".join(f"{name(k)} {n}" for k, n in view["supply"].items())))
    for p in players:
        top = name(p["discard"]["top"]) if p["discard"]["top"] else "-"
        laid = cards_text([CARD_INDEX[c] for c in p["laid_out"]], lang) or "-"
        pile = {"hand": p["hand"], "draw": p["draw"], "discard": p["discard"]["count"], "cities": p["cities"]}
        lines.append(w("player", name=p["name"], top=top, laid=laid, **pile))
    table = view["table"]
    spend = [f"{n} {name(k)}" for k, n in {**table["cards"], **table["traded"]}.items()]
    if table["any"]:
        spend.append(w("any", n=table["any"]))
    lines.append(w("table", cards=", ".join(spend) or "-"))
    if view["attack"]:
        attack = view["attack"]
        lines.append(w("attack", card=name(attack["card"]), target=names[attack["target"]]))
    if view["taken"] and view["taken"] != "hidden":
        lines.append(w("taken", card=name(view["taken"])))
    if view.get("you"):
        lines.append(w("hand", cards=cards_text([CARD_INDEX[c] for c in view["you"]["hand"]], lang) or "-"))
    if view["over"]:
        lines.append(describe_event("over", {"winner": view["winner"]}, lang, names, view.get("seat")))
    return "\n".join(lines)
