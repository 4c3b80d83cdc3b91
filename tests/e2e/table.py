"""Playing through the page as a person would: wait for one's turn, click what is highlighted or offered."""

from __future__ import annotations

from typing import Any

TABLE = "#table"


def wait_my_turn_or_over(page: Any, timeout: float = 30_000) -> bool:
    """True when it is this page's turn, False when the game is over."""
    page.wait_for_selector(f"{TABLE}[data-my-turn=true][data-pending=false], {TABLE}[data-over=true]", timeout=timeout)
    return bool(page.get_attribute(TABLE, "data-over") != "true")


def state_number(page: Any) -> int:
    return int(page.get_attribute(TABLE, "data-n") or 0)


def click_and_wait(page: Any, locator: Any) -> None:
    """Click, then wait until the server's answer (a new state or a refusal) has arrived."""
    n = state_number(page)
    locator.click()
    chooser = page.locator(".chooser .action-btn")
    if chooser.count():
        chooser.first.click()
    confirm = page.locator("#confirm-yes")  # a place tapped on a touch screen is shown first (prefs.js)
    if confirm.count():
        confirm.click()
    give_away = page.locator("#warn-yes")  # so is a move that gives a building or card away (compose.js)
    if give_away.count():
        give_away.click()
    # A selector, not wait_for_function: the page's Content-Security-Policy forbids evaluating strings.
    page.wait_for_selector(f"{TABLE}:not([data-n='{n}']), {TABLE}[data-pending=false]")


def simple_move(page: Any, prefer_end_after: int | None = None, moves_this_turn: int = 0) -> None:
    """Roll if possible, else click the first highlighted place, else the first other button, else end.

    With ``prefer_end_after``, end the turn once that many moves were made in it (keeps card games short).
    """
    if page.locator("#discard-confirm").count():
        discard(page)
        return
    roll = page.locator('#menu [data-action="roll"]')
    end = page.locator('#menu [data-action="end"]')
    targets = page.locator("#play-area .target")
    others = page.locator("#menu .action-btn:not([data-action='end'])")
    if roll.count():
        click_and_wait(page, roll.first)
    elif prefer_end_after is not None and moves_this_turn >= prefer_end_after and end.count():
        click_and_wait(page, end.first)
    elif targets.count():
        click_and_wait(page, targets.first)
    elif end.count() and prefer_end_after is None:
        click_and_wait(page, end.first)
    elif others.count():
        click_and_wait(page, others.first)
    else:
        click_and_wait(page, end.first)


def move_where_drawn(page: Any) -> None:
    """``simple_move``, but a highlighted place is clicked where it is drawn: a map with vertical paths
    (Baden-Württemberg's) has lines whose bounding box is empty, which Playwright would call invisible."""
    targets = page.locator("#play-area .target")
    if page.locator('#menu [data-action="roll"]').count() or not targets.count():
        simple_move(page)
        return
    n = state_number(page)
    targets.first.click(force=True)
    chooser = page.locator(".chooser .action-btn")
    if chooser.count():
        chooser.first.click()
    page.wait_for_selector(f"{TABLE}:not([data-n='{n}']), {TABLE}[data-pending=false]")


def open_options(page: Any) -> None:
    details = page.locator("details.options")
    if details.count() and not details.evaluate("d => d.open"):
        page.click("details.options summary")


def discard(page: Any) -> None:
    """Give up the cards due, by counts: "+" on the first cards that allow it, then confirm once; wait until
    the whole sequence was played (the chooser is gone or the game moved on to another seat)."""
    while not page.locator("#discard-confirm").is_enabled():
        page.locator("#discard [data-step^='+']:enabled").first.click()
    page.click("#discard-confirm")
    page.wait_for_selector("#discard-confirm", state="detached")
    page.wait_for_selector(f"{TABLE}[data-pending=false]")
