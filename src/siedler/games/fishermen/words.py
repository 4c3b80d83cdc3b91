"""The Fishermen's log, labels and text-board lines, from the catalog (``fishermen.*``; German terms as in the
rule text: Fischkärtchen, Fischgrund, See, Alter Schuh)."""

from __future__ import annotations

from typing import Any

from siedler.core.i18n import Voice, catalog, namespace, plural, text
from siedler.games.catan.words import resource_names

from .tokens import tokens_text


def _use(use: str, arg: int, voice: Voice) -> str:
    """What fish tokens were handed in for; the victim of a steal is told "from you" in their own log."""
    resource = resource_names(voice.lang)[arg] if use == "take" else ""
    victim = arg if use == "steal" else None
    return voice.say(f"fishermen.use.{use}", about=victim, victim=voice.who(victim), resource=resource)


def describe_fish(kind: str, data: dict[str, Any], voice: Voice) -> str | None:
    """The event in words for ``voice``'s reader, or ``None`` when it is not one of the Fishermen's."""
    key = f"fishermen.log.{kind}"
    if key not in catalog(voice.lang):
        return None
    fields: dict[str, Any] = dict(data)
    fields.pop("seat", None)
    if "to" in data:
        fields["to"] = voice.who(data["to"])
    if kind == "fish":
        arg = data.get("victim", data.get("resource", -1))
        fields["use"] = _use(data["use"], arg, voice)
        fields["tokens"] = "+".join(str(v) for v in data["tokens"])
    if kind == "fish_catch":
        values = data.get("tokens")
        fields["count"] = plural("fishermen.count.token", voice.lang, data["count"])
        worth = "+".join(str(v) for v in values) if values else ""
        fields["values"] = text("fishermen.word.worth", voice.lang, values=worth) if values else ""
    return voice.say(key, data.get("seat"), data.get("to"), **fields)


def fish_label(kind: str, use: str, arg: int, tokens: tuple[int, int, int], lang: str, players: tuple[str, ...]) -> str:
    if kind == "boot":
        return text("fishermen.label.boot", lang, to=players[arg])
    use_words = _use(use, arg, Voice(players, lang, None, "catan.word.nobody"))
    return text("fishermen.label.fish", lang, tokens=tokens_text(tokens), use=use_words)


def fish_text(view: dict[str, Any], lang: str, players: tuple[str, ...]) -> str:
    """The Fishermen's lines under the text board, drawn from the view alone (so nothing hidden shows)."""
    w = namespace("fishermen.board", lang)
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
