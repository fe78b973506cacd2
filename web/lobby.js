// The lobby: list tables, create one, join or watch.
import { el, api, playerName, setPlayerName, tokenKey, words, rulesText, recordLink, passwordKey } from "/static/common.js";

const $ = (id) => document.getElementById(id);
let bots = ["random", "heuristic", "expert"];
let presets = [];
let optionInfos = [];
// What each bot level plays like (docs/bots.md); the expert fills the others' seats unless
// the player chooses.
const BOT_STRENGTH = { random: "weak", heuristic: "medium", "expert-fast": "strong, quick", expert: "strong", "expert-strong": "strong, more samples" };
// Options with a field of their own in the form.
const OWN_FIELD = new Set(["players", "target"]);

function seatKinds() {
  const n = Number($("players").value);
  const box = $("seat-kinds");
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const sel = el("select", { id: `seat-${i}`, "aria-label": `seat ${i}` });
    sel.append(el("option", { value: "human", text: i === 0 ? "you" : "a person" }));
    for (const b of bots) sel.append(el("option", { value: b, text: `${b} bot${BOT_STRENGTH[b] ? ` (${BOT_STRENGTH[b]})` : ""}`, selected: i > 0 && b === "expert" }));
    if (i === 0) sel.disabled = true;
    // A seat's number and its choice stay on one line.
    box.append(el("span", { class: "seat-kind" }, `${i}: `, sel));
  }
}

// The options' values chosen so far, by name.
const chosen = {};

// One control per rule option (a choice where the values are a fixed list, else a text box),
// showing the chosen preset's value until the player changes it. What was changed stays
// when the preset changes.
function optionControls() {
  const preset = presets.find((p) => p.name === $("preset").value);
  $("target").placeholder = preset?.options?.target ? `${preset.options.target} (the rules')` : "the rules'";
  // An option that needs another number of players (the dealer's, F3: four) is left out:
  // the server would refuse it. What was chosen in one comes back with its players.
  for (const c of document.querySelectorAll("[data-option]")) chosen[c.dataset.option] = c.value;
  const players = Number($("players").value);
  $("option-list").replaceChildren(...optionInfos.filter((o) => !OWN_FIELD.has(o.name) && (o.players ?? players) === players).map((o) => {
    const id = `opt-${o.name}`;
    const kept = $(id)?.value ?? chosen[o.name] ?? "";
    const def = preset?.options?.[o.name] ?? "";
    const choices = o.values.split(" | ");
    // What the option does is written under it (a tooltip reaches no touch screen).
    const help = `${id}-help`;
    const control = choices.every((v) => /^[\w-]+$/.test(v))
      ? el("select", { id, "data-option": o.name, "aria-describedby": help },
          el("option", { value: "", text: `${words(def)} (the rules')` }),
          ...choices.filter((v) => v !== def).map((v) => el("option", { value: v, text: words(v), selected: v === kept })))
      : el("input", { id, "data-option": o.name, "aria-describedby": help, value: kept, placeholder: `${def || "none"} (the rules')` });
    // A typed value's form goes under it with the help: a placeholder that long was cut off.
    const form = control.tagName === "INPUT" ? ` Values: ${o.values}.` : "";
    return [el("label", { for: id, text: `${o.name.replaceAll("_", " ")} (${o.rule})` }), el("div", { class: "option-cell" }, control, el("div", { class: "muted option-help", id: help, text: o.description + form }))];
  }).flat());
}

async function loadRules() {
  const info = await api("/api/rules");
  bots = info.bots;
  presets = info.presets;
  optionInfos = info.options;
  const gameNames = { russian: "Russian Preferans" };
  for (const g of info.games) $("game").append(el("option", { value: g, text: gameNames[g] ?? g }));
  for (const p of info.presets) $("preset").append(el("option", { value: p.name, text: `${p.name} — ${p.description}` }));
  seatKinds();
  optionControls();
}

// The seats; once the game is over, each with its final settlement, the winner in bold (by
// the places the server sends). A draw, or a game stopped by its hand limit before the pool
// closed (S9), has no winner to mark (the table page says so too).
function seatsCell(t) {
  const winner = t.pool_closed && !t.places.every((p) => p === 1);
  return el("td", {}, t.seats.map((s, i) => {
    const name = `${s.seat}: ${s.name ?? "free"}`;
    if (!t.finished) return [i ? ", " : "", name];
    const text = `${name} (${Number(t.standing[s.seat]) > 0 ? "+" : ""}${t.standing[s.seat]})`;
    return [i ? ", " : "", winner && t.places[s.seat] === 1 ? el("b", { class: "winner", text }) : text];
  }).flat());
}

async function refresh() {
  try {
    const tables = await api("/api/tables");
    const rows = tables.map((t) => {
      const free = t.seats.some((s) => !s.name && !s.bot);
      const actions = el("td", {});
      if (t.finished) {
        // A private game's record is for those who hold its key: the others go by its replay
        // (which asks for the password).
        const key = !t.private || localStorage.getItem(tokenKey(t.id)) || localStorage.getItem(passwordKey(t.id));
        actions.append(el("a", { href: `/replay/${t.id}`, text: "replay", "aria-label": `replay ${t.name || t.id}` }), ...(key ? [" ", recordLink(t.id, t.private)] : []));
      } else {
        const mine = localStorage.getItem(tokenKey(t.id));
        const verb = mine ? "return" : free ? "join" : "watch";
        actions.append(el("a", { href: `/table/${t.id}`, text: verb, "aria-label": `${verb} ${t.name || t.id}`, "data-table": t.id }));
      }
      // Hands finished, of the game's length when it has one ("1 of 3").
      const hands = t.hand_limit && !t.finished ? `${t.hands} of ${t.hand_limit}` : String(t.hands);
      // The way in first: a phone's narrow list shows it without scrolling sideways, and the
      // hands under the table's name (the last column is off its screen).
      return el("tr", {}, actions, el("td", {}, (t.name || t.id) + (t.private ? " (private)" : "") + (t.seeded ? " (seeded deals)" : "") + (t.finished ? " (over)" : ""), el("span", { class: "phone-only muted", text: ` · hands ${hands}` })),
        el("td", { text: rulesText(t.rules, t.players) + (t.move_timer_secs ? `, ${t.move_timer_secs}s per move` : "") }), seatsCell(t),
        el("td", { class: "hands", text: hands }));
    });
    // The keyboard's place in the list is kept across the refresh (a link is known by
    // where it goes and what it says).
    const focused = document.activeElement?.closest?.("#tables") ? document.activeElement : null;
    const key = focused && `${focused.getAttribute("href")} ${focused.textContent}`;
    $("tables").replaceChildren(...(rows.length ? rows : [el("tr", {}, el("td", { colspan: 5, class: "muted", id: "no-tables", text: "No tables yet: create one above." }))]));
    if (key) [...$("tables").querySelectorAll("a")].find((a) => `${a.getAttribute("href")} ${a.textContent}` === key)?.focus();
  } catch (e) {
    $("tables").replaceChildren(el("tr", {}, el("td", { colspan: 5, class: "error", text: e.message })));
  }
}

async function create(ev) {
  ev.preventDefault();
  $("create-error").textContent = "";
  const name = $("name").value.trim();
  if (!name) { $("create-error").textContent = "Your name, please."; return; }
  const players = Number($("players").value);
  const seats = [];
  for (let i = 0; i < players; i++) {
    const v = $(`seat-${i}`).value;
    seats.push(v === "human" ? { kind: "human" } : { kind: "bot", level: v });
  }
  const options = {};
  for (const c of document.querySelectorAll("[data-option]")) {
    if (c.value.trim()) options[c.dataset.option] = c.value.trim();
  }
  const num = (id) => ($(id).value ? Number($(id).value) : null);
  const config = { name: $("tname").value.trim(), game: $("game").value, preset: $("preset").value, options, seats, target: num("target"), hand_limit: num("hands"), move_timer_secs: num("timer"), password: $("password").value || null };
  try {
    // The name first: a name the seat would refuse must not leave an empty table behind.
    await api("/api/name-check", { name });
    setPlayerName(name);
    const { id } = await api("/api/tables", config);
    const { token } = await api(`/api/tables/${id}/seats`, { name, seat: 0, password: config.password });
    localStorage.setItem(tokenKey(id), token);
    // A private table's password still opens its sheet, record and replay after a leave.
    if (config.password) localStorage.setItem(passwordKey(id), config.password);
    location.href = `/table/${id}`;
  } catch (e) {
    $("create-error").textContent = e.message;
  }
}

$("name").value = playerName();
$("players").addEventListener("change", () => {
  seatKinds();
  optionControls();
});
$("preset").addEventListener("change", optionControls);
$("create").addEventListener("submit", create);
// A message answers the form as it was: a change to it (or the browser's own check of a
// field, which stops the submit before create() runs) makes it stale.
for (const ev of ["input", "invalid"]) $("create").addEventListener(ev, () => ($("create-error").textContent = ""), true);
loadRules().catch((e) => ($("create-error").textContent = e.message));
refresh();
setInterval(refresh, 3000);
