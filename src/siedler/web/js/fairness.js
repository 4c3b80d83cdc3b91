// Provably fair dice and cards, checked in this browser (docs/fairness.md). While a game runs the page
// shows the commitment to its seed and remembers the first one it saw; once the game is over the server
// reveals the seed, and the check recomputes SHA-256(tag, game id, seed, chosen or drawn) here (version 1,
// games from before: without the last) and compares it with the remembered commitment, then asks the
// server to replay seed and actions to the recorded end.

import {api} from "./api.js";
import {h} from "./dom.js";
import {t} from "./i18n.js";

const KEY = "siedler.commitments";
const TAGS = {1: "siedler-seed-commitment-v1", 2: "siedler-seed-commitment-v2"};

/** The text a commitment digests (siedler.core.fairness.commitment). */
function committed(gameId, summary) {
  const base = `${TAGS[summary.commitment_version] || TAGS[1]}\n${gameId}\n${summary.seed}`;
  return summary.commitment_version === 2 ? `${base}\n${summary.seed_chosen ? "chosen" : "drawn"}` : base;
}

function remembered() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

/** Keep the first commitment seen for a game: a server that changed it later would be caught. */
function remember(gameId, commitment) {
  const all = remembered();
  if (all[gameId]) return;
  all[gameId] = commitment;
  localStorage.setItem(KEY, JSON.stringify(all));
}

async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function check(gameId, summary, out) {
  out.replaceChildren(h("p", {text: t("fair_checking")}));
  const lines = [];
  const seen = remembered()[gameId];
  const ours = await sha256Hex(committed(gameId, summary));
  if (!seen) lines.push(["warn", t("fair_not_seen")]);
  const promised = seen || summary.commitment;
  lines.push(ours === promised ? ["ok", t("fair_seed_ok", summary.seed)] : ["bad", t("fair_seed_bad", summary.seed)]);
  try {
    const verdict = await api(`/games/${gameId}/verify`);
    lines.push(verdict.replay_ok ? ["ok", t("fair_replay_ok")] : ["bad", t("fair_replay_bad", verdict.problem)]);
  } catch (err) {
    lines.push(["bad", t("fair_replay_bad", err.message)]);
  }
  out.replaceChildren(
    ...lines.map(([kind, text]) => h("p", {class: `fair-line ${kind}`, text})),
    h("p", {text: t("fair_independent")}),
    h("a", {class: "action-btn", id: "fair-download", href: `/api/games/${gameId}/record`,
            download: `siedler-${gameId}.json`, text: t("fair_download")}),
    h("code", {class: "fair-command", text: `siedler verify siedler-${gameId}.json`}),
  );
}

/** The panel: the commitment from the start (and that the seed was chosen, if so), the check at the end. */
export function fairPanel(gameId, summary) {
  if (!summary || !summary.commitment) return h("div");
  remember(gameId, summary.commitment);
  const out = h("div", {class: "fair-result", id: "fair-result"});
  const finished = summary.seed !== undefined;  // revealed once the game takes no more moves
  return h("div", {class: "fair"}, [
    h("h3", {text: t("fair_title")}),
    h("p", {class: "fair-commitment"}, [t("fair_commitment"), " ", h("code", {text: summary.commitment})]),
    summary.seed_chosen ? h("p", {class: "fair-line warn", text: t("fair_chosen")}) : null,
    finished
      ? h("button", {class: "action-btn", id: "fair-check", text: t("fair_check"), onclick: () => check(gameId, summary, out)})
      : h("p", {class: "hint", text: t("fair_until_end")}),
    out,
  ]);
}
