"""The Catan log in words, from the message catalog (``catan.*`` in ``siedler/locale/<lang>.toml``)."""

from __future__ import annotations

from functools import cache
from typing import Any

from siedler.core.i18n import Voice, catalog, plural, text

from .board import Board
from .places import hex_words, place_words
from .rules import DEV_CARDS, RESOURCES


@cache
def resource_names(lang: str) -> tuple[str, ...]:
    """The resources' names in ``lang``, by resource index (kept: every label and log line asks for them)."""
    return tuple(text(f"catan.resource.{r}", lang) for r in RESOURCES)


@cache
def card_names(lang: str) -> tuple[str, ...]:
    """The development cards' names in ``lang``, by card index (kept, like the resources')."""
    return tuple(text(f"catan.card.{c}", lang) for c in DEV_CARDS)


def bundle(counts: list[int] | tuple[int, ...], lang: str, joiner: str = ", ", empty: str = "-") -> str:
    """``2 wood, 1 ore``: resource counts by index in words (the log's and the labels' joiners differ)."""
    names = resource_names(lang)
    return joiner.join(f"{n} {names[r]}" for r, n in enumerate(counts) if n) or empty


def describe_event(
    kind: str,
    data: dict[str, Any],
    lang: str,
    players: tuple[str, ...],
    robber: str | None = None,
    viewer: int | None = None,
    board: Board | None = None,
) -> str:
    """An event in words for ``viewer``'s log (``None``: a spectator's), told to them where it is about them;
    its places named on ``board`` as a player sees them (``places``)."""
    names = resource_names(lang)
    voice = Voice(players, lang, viewer, "catan.word.nobody")
    who = voice.who
    if kind == "produce":
        parts = [f"{who(p)}: {bundle(g, lang)}" for p, g in data.get("gains", {}).items()]
        short = ", ".join(names[r] for r in data.get("short", []))
        out = text("catan.word.production", lang, parts="; ".join(parts) or "-")
        return out + text("catan.word.short", lang, short=short) if short else out
    if kind == "over":
        if data.get("winner") is None:
            return text("catan.word.no_winner", lang)
        return voice.say("catan.word.wins", data["winner"])
    if kind == "award" and data.get("seat", -1) < 0:
        kind = "award_lost"
    if kind == "reply":
        kind = "accept" if data["accepted"] else "decline"
    fields: dict[str, Any] = {k: v for k, v in data.items()}
    fields["robber"] = robber or text("catan.word.robber", lang)
    for key in ("victim", "with"):
        if key in data:
            fields[key] = who(data[key])
    about = data.get("victim", data.get("with"))
    if kind == "roll":
        d1, d2 = data["dice"]
        fields.update(d1=d1, d2=d2, total=d1 + d2)
    if kind == "start_roll":
        fields["rolls"] = ", ".join(f"{who(p)} {v}" for p, v in data["rolls"].items())
    if "resource" in data:
        r = data["resource"]
        fields["resource"] = names[r] if r is not None else text("catan.word.a_card", lang)
    elif kind == "steal":
        fields["resource"] = text("catan.word.a_card", lang)
    if kind == "buy":
        card = data.get("card")
        fields["card"] = f" ({card_names(lang)[card]})" if card is not None else ""
    if kind == "play":
        fields["card"] = card_names(lang)[data["card"]]
    if kind == "build":
        fields["piece"] = text(f"catan.piece.{data['piece']}", lang)
        if board is not None:
            fields["at"] = place_words(board, data["at"], lang)
    if kind == "robber" and board is not None:
        fields["hex"] = hex_words(board, data["hex"], lang)
    if kind in ("bank",):
        fields["give"] = names[data["give"]]
        fields["get"] = names[data["get"]]
    if kind == "discard" and "cards" in data:
        fields["cards"] = bundle(data["cards"], lang)
    if kind == "discard_due":
        fields["count"] = plural("catan.count.card", lang, data["count"])
    if kind in ("offer", "trade"):
        fields["give"] = bundle(data["give"], lang)
        fields["want"] = bundle(data["want"], lang)
        if kind == "offer":
            to = data.get("to", -1)
            about = None if to is None or to < 0 else to
            fields["to"] = "" if about is None else text("catan.word.offer_to", lang, to=who(about))
    if kind == "plenty":
        fields["take"] = ", ".join(names[r] for r in data["take"])
    if kind == "monopoly":
        fields["taken"] = ", ".join(f"{who(p)} {n}" for p, n in data["taken"].items()) or "-"
    if kind in ("award", "award_lost"):
        fields["award"] = text(f"catan.award.{data['award']}", lang)
    key = f"catan.log.{kind}"
    if key not in catalog(lang):
        return f"{kind}: {data}"
    fields.pop("seat", None)
    return voice.say(key, data.get("seat"), about, **fields)


__all__ = ["DEV_CARDS", "describe_event"]
