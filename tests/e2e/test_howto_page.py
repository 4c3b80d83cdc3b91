"""The How-to page a newcomer opens from the lobby shows the rule set's board, drawn, in the page's language,
under the page's own Content-Security-Policy (a blocked picture or style would be a console error)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("ruleset", "lang"), [("soldiers-and-armies", "de"), ("baden-wuerttemberg", "en")])
def test_the_howto_page_opened_from_the_lobby_shows_the_board_picture(
    module_server: LiveServer, context_factory: Callable[..., Any], ruleset: str, lang: str
) -> None:
    context = context_factory(viewport={"width": 1280, "height": 800})
    lobby = context.new_page()
    lobby.goto(module_server.url)
    lobby.wait_for_selector("#create-form")
    lobby.click(f'[data-lang="{lang}"]')
    lobby.select_option("#ruleset", ruleset)
    link = lobby.locator("#create-form .howto-link")
    assert link.get_attribute("href") == f"/howto/{ruleset}?lang={lang}"
    with context.expect_page() as opened:  # the link opens the page beside the lobby
        link.click()
    page = opened.value
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.text} {m.location['url']}") if m.type == "error" else None)
    page.wait_for_load_state("load")
    picture = page.locator("main.howto h1 + figure.howto-board img")
    picture.wait_for()
    assert picture.get_attribute("src") == f"/howto/{ruleset}/board.svg?lang={lang}"
    assert picture.is_visible()
    assert picture.evaluate("img => img.complete && img.naturalWidth > 0 && img.naturalHeight > 0")
    box = picture.bounding_box()
    assert box is not None and box["width"] > 300 and box["y"] < 800, box  # shown large, on the first screen
    caption = page.locator("figure.howto-board figcaption").inner_text()
    assert caption == picture.get_attribute("alt")
    assert ("Spielplan" in caption) == (lang == "de")
    assert not console, console
