// The way to a rule set's How-to-play page (served at /howto/RULESET?lang=), from the lobby and the table.

import {h} from "./dom.js";
import {lang, t} from "./i18n.js";

export function howtoLink(ruleset) {
  return h("a", {class: "link-btn howto-link", href: `/howto/${encodeURIComponent(ruleset)}?lang=${lang()}`,
                 target: "_blank", rel: "noopener", text: t("table.how_to_play")});
}
