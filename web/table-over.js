// The table page when the game is over: its replay and record, and the next game with the
// same seats — started here by a player, or already started (then a player takes his seat
// there in one click).
import { el, api, playerName, tokenKey, passwordKey, recordLink } from "/static/common.js";

const $ = (id) => document.getElementById(id);
let shownFor = null;

// `table`: the page's { tableId, tablePath, token (a function: the seat's token now), isPrivate }.
export function renderGameOver(view, table) {
  const { tableId, isPrivate } = table;
  $("game-over").hidden = false;
  // A player of this game: seated, or one whose seat a bot played for him at the end (he
  // was away; the server shows him the game as a spectator, and his token is still kept).
  const seated = (view.you !== null && view.you !== undefined) || Boolean(table.token());
  // Rebuilt only when what it shows changes: a chat line must not take the focus from the
  // password box.
  const key = JSON.stringify([view.next_table, seated, isPrivate]);
  if (key === shownFor) return;
  shownFor = key;
  // The next game of a private table has its password: whoever gave it keeps it there.
  const password = localStorage.getItem(passwordKey(tableId));
  if (view.next_table && password) localStorage.setItem(passwordKey(view.next_table), password);
  const next = view.next_table
    ? el("p", {}, "The next game with these seats: ", !seated
      ? el("a", { id: "next-game", href: `/table/${view.next_table}`, text: "watch it" })
      : el("button", { class: "primary", id: "next-game", text: "take your seat", onclick: () => goToNextGame(view, table, view.next_table, null) }))
    : seated
      ? el("p", {}, isPrivate && !localStorage.getItem(passwordKey(tableId)) ? el("input", { id: "rematch-password", type: "password", autocomplete: "off", placeholder: "the table's password", "aria-label": "the table's password" }) : null,
        el("button", { class: "primary", id: "rematch-btn", text: "Play again: same rules and seats", onclick: () => rematch(view, table) }))
      : null;
  $("game-over").replaceChildren(el("p", { text: "The game is over; the standing is the final settlement in whists." }), el("a", { href: `/replay/${view.table}`, text: "replay with double-dummy analysis" }), " · ", recordLink(view.table, isPrivate, { text: "download the record" }), next ?? "");
}

async function rematch(view, table) {
  $("error").textContent = "";
  const password = $("rematch-password")?.value || localStorage.getItem(passwordKey(table.tableId)) || null;
  try {
    const { id } = await api(`${table.tablePath}/rematch`, { token: table.token(), password });
    await goToNextGame(view, table, id, password);
  } catch (e) {
    $("error").textContent = e.message;
  }
}

// Takes the same seat at the next game under the same name, then goes there. If that fails
// (a private table asks for its password, the seat was taken), the page there offers the
// free seats.
async function goToNextGame(view, table, id, given) {
  // The next game of a private table has its password: the one given, or the one kept.
  const password = given ?? localStorage.getItem(passwordKey(table.tableId));
  if (password) localStorage.setItem(passwordKey(id), password);
  if (!localStorage.getItem(tokenKey(id))) {
    const name = view.seats[view.you]?.name || playerName();
    // A player away at the end watches this page without a seat: his seat is the one under
    // his name (a bot played it under his name; names are unique at a table), else the first
    // free one there.
    const seat = view.you ?? view.seats.find((s) => s.name === name)?.seat;
    try {
      const r = await api(`/api/tables/${id}/seats`, { name, seat, password });
      localStorage.setItem(tokenKey(id), r.token);
    } catch { /* the seat panel there */ }
  }
  location.href = `/table/${id}`;
}
