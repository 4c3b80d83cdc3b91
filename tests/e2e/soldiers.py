"""A person at a Soldiers & Armies table: what Anna clicks, turn by turn, and what she notes the table shows.

Shared by the end-to-end game (test_soldiers_and_armies.py) and the docs' screenshot (test_screenshots.py).
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from .conftest import LiveServer
from .table import TABLE, click_and_wait, open_options

RED = "#d7263d"
#: Cheaper units than the defaults (a designer's option, set in the lobby) so that armies meet within the
#: few rounds a browser test can afford.
COSTS = {"infantry": {"wool": 1}, "cavalry": {"grain": 1, "ore": 1}, "wall": {"grain": 1}}
#: The chooser's options a person takes first on a shared target: a first wall, then armies.
PREFERRED = ("recruit cavalry", "recruit infantry", "city", "settle")
#: A die as the battle panel writes it, in English or German ("d10", "W8+1 (Gebäude)").
DIE = re.compile(r"^[dW]\d+(\+\d)?( \(.+\))?$")
#: The words each language gives an army's tooltip, the walls' and the odds line.
WORDS = {
    False: {"army": "Army of", "walls": "city walls", "odds": "Chance to win"},
    True: {"army": "Armee von", "walls": "Stadtmauern", "odds": "Chance, die nächste Runde"},
}


def view_of(server: LiveServer, page: Any) -> dict[str, Any]:
    """What the person sees (the board as its view), read from the server with the page's own seat link."""
    game_id, fragment = page.url.split("/games/")[1].split("#")
    token = dict(part.split("=") for part in fragment.split("&"))["token"]
    request = urllib.request.Request(f"{server.url}/api/games/{game_id}/view?seat=0")
    request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        view: dict[str, Any] = json.loads(response.read())["view"]
    return view


def click_preferring(page: Any, locator: Any, prefixes: tuple[str, ...] = PREFERRED) -> None:
    """Click a target; where several actions share it, take the chooser's first preferred option."""
    n = page.get_attribute(TABLE, "data-n")
    locator.click()
    chooser = page.locator(".chooser .action-btn")
    if chooser.count():
        actions = [chooser.nth(i).get_attribute("data-action") or "" for i in range(chooser.count())]
        pick = next((i for p in prefixes for i, a in enumerate(actions) if a.startswith(p)), 0)
        chooser.nth(pick).click()
    page.wait_for_selector(f"{TABLE}:not([data-n='{n}']), {TABLE}[data-pending=false]")


def march_target(view: dict[str, Any]) -> str | None:
    """A free move that ends next to a foreign building (the person reads the board: '3 free steps')."""
    neighbours: dict[int, set[int]] = {}
    for a, b in view["board"]["edges"]:
        neighbours.setdefault(a, set()).add(b)
        neighbours.setdefault(b, set()).add(a)
    foreign = {p["at"] for p in view["pieces"] if p["kind"] in ("settlement", "city") and p["owner"] != 0}
    for move in view["soldiers"]["moves"]:
        if not move["paid"] and neighbours.get(move["to"], set()) & foreign:
            return f"move {move['from']}>{move['to']}"
    return None


class Person:
    """Anna's turn by turn choices, all made by clicking what the table offers."""

    def __init__(self, page: Any, server: LiveServer) -> None:
        self.page = page
        self.server = server
        self.builds = 0
        self.rounds = 0
        self.seen: set[str] = set()
        self.german = False

    def note(self, what: str) -> None:
        self.seen.add(what)
        if self.german:
            self.seen.add(f"{what} de")

    def phase(self) -> str:
        current = self.page.locator("#sa-phases .sa-phase.current")
        return current.get_attribute("data-phase") if current.count() else ""

    def leave(self) -> None:
        click_and_wait(self.page, self.page.locator("#sa-phases .sa-leave"))

    def move(self) -> None:
        page = self.page
        menu = page.locator("#menu .action-btn")
        if page.locator('#menu [data-action="roll"]').count():
            self.builds = 0
            click_and_wait(page, page.locator('#menu [data-action="roll"]'))
        elif page.locator("#sa-battle").count():
            self.battle()
        elif self.phase() == "main" and page.locator("#sa-phases .sa-leave").count():
            self.trade_and_build()
        elif self.phase() == "movement" and page.locator("#sa-phases .sa-leave").count():
            self.march()
        elif self.phase() == "combat" and page.locator("#sa-phases .sa-leave").count():
            self.attack()
        elif page.locator("#play-area svg .target").count():  # founding, the robber
            click_and_wait(page, page.locator("#play-area svg .target").first)
        elif page.locator('#menu [data-action="refuse"]').count():
            click_and_wait(page, page.locator('#menu [data-action="refuse"]'))
        else:  # discarding, a tribute, answering an offer
            click_and_wait(page, menu.first)

    def trade_and_build(self) -> None:
        targets = self.page.locator("#play-area svg .node-hit.target, #play-area svg .edge-hit.target")
        if self.builds < 3 and targets.count():
            self.builds += 1
            first = ("wall",) if "walls" not in self.seen else ()
            click_preferring(self.page, targets.first, (*first, *PREFERRED))
        else:
            self.leave()

    def march(self) -> None:
        page = self.page
        if page.locator(".move-cost").count():
            self.note("move prices")
        action = march_target(view_of(self.server, page))
        if action is None:
            self.leave()
            return
        dest = action.split(">")[1]
        click_preferring(page, page.locator(f'#play-area svg .node-hit[data-target="node:{dest}"]'), (action,))

    def attack(self) -> None:
        page = self.page
        targets = page.locator("#play-area svg .army.target, #play-area svg .node-hit.target")
        if targets.count():
            click_preferring(page, targets.first, ("attack",))
            self.rounds = 0
        else:
            self.leave()

    def battle(self) -> None:
        page = self.page
        panel = page.locator("#sa-battle")
        self.note("battle panel")
        assert panel.locator(".sa-side").count() == 2
        dice = panel.locator(".sa-die").all_inner_texts()
        assert dice and all(DIE.match(d) for d in dice), dice
        if page.locator("#sa-odds").count():
            odds = page.locator("#sa-odds").inner_text()
            assert WORDS[self.german]["odds"] in odds and re.search(r"\d+\.\d %", odds), odds
            self.note("odds")
        if page.locator("#sa-last .sa-roll").count():
            self.note("last roll")
        for answer in ("resist", "conquer", "neutral"):
            button = panel.locator(f'[data-target="battle:{answer}"]')
            if button.count():
                click_and_wait(page, button)
                return
        go_on = panel.locator('[data-target="battle:continue"]')
        if go_on.count() and self.rounds < 4:
            self.rounds += 1
            click_and_wait(page, go_on)
        elif panel.locator('[data-target="battle:stop"]').count():
            click_and_wait(page, panel.locator('[data-target="battle:stop"]'))
        elif page.locator("#play-area svg .node-hit.target").count():  # withdraw to an intersection
            click_and_wait(page, page.locator("#play-area svg .node-hit.target").first)
        else:
            click_and_wait(page, page.locator("#menu .action-btn").first)

    def look(self) -> None:
        """Note what the board shows now, and that each drawing has its words."""
        page = self.page
        words = WORDS[self.german]
        armies = page.locator("svg.board .army")
        if armies.count():
            self.note("armies")
            army = armies.first
            assert army.locator(".unit").count() >= 1
            assert (army.locator(".unit-count").first.text_content() or "").isdigit()
            assert words["army"] in (army.locator("title").text_content() or "")
        if page.locator(f"svg.board .army[data-owner='0'] .army-body[fill='{RED}']").count():
            self.note("own army")
        if page.locator("svg.board .walls").count():
            self.note("walls")
            assert words["walls"] in (page.locator("svg.board .walls title").first.text_content() or "")
        if page.locator("svg.board .piece.turned").count():
            self.note("turned")


def set_costs(page: Any, option: str, costs: dict[str, dict[str, int]]) -> None:
    """Fill a table option's grid as a designer would: each changed row's every field (the rest stay empty)."""
    grid = page.locator(f'[data-option="{option}"]')
    for row, price in costs.items():
        for field in grid.locator(f'input[data-row="{row}"]').all():
            field.fill(str(price.get(field.get_attribute("data-column") or "", 0)))


def create_game(page: Any, server: LiveServer, seed: int, turn_limit: int) -> None:
    """From the lobby, as a new user: the rule set, a name, three greedy bots, the options, create."""
    page.goto(server.url)
    page.select_option("#ruleset", "soldiers-and-armies")
    page.fill("#your-name", "Anna")
    for seat in (1, 2, 3):
        assert page.locator(f'.seat-kind[data-seat="{seat}"]').input_value() == "bot:greedy"
    open_options(page)
    page.fill('[name="opt-turn_limit"]', str(turn_limit))
    set_costs(page, "army_costs", COSTS)
    page.fill("#seed", str(seed))
    page.fill("#bot-delay", "0")
    page.click("#create")
    page.wait_for_selector("svg.board")
