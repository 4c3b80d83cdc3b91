"""The Catan log in words, from the message catalog (``catan.*`` in ``siedler/locale/<lang>.toml``)."""

from __future__ import annotations

from typing import Any

from siedler.core.i18n import catalog, text

from .rules import DEV_CARDS, RESOURCES


def resource_names(lang: str) -> tuple[str, ...]:
    """The resources' names in ``lang``, by resource index."""
    return tuple(text(f"catan.resource.{r}", lang) for r in RESOURCES)


def card_names(lang: str) -> tuple[str, ...]:
    """The development cards' names in ``lang``, by card index."""
    return tuple(text(f"catan.card.{c}", lang) for c in DEV_CARDS)


def bundle(counts: list[int] | tuple[int, ...], lang: str, joiner: str = ", ", empty: str = "-") -> str:
    """``2 wood, 1 ore``: resource counts by index in words (the log's and the labels' joiners differ)."""
    names = resource_names(lang)
    return joiner.join(f"{n} {names[r]}" for r, n in enumerate(counts) if n) or empty


def describe_event(
    kind: str, data: dict[str, Any], lang: str, players: tuple[str, ...], robber: str | None = None
) -> str:
    names = resource_names(lang)

    def who(seat: Any) -> str:
        return players[int(seat)] if seat is not None and int(seat) >= 0 else text("catan.word.nobody", lang)

    if kind == "produce":
        parts = [f"{who(p)}: {bundle(g, lang)}" for p, g in data.get("gains", {}).items()]
        short = ", ".join(names[r] for r in data.get("short", []))
        out = text("catan.word.production", lang, parts="; ".join(parts) or "-")
        return out + text("catan.word.short", lang, short=short) if short else out
    if kind == "over":
        if data.get("winner") is None:
            return text("catan.word.no_winner", lang)
        return text("catan.word.wins", lang, seat=who(data["winner"]))
    if kind == "award" and data.get("seat", -1) < 0:
        kind = "award_lost"
    fields: dict[str, Any] = {k: v for k, v in data.items()}
    fields["robber"] = robber or text("catan.word.robber", lang)
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
    if kind in ("bank",):
        fields["give"] = names[data["give"]]
        fields["get"] = names[data["get"]]
    if kind in ("offer", "trade"):
        fields["give"] = bundle(data["give"], lang)
        fields["want"] = bundle(data["want"], lang)
        if kind == "offer":
            to = data.get("to", -1)
            fields["to"] = "" if to is None or to < 0 else text("catan.word.offer_to", lang, seat=who(to))
    if kind == "reply":
        fields["accepted"] = text("catan.word.accepts" if data["accepted"] else "catan.word.declines", lang)
    if kind == "plenty":
        fields["take"] = ", ".join(names[r] for r in data["take"])
    if kind == "monopoly":
        fields["taken"] = ", ".join(f"{who(p)} {n}" for p, n in data["taken"].items()) or "-"
    if kind in ("award", "award_lost"):
        fields["award"] = text(f"catan.award.{data['award']}", lang)
    key = f"catan.log.{kind}"
    if key not in catalog(lang):
        return f"{kind}: {data}"
    return text(key, lang, **fields)


__all__ = ["DEV_CARDS", "describe_event"]
