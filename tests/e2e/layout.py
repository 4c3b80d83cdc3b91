"""What a newcomer's table must never show, measured in the page: pieces, harbours and number tokens
overlapping one another or leaving the board's frame, a piece or card without a name, a page wider than
the window. Shared by the per-rule-set game test and the screenshot script."""

from __future__ import annotations

from typing import Any

#: The page-side check: a list of problems in words (empty: none). Boxes are the elements' bounding boxes
#: on screen, shrunk by half a pixel so that touching is not overlapping.
PROBLEMS_JS = """() => {
  const problems = [];
  const box = (el) => { const r = el.getBoundingClientRect();
    return {l: r.left + .5, t: r.top + .5, r: r.right - .5, b: r.bottom - .5}; };
  const name = (el) => el.getAttribute('aria-label') || el.getAttribute('class') +
    (el.tagName === 'text' ? ` ${el.textContent}` : '');
  const svg = document.querySelector('svg.board');
  if (svg) {
    const drawn = svg.getBoundingClientRect();
    if (drawn.width < Math.min(300, window.innerWidth * 0.6) || drawn.height < 200)
      problems.push(`the board is drawn ${Math.round(drawn.width)}x${Math.round(drawn.height)}px`);
    const frame = box(svg.querySelector('.sea'));
    // Soldiers & Armies' army badges, nukes and wall counts and Baden-Württemberg's landmarks and town
    // names are pieces and words on the board like the others. Not here, by design: a town's round mark
    // (.bw-city), on which its town hall stands; a city's bank of wall stones at its foot; the move prices,
    // a hint over the board while an army's move is chosen.
    const pieces = [...svg.querySelectorAll(
      '.token, .harbor-disc, .piece.settlement, .piece.city, .piece.robber, .piece.extra')];
    const solid = [...pieces, ...svg.querySelectorAll('.army-body, .nuke-body, .wall-count, .bw-landmark, .bw-town')];
    for (const el of [...solid, ...svg.querySelectorAll('.piece.road, .bw-label, .bw-note')]) {
      const b = box(el);
      if (b.l < frame.l - 1 || b.t < frame.t - 1 || b.r > frame.r + 1 || b.b > frame.b + 1)
        problems.push(`${name(el)} leaves the frame`);
    }
    const boxes = solid.map((el) => [el, box(el)]);
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const [a, p] = boxes[i]; const [c, q] = boxes[j];
      if (p.l < q.r && q.l < p.r && p.t < q.b && q.t < p.b) problems.push(`${name(a)} overlaps ${name(c)}`);
    }
    for (const el of [...pieces, ...svg.querySelectorAll('.piece.road, .hex')])
      if (!el.getAttribute('aria-label')) problems.push(`unnamed ${el.getAttribute('class')}`);
    // An army, a nuke and a landmark are named by their tooltip; a town name is words itself.
    for (const el of svg.querySelectorAll('.army, .nuke, .bw-landmark'))
      if (!el.querySelector(':scope > title')?.textContent) problems.push(`unnamed ${el.getAttribute('class')}`);
  }
  // A name that is a bare catalog key ("token_odds") means the page asked for a key the catalog lacks.
  for (const el of document.querySelectorAll('[aria-label]')) {
    const label = el.getAttribute('aria-label');
    if (/^[a-z]+(_[a-z]+)+$/.test(label)) problems.push(`bare key ${label}`);
  }
  for (const el of document.querySelectorAll('.card:not(.back)'))
    if (!el.getAttribute('aria-label')) problems.push(`unnamed card ${el.dataset.card}`);
  for (const el of document.querySelectorAll('.ptags .tag:not(.award)'))
    if (!el.getAttribute('title')) problems.push(`tag without words: ${el.textContent}`);
  if (document.documentElement.scrollWidth > window.innerWidth + 1)
    problems.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${window.innerWidth}px window`);
  return problems;
}"""


def layout_problems(page: Any) -> list[str]:
    problems: list[str] = page.evaluate(PROBLEMS_JS)
    return problems
