"""The Fishermen's log and labels in English and German (German terms as in the rule text: Fischkärtchen,
Fischgrund, See, Alter Schuh)."""

from __future__ import annotations

from typing import Any

from siedler.games.catan.words import NAMES

from .actions import tokens_text

USE = {
    "en": {
        "robber": "drive the robber off the board",
        "steal": "steal a card from {victim}",
        "take": "take 1 {resource} from the bank",
        "road": "build a road for free",
        "card": "take a development card",
    },
    "de": {
        "robber": "den Räuber vom Spielfeld zu vertreiben",
        "steal": "eine Karte von {victim} zu ziehen",
        "take": "1 {resource} aus dem Vorrat zu nehmen",
        "road": "eine Straße kostenlos zu bauen",
        "card": "eine Entwicklungskarte zu nehmen",
    },
}
TEMPLATES = {
    "en": {
        "fish": "{seat} handed in fish tokens {tokens} to {use}.",
        "fish_catch": "{seat} takes {count} fish token(s){values}.",
        "fish_full": "{seat} holds {max} fish tokens and takes no more.",
        "fish_reshuffle": "The fish supply is empty: {count} spent tokens are shuffled into a new supply.",
        "boot_drawn": "{seat} drew the old boot and shows it: {seat} needs one victory point more to win.",
        "boot_pass": "{seat} passed the old boot to {to}.",
    },
    "de": {
        "fish": "{seat} gibt die Fischkärtchen {tokens} ab, um {use}.",
        "fish_catch": "{seat} nimmt {count} Fischkärtchen{values}.",
        "fish_full": "{seat} hat {max} Fischkärtchen und nimmt keine weiteren.",
        "fish_reshuffle": "Der Fischvorrat ist aufgebraucht: {count} abgegebene Kärtchen werden gemischt und "
        "bilden den neuen Vorrat.",
        "boot_drawn": "{seat} zieht den Alten Schuh und deckt ihn auf: {seat} benötigt 1 Siegpunkt mehr.",
        "boot_pass": "{seat} gibt den Alten Schuh an {to} weiter.",
    },
}
LABELS = {
    "en": {"fish": "Hand in fish {tokens}: {use}", "boot": "Pass the old boot to {to}"},
    "de": {"fish": "Fischkärtchen {tokens} abgeben, um {use}", "boot": "Alten Schuh an {to} weitergeben"},
}


def _use(lang: str, use: str, arg: int, players: tuple[str, ...]) -> str:
    names = NAMES[lang]["resources"]
    return USE[lang][use].format(
        victim=players[arg] if use == "steal" else "", resource=names[arg] if use == "take" else ""
    )


def describe_fish(kind: str, data: dict[str, Any], lang: str, players: tuple[str, ...]) -> str | None:
    """The event in words, or ``None`` when it is not one of the Fishermen's."""
    lang = lang if lang in TEMPLATES else "en"
    template = TEMPLATES[lang].get(kind)
    if template is None:
        return None
    fields: dict[str, Any] = dict(data)
    for key in ("seat", "to"):
        if key in data:
            fields[key] = players[data[key]]
    if kind == "fish":
        arg = data.get("victim", data.get("resource", -1))
        fields["use"] = _use(lang, data["use"], arg, players)
        fields["tokens"] = "+".join(str(v) for v in data["tokens"])
    if kind == "fish_catch":
        values = data.get("tokens")
        fields["values"] = f" ({'+'.join(str(v) for v in values)})" if values else ""
    return template.format(**fields)


def fish_label(kind: str, use: str, arg: int, tokens: tuple[int, int, int], lang: str, players: tuple[str, ...]) -> str:
    lang = lang if lang in LABELS else "en"
    if kind == "boot":
        return LABELS[lang]["boot"].format(to=players[arg])
    return LABELS[lang]["fish"].format(tokens=tokens_text(tokens), use=_use(lang, use, arg, players))


TEXT = {
    "en": {
        "lake": "lake",
        "grounds": "Fishing grounds",
        "at": "at",
        "lake_line": "the lake {hex} yields on {numbers}",
        "tokens": "Fish tokens",
        "yours": "yours",
        "supply": "supply",
        "spent": "spent",
        "none": "none",
        "boot": "Old boot",
        "boot_note": "needs one victory point more",
        "nobody": "in the supply",
    },
    "de": {
        "lake": "See",
        "grounds": "Fischgründe",
        "at": "an",
        "lake_line": "der See {hex} liefert bei {numbers}",
        "tokens": "Fischkärtchen",
        "yours": "deine",
        "supply": "Vorrat",
        "spent": "abgegeben",
        "none": "keine",
        "boot": "Alter Schuh",
        "boot_note": "benötigt 1 Siegpunkt mehr",
        "nobody": "im Vorrat",
    },
}


def fish_text(view: dict[str, Any], lang: str, players: tuple[str, ...]) -> str:
    """The Fishermen's lines under the text board, drawn from the view alone (so nothing hidden shows)."""
    w = TEXT.get(lang, TEXT["en"])
    board, fish = view["board"], view["fish"]
    grounds = " | ".join(f"{g['number']} {w['at']} {' '.join(map(str, g['nodes']))}" for g in board["fishing_grounds"])
    lines = [f"{w['grounds']}: {grounds}"]
    if board["lake"]:
        lines[0] += "; " + w["lake_line"].format(hex=board["lake"], numbers=", ".join(map(str, fish["lake_numbers"])))
    held = ", ".join(f"{players[p]} {n}" for p, n in enumerate(fish["tokens"]))
    line = f"{w['tokens']}: {held}"
    if "yours" in fish:
        yours = [int(v) for v, n in sorted(fish["yours"].items(), reverse=True) for _ in range(n)]
        line += f"; {w['yours']}: {'+'.join(map(str, yours)) or w['none']}"
    spent = sum(fish["spent"].values())
    line += f". {w['supply']} {fish['supply']}, {w['spent']} {spent}."
    boot = fish["boot"]
    lines += [line, f"{w['boot']}: " + (f"{players[boot]} ({w['boot_note']})" if boot is not None else w["nobody"])]
    return "\n".join(lines)
