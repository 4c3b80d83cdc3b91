"""The Deck Building log and menus in words, English and German (German card names as in the rule text)."""

from __future__ import annotations

from typing import Any

from .cards import card_name

TEMPLATES = {
    "en": {
        "start": "{seat} takes the first turn.",
        "draw": "{seat} draws {count} card(s){cards}.",
        "reshuffle": "{seat} shuffles the discard pile into a new draw pile ({count} cards).",
        "lay": "{seat} lays out {card}.",
        "play": "{seat} plays {card}{effect}{cards}.",
        "road": "{seat} plays {count} road(s) together (+{any} of any resource).",
        "trade": "{seat} trades {give} for {get}.",
        "buy": "{seat} buys {card}{paid}.",
        "reflect": "{seat} reflects the {card} with a knight (defensive) and draws {draw}{cards}.",
        "void": "The {card} is reflected twice and has no effect.",
        "allow": "{seat} lets the {card} happen.",
        "steal": "{seat} takes {card} from {victim}.",
        "steal_none": "{seat} finds no card to take from {victim}.",
        "must_discard": "{seat} must discard {count} card(s).",
        "keep": "{seat} keeps {card}.",
        "return": "{seat} gives {card} back to {victim}.",
        "discard": "{seat} discards {card}.",
        "end": "{seat} ends the turn and draws {draw} card(s){cards}.",
    },
    "de": {
        "start": "{seat} beginnt.",
        "draw": "{seat} zieht {count} Karte(n){cards}.",
        "reshuffle": "{seat} mischt den Ablagestapel zum neuen Nachziehstapel ({count} Karten).",
        "lay": "{seat} legt {card} aus.",
        "play": "{seat} spielt {card} aus{effect}{cards}.",
        "road": "{seat} spielt {count} Strasse(n) zusammen aus (+{any} Ressourcen nach Wahl).",
        "trade": "{seat} tauscht {give} gegen {get}.",
        "buy": "{seat} kauft {card}{paid}.",
        "reflect": "{seat} reflektiert den Angriff ({card}) mit einem Ritter (Defensiv) und zieht {draw}{cards}.",
        "void": "Der Angriff ({card}) wird zweimal reflektiert und bleibt ohne Wirkung.",
        "allow": "{seat} lässt den Angriff ({card}) zu.",
        "steal": "{seat} zieht {card} von {victim}.",
        "steal_none": "{seat} kann {victim} keine Karte abnehmen.",
        "must_discard": "{seat} muss {count} Karte(n) abwerfen.",
        "keep": "{seat} behält {card}.",
        "return": "{seat} gibt {card} an {victim} zurück.",
        "discard": "{seat} wirft {card} auf den Ablagestapel ab.",
        "end": "{seat} beendet den Zug und zieht {draw} Karte(n){cards}.",
    },
}


def cards_text(cards: list[int], lang: str) -> str:
    return ", ".join(card_name(k, lang) for k in cards)


def describe_event(kind: str, data: dict[str, Any], lang: str, players: tuple[str, ...]) -> str:
    lang = lang if lang in TEMPLATES else "en"
    de = lang == "de"

    def who(seat: Any) -> str:
        return players[int(seat)] if seat is not None and int(seat) >= 0 else ("niemand" if de else "nobody")

    if kind == "over":
        if data.get("winner") is None:
            return "Das Spiel endet ohne Sieger." if de else "The game ends without a winner."
        return (
            f"{who(data['winner'])} gewinnt mit drei Städten auf der Hand!"
            if de
            else (f"{who(data['winner'])} wins with three cities in hand!")
        )
    if kind == "steal" and data.get("none"):
        kind = "steal_none"
    template = TEMPLATES[lang].get(kind)
    if template is None:
        return f"{kind}: {data}"
    fields: dict[str, Any] = dict(data)
    for key in ("seat", "victim"):
        if key in data:
            fields[key] = who(data[key])
    hidden = "eine Karte" if de else "a card"
    fields["card"] = card_name(data["card"], lang) if data.get("card") is not None else hidden
    fields["cards"] = f": {cards_text(data['cards'], lang)}" if data.get("cards") else ""
    if kind == "play":
        if "any" in data:
            fields["effect"] = (
                f" (+{data['any']} Ressourcen nach Wahl)" if de else (f" (+{data['any']} of any resource)")
            )
        else:
            fields["effect"] = f" (zieht {data['draw']})" if de else f" (draws {data['draw']})"
    if kind == "trade":
        fields["give"] = cards_text(data["give"], lang)
        fields["get"] = card_name(data["get"], lang)
    if kind == "buy":
        fields["paid"] = paid_text(data, lang)
    return str(template.format(**fields))


def paid_text(data: dict[str, Any], lang: str) -> str:
    de = lang == "de"
    parts = []
    if data.get("table"):
        spent = cards_text(data["table"], lang)
        parts.append(f"vom Tisch {spent}" if de else f"{spent} from the table")
    if data.get("cards"):
        parts.append(cards_text(data["cards"], lang))
    if data.get("any"):
        parts.append(f"{data['any']} nach Wahl" if de else f"{data['any']} of any resource")
    for a, b, c in data.get("trades", []):
        parts.append(f"{card_name(a, lang)} + {card_name(b, lang)} → {card_name(c, lang)}")
    if data.get("returned"):
        back = cards_text(data["returned"], lang)
        parts.append(f"{back} zurück in den Vorrat" if de else f"{back} back to the supply")
    return " (" + "; ".join(parts) + ")" if parts else ""
