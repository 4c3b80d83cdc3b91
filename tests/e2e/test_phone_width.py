"""No page wider than a phone (390x844, touch) in any rule set: the lobby with its options open (in German
and in English), and the table at the person's first turn. Every rule set the server offers is checked, a
plug-in's too where one is installed; what sticks out is named (an element's tag and class and how far it
reaches), not only the page's width.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer
from .table import open_options

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
#: What reaches past the phone's 390 px (a mobile page zooms out to its widest element, so the window's own
#: width would hide it): the page's width and the elements sticking out, outside a box that pans its content.
WIDER_JS = """() => {
  const out = [`page ${document.documentElement.scrollWidth}`];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.board-pan.zoomed, .option-grid-wrap')) continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > 391) out.push(`${el.tagName}.${el.getAttribute('class')} to ${Math.round(r.right)}`);
  }
  return out.length > 1 || document.documentElement.scrollWidth > 391 ? out.slice(0, 8) : [];
}"""


def rulesets(server: LiveServer) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{server.url}/api/rulesets", timeout=10) as answer:
        listed: list[dict[str, Any]] = json.loads(answer.read())
    return listed


def test_no_page_is_wider_than_a_phone_in_any_rule_set(
    module_server: LiveServer, context_factory: Callable[..., Any]
) -> None:
    page = context_factory(**PHONE).new_page()
    problems: dict[str, list[str]] = {}
    listed = rulesets(module_server)
    assert len(listed) >= 7
    for ruleset in listed:
        name = ruleset["name"]
        for lang in ("de", "en"):  # German's longer words first; the table is then checked in English
            page.goto(module_server.url)
            page.click(f'#lang-switch [data-lang="{lang}"]')
            page.select_option("#ruleset", name)
            open_options(page)
            problems[f"{name} lobby ({lang})"] = page.evaluate(WIDER_JS)
        players = ruleset["players"]["min"] if name == "deck-building" else max(ruleset["players"]["min"], 3)
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        status, created = module_server.post(
            "/games", {"ruleset": name, "seed": 5, "bot_delay": 0, "name": "Anna", "seats": seats}
        )
        assert status == 201, created
        page.goto(f"{module_server.url}/games/{created['game']['id']}#seat=0&token={created['token']}")
        page.wait_for_selector("#table[data-my-turn=true]")
        problems[f"{name} table"] = page.evaluate(WIDER_JS)
    wide = {where: what for where, what in problems.items() if what}
    assert not wide, wide
