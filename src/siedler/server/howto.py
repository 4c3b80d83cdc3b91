"""The How-to-play pages at ``/howto/{ruleset}?lang=``: a rule set's ``RULESET.LANG.md`` from the How-to
folder (``Settings.howto_dir``) rendered to HTML, and the pictures beside it.

The Markdown is ours, but it is rendered as if it were not: raw HTML in it is escaped and links to
``javascript:`` and the like are dropped (markdown-it-py in its CommonMark mode with HTML off), and the
page carries the table's Content-Security-Policy, so nothing in a How-to page can run script.
"""

from __future__ import annotations

import html
import re

from fastapi import HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from markdown_it import MarkdownIt

from siedler.core.i18n import language, languages, text
from siedler.core.registry import rulesets

from .config import Settings

#: Pictures a How-to page may show: a plain file name with one of these endings, nothing with a path.
PICTURE = re.compile(r"^[\w.-]+\.(svg|png)$")
MEDIA = {"svg": "image/svg+xml", "png": "image/png"}

_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")

PAGE = """<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
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
        path = folder / ruleset
        if not path.is_file():
            raise HTTPException(404, f"no picture {ruleset!r}")
        return FileResponse(path, media_type=MEDIA[found.group(1)])
    if ruleset not in {r.name for r in rulesets()}:
        raise HTTPException(404, f"no rule set {ruleset!r}")
    lang = language(lang)
    for chosen in dict.fromkeys((lang, "en")):
        path = folder / f"{ruleset}.{chosen}.md"
        if path.is_file():
            break
    else:
        raise HTTPException(404, f"no How-to-play page for {ruleset!r} yet")
    body = _MARKDOWN.render(path.read_text(encoding="utf-8"))
    heading = re.search(r"<h1>(.*?)</h1>", body)
    switch = " ".join(
        f'<a href="/howto/{ruleset}?lang={code}">{code.upper()}</a>' for code in languages() if code != lang
    )
    page = PAGE.format(
        lang=lang,
        title=heading.group(1) if heading else html.escape(ruleset),
        lobby=html.escape(text("page.lobby", lang)),
        switch=switch,
        body=body,
    )
    return HTMLResponse(page, headers={"Cache-Control": "no-cache"})
