"""The public API on the card game: notation, refusals, views, records, states, words."""

from __future__ import annotations

import json

import pytest

import siedler
from siedler.games.deck_building.actions import action_set

from .positions import play, position


def every_action() -> list[siedler.Action]:
    table = action_set(30)
    return list(table.canon.values())


def test_notation_round_trip_for_every_action() -> None:
    table = action_set(30)
    for action in every_action():
        text = str(action)
        assert table.parse(text) is action
        assert table.parse(f"  {text.upper()}  ") is action
        assert json.loads(json.dumps(action.to_json())) == text


@pytest.mark.parametrize(
    "text, action",
    [
        ("lay Holz", "lay wood"),
        ("buy Stadt", "buy city"),
        ("play Ritter (Offensiv)", "play knight"),
        ("play ritter-defensiv", "play defender"),
        ("buy Wüste", "buy desert"),
        ("discard Meer", "discard sea"),
        ("trade 2weide>erz", "trade wool+wool>ore"),
        ("trade ore+wood>grain", "trade wood+ore>grain"),
        ("play Hafen", "play harbor"),
        ("road 2", "road 2"),
    ],
)
def test_parser_accepts_german_names_and_synonyms(text: str, action: str) -> None:
    assert str(action_set(30).parse(text)) == action


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty"),
        ("fly", "unknown action"),
        ("lay dragon", "needs a card"),
        ("play wood", "cannot be played"),
        ("lay settlement", "play settlement"),
        ("lay road", "road <n>"),
        ("road 0", "road <n>"),
        ("road x", "road <n>"),
        ("trade wool>ore", "two resource cards"),
        ("trade wool+ore", "trade <card>"),
        ("trade wool+ore>ore", "another kind"),
        ("end now", "no arguments"),
    ],
)
def test_malformed_notation_is_refused_clearly(text: str, words: str) -> None:
    game = siedler.new_game("deck-building", players=2, seed=1)
    before = game.state()
    with pytest.raises(siedler.IllegalAction, match=words):
        game.apply(text)
    assert game.state() == before


def test_illegal_actions_leave_the_game_unchanged() -> None:
    game = position(hands=(["wood", "knight"], ["sea"]))
    for text in (
        "buy city",
        "lay ore",
        "play harbor",
        "road 1",
        "discard wood",
        "keep",
        "reflect",
        "trade wood+brick>ore",
    ):
        before = game.state()
        with pytest.raises(siedler.IllegalAction):
            game.apply(text)
        assert game.state() == before, text
    with pytest.raises(siedler.IllegalAction, match="holds no ore"):
        game.apply("lay ore")


def test_view_structure_and_hidden_information() -> None:
    game = position(hands=(["wood", "sea", "settlement"], ["ore", "city"]), discard={1: ["road"]})
    play(game, "lay wood")
    v0, v1, spectator = game.view(0), game.view(1), game.view(None)
    for v in (v0, v1, spectator):
        json.dumps(v)
        assert {
            "phase",
            "current",
            "to_act",
            "over",
            "winner",
            "players",
            "supply",
            "costs",
            "table",
            "attack",
            "taken",
            "discarding",
        } <= set(v)
        assert v["players"][1]["hand"] == 2 and v["players"][0]["hand"] == 2
        assert v["players"][1]["discard"] == {"count": 1, "top": "road"}
        assert v["players"][0]["laid_out"] == ["wood"]
        assert isinstance(v["players"][0]["draw"], int)
        assert v["table"]["cards"] == {"wood": 1}
    assert v0["you"]["hand"] == ["sea", "settlement"] and v1["you"]["hand"] == ["ore", "city"]
    assert "you" not in spectator and "legal" not in spectator
    assert v0["legal"] and v1["legal"] == []
    assert set(v0["legal"]) == {str(a) for a in game.legal_actions()}
    with pytest.raises(ValueError):
        game.view(2)


def test_events_in_both_languages_and_secret_draws() -> None:
    game = siedler.new_game("deck-building", players=["Anna", "Ben"], seed=2)
    play(game, "end")
    mine = game.events(0, lang="en")
    theirs = game.events(1, lang="de")
    draws_0 = [e for e in mine if e["kind"] == "draw" and e["data"]["seat"] == 0]
    assert all("cards" in e["data"] for e in draws_0)
    assert all("cards" not in e["data"] for e in theirs if e["kind"] == "draw" and e["data"]["seat"] == 0)
    assert mine[0]["text"] == "You take the first turn." and theirs[0]["text"] == "Anna beginnt."
    assert "You end the turn" in " ".join(e["text"] for e in mine)


def test_labels_and_text_render_in_both_languages() -> None:
    game = position(hands=(["wood", "brick", "settlement", "road", "road", "harbor", "sea"], ["sea"]))
    play(game, "lay wood")
    for action in game.legal_actions():
        assert game.action_label(action, "en") and game.action_label(action, "de")
    assert game.action_label(game.parse_action("buy road"), "en").startswith("Buy road")
    assert game.action_label(game.parse_action("road 2"), "de").startswith("2 Straße")
    text = game.render_text(0, "de")
    assert "Deine Hand" in text and "Vorrat" in text
    assert "Your hand" not in game.render_text(None)


def test_record_replay_and_state_round_trip() -> None:
    game = siedler.new_game("deck-building", players=2, seed=9, options={"edition": "later"})
    play(game, "end", "end", "end")
    record = json.loads(json.dumps(game.record()))
    assert siedler.replay(record).state() == game.state()
    state = json.loads(json.dumps(game.state()))
    again = siedler.from_state(state)
    assert again.state() == state and again.legal_actions() == game.legal_actions()
    # A move appended that the position refuses (which one depends on the cards the seed dealt).
    bad = next(
        text for text in ("buy city", "buy knight", "allow", "keep") if game.why_illegal(game.parse_action(text))
    )
    tampered = dict(record, actions=[*record["actions"], bad])
    with pytest.raises(siedler.RecordError, match=bad):
        siedler.replay(tampered)


def test_edited_state_is_checked_for_conservation() -> None:
    state = siedler.new_game("deck-building", players=2, seed=1).state()
    state["game"]["players"][0]["hand"]["city"] = 5
    with pytest.raises(siedler.RecordError, match="city"):
        siedler.from_state(state)
    state = siedler.new_game("deck-building", players=2, seed=1).state()
    state["game"]["players"][0]["draw"].append("dragon")
    with pytest.raises(siedler.RecordError, match="dragon"):
        siedler.from_state(state)


def test_copy_is_independent() -> None:
    game = position(hands=(["wood", "brick", "harbor"], ["sea"]))
    clone = game.copy()
    play(clone, "buy road", "play harbor", "end")
    assert game.state()["game"]["players"][0]["hand"] == {"wood": 1, "brick": 1, "harbor": 1}
    assert game.legal_actions() != clone.legal_actions()
