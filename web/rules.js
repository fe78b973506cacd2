// The rules page: the presets and every table option, as the server's rules crate has them
// (GET /api/rules), so this page never states an option the server does not have.
import { el, api, words } from "/static/common.js";

const $ = (id) => document.getElementById(id);

async function load() {
  const info = await api("/api/rules");
  $("presets-list").replaceChildren(el("ul", {}, info.presets.map((p) => el("li", {}, el("b", { text: p.name }), ` — ${p.description}`))));
  $("options-head").replaceChildren(el("th", { text: "option" }), ...info.presets.map((p) => el("th", { text: p.name })), el("th", { text: "rule" }));
  $("options-rows").replaceChildren(...info.options.map((o) => el("tr", { "data-option": o.name },
    el("td", {}, el("code", { text: o.name }), el("div", { class: "muted", text: `${o.description} (${o.values})` })),
    ...info.presets.map((p) => el("td", { text: words(p.options?.[o.name] || "none") })),
    el("td", { text: o.rule }))));
}

load().catch((e) => ($("rules-error").textContent = e.message));
