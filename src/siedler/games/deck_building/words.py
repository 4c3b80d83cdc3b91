"""The Deck Building log in words, from the catalog (``deck_building.*``; German card names as in the rule text)."""

from __future__ import annotations

from typing import Any

from siedler.core.i18n import Voice, catalog, plural, text

from .cards import card_name

#: The events whose victim hears them as done to them ("Anna takes Wool from you.").
TOLD_TO_VICTIM = frozenset({"steal", "steal_none", "return"})
#: The numbers of an event that count something, and what (``deck_building.count.<what>``): said with the
#: catalog's plural forms, "1 card", "3 cards", never "card(s)".
COUNTED = {
    "draw": {"count": "card"},
    "reshuffle": {"count": "card"},
    "must_discard": {"count": "card"},
    "end": {"draw": "card"},
    "reflect": {"draw": "card"},
    "road": {"count": "road", "any": "resource"},
}


def counted(what: str, n: int, lang: str) -> str:
    """``n`` cards, roads or resources of one's choice in words."""
    return plural(f"deck_building.count.{what}", lang, n)


def cards_text(cards: list[int], lang: str) -> str:
    return ", ".join(card_name(k, lang) for k in cards)


def describe_event(
    kind: str, data: dict[str, Any], lang: str, players: tuple[str, ...], viewer: int | None = None
) -> str:
    """An event in words for ``viewer``'s log (``None``: a spectator's), told to them where it is about them."""
    voice = Voice(players, lang, viewer, "deck_building.word.nobody")
    if kind == "over":
        if data.get("winner") is None:
            return text("deck_building.word.no_winner", lang)
        return voice.say("deck_building.word.wins", data["winner"])
    if kind == "steal" and data.get("none"):
        kind = "steal_none"
    key = f"deck_building.log.{kind}"
    if key not in catalog(lang):
        return f"{kind}: {data}"
    fields: dict[str, Any] = dict(data)
    fields.pop("seat", None)
    for name, what in COUNTED.get(kind, {}).items():
        fields[name] = counted(what, data[name], lang)
    if "victim" in data:
        fields["victim"] = voice.who(data["victim"])
    hidden = text("deck_building.word.a_card", lang)
    fields["card"] = card_name(data["card"], lang) if data.get("card") is not None else hidden
    fields["cards"] = f": {cards_text(data['cards'], lang)}" if data.get("cards") else ""
    if kind == "play":
        if "any" in data:
            fields["effect"] = text("deck_building.word.any", lang, any=counted("resource", data["any"], lang))
        else:
            fields["effect"] = text("deck_building.word.draws", lang, draw=counted("card", data["draw"], lang))
    if kind == "trade":
        fields["give"] = cards_text(data["give"], lang)
        fields["get"] = card_name(data["get"], lang)
    if kind == "buy":
        fields["paid"] = paid_text(data, lang)
    about = data.get("victim") if kind in TOLD_TO_VICTIM else None
    return voice.say(key, data.get("seat"), about, **fields)


def paid_text(data: dict[str, Any], lang: str) -> str:
    parts = []
    if data.get("table"):
        parts.append(text("deck_building.word.from_table", lang, cards=cards_text(data["table"], lang)))
    if data.get("cards"):
        parts.append(cards_text(data["cards"], lang))
    if data.get("any"):
        parts.append(text("deck_building.word.of_any", lang, any=counted("resource", data["any"], lang)))
    for a, b, c in data.get("trades", []):
        parts.append(f"{card_name(a, lang)} + {card_name(b, lang)} → {card_name(c, lang)}")
    if data.get("returned"):
        parts.append(text("deck_building.word.returned", lang, cards=cards_text(data["returned"], lang)))
    return " (" + "; ".join(parts) + ")" if parts else ""
