"""The Catan log in words, English and German (German terms as in the rule text)."""

from __future__ import annotations

from typing import Any

from .rules import DEV_CARDS, RESOURCES

NAMES: dict[str, dict[str, Any]] = {
    "en": {
        "resources": RESOURCES,
        "cards": ("knight", "victory point", "road building", "year of plenty", "monopoly"),
        "pieces": {"settlement": "a settlement", "city": "a city", "road": "a road"},
    },
    "de": {
        "resources": ("Holz", "Lehm", "Wolle", "Getreide", "Erz"),
        "cards": ("Ritter", "Siegpunkt", "Straßenbau", "Erfindung", "Monopol"),
        "pieces": {"settlement": "eine Siedlung", "city": "eine Stadt", "road": "eine Straße"},
    },
}

TEMPLATES = {
    "en": {
        "start_roll": "Starting rolls: {rolls}.",
        "roll": "{seat} rolled {d1} + {d2} = {total}.",
        "produce": "{gains}",
        "build": "{seat} built {piece} at {at}.",
        "discard": "{seat} discarded {resource}.",
        "robber": "{seat} moved the {robber} to {hex}.",
        "steal": "{seat} stole {resource} from {victim}.",
        "buy": "{seat} bought a development card{card}.",
        "play": "{seat} played {card}.",
        "plenty": "{seat} took {take} from the bank.",
        "monopoly": "{seat} claimed all {resource}: {taken}.",
        "bank": "{seat} traded {count} {give} for 1 {get} with the bank.",
        "offer": "{seat} offers {give} for {want}{to}.",
        "reply": "{seat} {accepted}.",
        "trade": "{seat} traded {give} for {want} with {with}.",
        "withdraw": "{seat} withdrew the offer.",
        "award": "{seat} now holds the {award}.",
        "award_lost": "Nobody holds the {award} now.",
        "end": "{seat} ended the turn.",
        "over": "{winner}",
    },
    "de": {
        "start_roll": "Startwürfe: {rolls}.",
        "roll": "{seat} würfelt {d1} + {d2} = {total}.",
        "produce": "{gains}",
        "build": "{seat} baut {piece} an {at}.",
        "discard": "{seat} wirft {resource} ab.",
        "robber": "{seat} versetzt den {robber} nach {hex}.",
        "steal": "{seat} zieht {resource} von {victim}.",
        "buy": "{seat} kauft eine Entwicklungskarte{card}.",
        "play": "{seat} spielt {card}.",
        "plenty": "{seat} nimmt {take} aus dem Vorrat.",
        "monopoly": "{seat} beansprucht alles {resource}: {taken}.",
        "bank": "{seat} tauscht {count} {give} gegen 1 {get} mit der Bank.",
        "offer": "{seat} bietet {give} für {want}{to}.",
        "reply": "{seat} {accepted}.",
        "trade": "{seat} tauscht {give} gegen {want} mit {with}.",
        "withdraw": "{seat} zieht das Angebot zurück.",
        "award": "{seat} hat jetzt die {award}.",
        "award_lost": "Niemand hat jetzt die {award}.",
        "end": "{seat} beendet den Zug.",
        "over": "{winner}",
    },
}
AWARDS = {
    "en": {"longest_road": "longest road", "largest_army": "largest army"},
    "de": {"longest_road": "Längste Handelsstraße", "largest_army": "Größte Rittermacht"},
}


def _bundle(counts: list[int], lang: str) -> str:
    names = NAMES[lang]["resources"]
    return ", ".join(f"{n} {names[r]}" for r, n in enumerate(counts) if n) or "-"


def describe_event(
    kind: str, data: dict[str, Any], lang: str, players: tuple[str, ...], robber: str | None = None
) -> str:
    lang = lang if lang in TEMPLATES else "en"
    names = NAMES[lang]
    de = lang == "de"

    def who(seat: Any) -> str:
        return players[int(seat)] if seat is not None and int(seat) >= 0 else ("niemand" if de else "nobody")

    if kind == "produce":
        parts = [f"{who(p)}: {_bundle(g, lang)}" for p, g in data.get("gains", {}).items()]
        short = ", ".join(names["resources"][r] for r in data.get("short", []))
        text = ("Erträge — " if de else "Production — ") + ("; ".join(parts) or "-")
        if short:
            text += (" (Vorrat reicht nicht: " if de else " (bank short of: ") + short + ")"
        return text
    if kind == "over":
        if data.get("winner") is None:
            return "Das Spiel endet ohne Sieger." if de else "The game ends without a winner."
        return f"{who(data['winner'])} gewinnt!" if de else f"{who(data['winner'])} wins!"
    if kind == "award" and data.get("seat", -1) < 0:
        kind = "award_lost"
    fields: dict[str, Any] = {k: v for k, v in data.items()}
    fields["robber"] = robber or ("Räuber" if de else "robber")
    for key in ("seat", "victim", "with"):
        if key in data:
            fields[key] = who(data[key])
    if kind == "roll":
        d1, d2 = data["dice"]
        fields.update(d1=d1, d2=d2, total=d1 + d2)
    if kind == "start_roll":
        fields["rolls"] = ", ".join(f"{who(p)} {v}" for p, v in data["rolls"].items())
    if "resource" in data:
        r = data["resource"]
        fields["resource"] = names["resources"][r] if r is not None else ("eine Karte" if de else "a card")
    elif kind == "steal":
        fields["resource"] = "eine Karte" if de else "a card"
    if kind == "buy":
        card = data.get("card")
        fields["card"] = f" ({names['cards'][card]})" if card is not None else ""
    if kind == "play":
        fields["card"] = names["cards"][data["card"]]
    if kind == "build":
        fields["piece"] = names["pieces"][data["piece"]]
    if kind in ("bank",):
        fields["give"] = names["resources"][data["give"]]
        fields["get"] = names["resources"][data["get"]]
    if kind in ("offer", "trade"):
        fields["give"] = _bundle(data["give"], lang)
        fields["want"] = _bundle(data["want"], lang)
        if kind == "offer":
            to = data.get("to", -1)
            fields["to"] = "" if to is None or to < 0 else (f" an {who(to)}" if de else f" to {who(to)}")
    if kind == "reply":
        fields["accepted"] = (
            ("nimmt an" if data["accepted"] else "lehnt ab") if de else ("accepts" if data["accepted"] else "declines")
        )
    if kind == "plenty":
        fields["take"] = ", ".join(names["resources"][r] for r in data["take"])
    if kind == "monopoly":
        fields["taken"] = ", ".join(f"{who(p)} {n}" for p, n in data["taken"].items()) or "-"
    if kind in ("award", "award_lost"):
        fields["award"] = AWARDS[lang][data["award"]]
    template = TEMPLATES[lang].get(kind)
    if template is None:
        return f"{kind}: {data}"
    return template.format(**fields)


__all__ = ["DEV_CARDS", "describe_event"]
