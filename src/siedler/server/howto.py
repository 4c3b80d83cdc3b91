"""The How-to-play pages at ``/howto/{ruleset}?lang=``: a rule set's own page (``siedler.howto.page``, from
its package), or ``RULESET.LANG.md`` from a folder of pages that ``Settings.howto_dir`` names instead, with
the pictures beside it, rendered to HTML; and a board rule set's picture at
``/howto/{ruleset}/board.svg?lang=``, which its page shows right under its heading.

The board picture is drawn by ``siedler.howto.picture`` (an example position, in the page's language)
rather than shipped as a file, so that it always shows the board the rule set draws today; it is drawn once
per rule set and language and kept.

The Markdown is ours, but it is rendered as if it were not: raw HTML in it is escaped and links to
``javascript:`` and the like are dropped (markdown-it-py in its CommonMark mode with HTML off), and the
page carries the table's Content-Security-Policy, so nothing in a How-to page can run script.
"""

from __future__ import annotations

import html
import re
from functools import cache
from importlib import resources
from pathlib import Path

from fastapi import HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from markdown_it import MarkdownIt

from siedler import howto
from siedler.core.i18n import language, languages, text
from siedler.core.registry import rulesets

from .config import Settings

#: Pictures a How-to page may show: a plain file name with one of these endings, nothing with a path.
PICTURE = re.compile(r"^[\w.-]+\.(svg|png)$")
MEDIA = {"svg": "image/svg+xml", "png": "image/png"}

#: The board picture's own policy: it is drawn by us but styled by an inline ``<style>``, which the page's
#: policy (``style-src 'self'``) would forbid inside it; it may hold nothing else, and no script at all,
#: also when opened on its own.
PICTURE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'"

#: The table's icon (a ``data:`` image in the table's own page), taken from there so that it is drawn once;
#: without it a browser asks for ``/favicon.ico``, which is not served.
ICON = re.search(r'<link rel="icon"[^>]*>', resources.files("siedler").joinpath("web/index.html").read_text("utf-8"))

_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")

PAGE = """<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  {icon}
  <link rel="stylesheet" href="/static/css/style.css">
</head>
<body class="howto-page">
  <header class="site-header"><a class="brand" href="/">⬢ siedler</a>
    <nav><a href="/">{lobby}</a> · {switch}</nav></header>
  <main class="howto">{body}</main>
</body>
</html>
"""


def howto_page(request: Request, ruleset: str, lang: str = "en") -> Response:
    """One rule set's How-to page in ``lang`` (English when that language has none yet), or a picture."""
    settings: Settings = request.app.state.settings
    folder = settings.howto_dir
    found = PICTURE.match(ruleset)
    if found:
        if folder is None or not (folder / ruleset).is_file():
            raise HTTPException(404, f"no picture {ruleset!r}")
        return FileResponse(folder / ruleset, media_type=MEDIA[found.group(1)])
    if ruleset not in {r.name for r in rulesets()}:
        raise HTTPException(404, f"no rule set {ruleset!r}")
    lang = language(lang)
    markdown = _markdown(folder, ruleset, lang)
    if markdown is None:
        raise HTTPException(404, f"no How-to-play page for {ruleset!r} yet")
    body = _MARKDOWN.render(markdown)
    heading = re.search(r"<h1>(.*?)</h1>", body)
    if _board(ruleset, lang) is not None:
        figure = _figure(ruleset, lang)
        body = body[: heading.end()] + figure + body[heading.end() :] if heading else figure + body
    switch = " ".join(
        f'<a href="/howto/{ruleset}?lang={code}">{code.upper()}</a>' for code in languages() if code != lang
    )
    page = PAGE.format(
        lang=lang,
        icon=ICON.group(0) if ICON else "",
        title=heading.group(1) if heading else html.escape(ruleset),
        lobby=html.escape(text("page.lobby", lang)),
        switch=switch,
        body=body,
    )
    return HTMLResponse(page, headers={"Cache-Control": "no-cache"})


def _markdown(folder: Path | None, ruleset: str, lang: str) -> str | None:
    """The page's text in ``lang``, else in English: from ``folder``, or the rule set's own; ``None``: none."""
    if folder is None:
        try:
            return howto.page(ruleset, lang)
        except LookupError:
            return None
    for chosen in dict.fromkeys((lang, "en")):
        path = folder / f"{ruleset}.{chosen}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None


def _figure(ruleset: str, lang: str) -> str:
    """The board picture with its caption, as the page shows it under its heading."""
    caption = html.escape(text("howto.board", lang))
    return (
        f'<figure class="howto-board"><img src="/howto/{ruleset}/board.svg?lang={lang}" alt="{caption}">'
        f"<figcaption>{caption}</figcaption></figure>"
    )


@cache
def _board(ruleset: str, lang: str) -> str | None:
    """``siedler.howto.picture``, drawn once per rule set and language (both checked by the callers, so that
    the cache holds at most one picture per registered rule set and catalog language)."""
    return howto.picture(ruleset, lang)


def board_picture(ruleset: str, lang: str = "en") -> Response:
    """A board rule set's example position as SVG in ``lang``; 404 for a card game or an unknown name."""
    if ruleset not in {r.name for r in rulesets()}:
        raise HTTPException(404, f"no rule set {ruleset!r}")
    svg = _board(ruleset, language(lang))
    if svg is None:
        raise HTTPException(404, f"{ruleset!r} has no board to picture: its page shows its cards")
    headers = {"Content-Security-Policy": PICTURE_POLICY, "Cache-Control": "max-age=3600"}
    return Response(svg, media_type=MEDIA["svg"], headers=headers)
