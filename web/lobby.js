// The lobby: list tables, create one, join or watch.
import { el, api, playerName, setPlayerName, tokenKey } from "/static/common.js";

const $ = (id) => document.getElementById(id);
let bots = ["random", "heuristic", "expert"];

function seatKinds() {
  const n = Number($("players").value);
  const box = $("seat-kinds");
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const sel = el("select", { id: `seat-${i}`, "aria-label": `seat ${i}` });
    sel.append(el("option", { value: "human", text: i === 0 ? "you" : "a person" }));
    for (const b of bots) sel.append(el("option", { value: b, text: `${b} bot`, selected: i > 0 && b === "heuristic" }));
    if (i === 0) sel.disabled = true;
    box.append(el("span", { text: `${i}: ` }), sel, " ");
  }
}

async function loadRules() {
  const info = await api("/api/rules");
  bots = info.bots;
  const gameNames = { russian: "Russian Preferans" };
  for (const g of info.games) $("game").append(el("option", { value: g, text: gameNames[g] ?? g }));
  for (const p of info.presets) $("preset").append(el("option", { value: p.name, text: `${p.name} — ${p.description}` }));
  seatKinds();
}

function seatsText(t) {
  return t.seats.map((s) => s.name ? `${s.seat}: ${s.name}` : `${s.seat}: free`).join(", ");
}

async function refresh() {
  try {
    const tables = await api("/api/tables");
    const rows = tables.map((t) => {
      const free = t.seats.some((s) => !s.name && !s.bot);
      const actions = el("td", {});
      if (t.finished) {
        actions.append(el("a", { href: `/replay/${t.id}`, text: "replay" }), " ", el("a", { href: `/api/tables/${t.id}/record`, text: "record" }));
      } else {
        const mine = localStorage.getItem(tokenKey(t.id));
        actions.append(el("a", { href: `/table/${t.id}`, text: mine ? "return" : free ? "join" : "watch", "data-table": t.id }));
      }
      return el("tr", {}, el("td", { text: (t.name || t.id) + (t.private ? " 🔒" : "") + (t.seeded ? " (seeded deals)" : "") + (t.finished ? " (over)" : "") }),
        el("td", { text: t.rules + (t.move_timer_secs ? `, ${t.move_timer_secs}s per move` : "") }), el("td", { text: seatsText(t) }),
        el("td", { text: String(t.hands) }), actions);
    });
    $("tables").replaceChildren(...rows);
  } catch (e) {
    $("tables").replaceChildren(el("tr", {}, el("td", { colspan: 5, class: "error", text: e.message })));
  }
}

async function create(ev) {
  ev.preventDefault();
  $("create-error").textContent = "";
  const name = $("name").value.trim();
  if (!name) { $("create-error").textContent = "Your name, please."; return; }
  setPlayerName(name);
  const players = Number($("players").value);
  const seats = [];
  for (let i = 0; i < players; i++) {
    const v = $(`seat-${i}`).value;
    seats.push(v === "human" ? { kind: "human" } : { kind: "bot", level: v });
  }
  const options = {};
  // Options are split at the commas before a `name=`: a value may hold commas itself
  // (allpass_exit=6,7,7).
  for (const part of $("options").value.split(/,(?=\s*[A-Za-z_]+\s*=)/).map((s) => s.trim()).filter(Boolean)) {
    const [k, v] = part.split("=").map((s) => s?.trim());
    if (!k || v === undefined) { $("create-error").textContent = `Option '${part}' must be name=value.`; return; }
    options[k] = v;
  }
  const num = (id) => ($(id).value ? Number($(id).value) : null);
  const config = { name: $("tname").value.trim(), game: $("game").value, preset: $("preset").value, options, seats, target: num("target"), hand_limit: num("hands"), move_timer_secs: num("timer"), password: $("password").value || null };
  try {
    const { id } = await api("/api/tables", config);
    const { token } = await api(`/api/tables/${id}/seats`, { name, seat: 0, password: config.password });
    localStorage.setItem(tokenKey(id), token);
    location.href = `/table/${id}`;
  } catch (e) {
    $("create-error").textContent = e.message;
  }
}

$("name").value = playerName();
$("players").addEventListener("change", seatKinds);
$("create").addEventListener("submit", create);
loadRules().catch((e) => ($("create-error").textContent = e.message));
refresh();
setInterval(refresh, 3000);
