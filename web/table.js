// The table page: seat or watch, render the server's view, send actions, reconnect.
import { el, api, cardEl, backEl, actionLabel, actionName, holderName, cardLabel, cardName, playerName, setPlayerName, tokenKey, contractText, callsText } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
let token = localStorage.getItem(tokenKey(tableId));
let ws = null;
let state = null;
let selected = new Set(); // cards chosen for a discard
let retry = 500;
let sheetFor = null;
let sheetVersion = 0;
let isPrivate = false;
let chatShown = null;
let gameOverShown = null;

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function act(action) {
  $("error").textContent = "";
  $("hints").replaceChildren();
  send({ type: "act", token, action });
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws`);
  ws.onopen = () => {
    retry = 500;
    $("conn").textContent = "connected";
    $("conn").className = "status";
    send(token ? { type: "join", table: tableId, token } : { type: "join", table: tableId });
  };
  ws.onmessage = (ev) => {
    const m = JSON.parse(ev.data);
    if (m.type === "state") render(m);
    else if (m.type === "error") onError(m.message);
    else if (m.type === "hints") showHints(m.hints);
  };
  ws.onclose = () => {
    $("conn").textContent = "reconnecting…";
    $("conn").className = "status bad";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function onError(message) {
  if (message.includes("token does not hold a seat")) {
    // A stale token (another server's database): watch instead.
    localStorage.removeItem(tokenKey(tableId));
    token = null;
    send({ type: "join", table: tableId });
  }
  $("error").textContent = message;
}

function showHints(hints) {
  $("hints").replaceChildren(...hints.map((h) => el("li", {}, el("button", { text: actionLabel(h.action), "data-action": h.action, onclick: () => act(h.action) }), " ", el("span", { class: "muted", text: h.reason }))));
}

function seatBox(view, hv, obs) {
  const holder = hv.holder;
  const seatNo = holder === "dummy" ? null : holder.seat;
  const tags = [];
  if (seatNo === obs.dealer) tags.push("dealer");
  if (seatNo !== null && seatNo === obs.declarer) tags.push("declarer");
  if (hv.call && hv.call !== "none") tags.push(hv.call.replace("half_whist", "half-whist").replace("-", " "));
  if (seatNo !== null && view.seats[seatNo]?.bot) tags.push(`${view.seats[seatNo].bot} bot`);
  const away = seatNo !== null && seatNo !== view.you && view.seats[seatNo]?.away_since_ms;
  if (away) tags.push("away");
  // An open hand this viewer plays (open whist, the Hussar dummy): its legal cards are buttons.
  const cardOf = (c) => {
    const action = `play ${c}`;
    if (!obs.legal_actions.includes(action)) return cardEl(c, { small: true });
    const b = cardEl(c, { small: true, button: true });
    b.setAttribute("data-action", action);
    b.addEventListener("click", () => act(action));
    return b;
  };
  const cards = hv.cards ? hv.cards.split(" ").filter((c) => c !== "-").map(cardOf) : Array.from({ length: hv.size }, () => backEl());
  const box = el("div", { class: "seat" + (seatNo !== null && seatNo === obs.to_move ? " to-move" : ""), "data-seat": seatNo ?? "dummy" },
    el("div", { class: "who", text: holderName(holder, view.seats, view.you) + (seatNo === null ? "" : ` · seat ${seatNo}`) }),
    el("div", { class: "tags" }, tags.map((t) => el("span", { text: t }))),
    el("div", { text: `tricks: ${hv.tricks}` }),
    el("div", {}, cards),
    // A player gone for good would keep the others waiting: after a while (the server
    // says how long) a bot may play on for him.
    away && view.you !== null && view.you !== undefined
      ? el("button", { class: "away-bot", "data-seat": seatNo, text: "let a bot play for him", onclick: () => awayToBot(seatNo) })
      : null);
  return box;
}

function render(view) {
  state = view;
  // The tab says when the person has a decision to make (it may be in the background).
  const decisionIsMine = view.you !== null && view.you !== undefined && (view.observation?.legal_actions?.length ?? 0) > 0;
  document.title = `${decisionIsMine ? "▶ Your turn · " : ""}Preferans — ${view.name || view.table}`;
  $("title").textContent = view.name || `Table ${view.table}`;
  $("rules").textContent = view.rules;
  $("hand-no").textContent = view.game_over ? "game over" : `hand ${view.hand_number}`;
  $("seat-panel").hidden = view.you !== null && view.you !== undefined;
  if (!$("seat-panel").hidden) renderSeatPanel(view);
  // A seated person's controls while the game goes on: typed shortcuts, leaving.
  $("keys-help").hidden = $("leave-btn").hidden = !$("seat-panel").hidden || view.game_over;
  $("standing").replaceChildren(...view.seats.map((s, i) => el("div", {}, `${s.name ?? "free seat " + i}: `, el("b", { text: view.standing[i] }))));
  if (view.game_over) renderGameOver(view);
  // The sheet changes when a hand ends and when someone sits down (it names the seats).
  const sheetKey = JSON.stringify([view.log.length, view.seats.map((s) => s.name)]);
  if (sheetKey !== sheetFor) {
    sheetFor = sheetKey;
    sheetVersion++;
    $("sheet").src = `/api/tables/${view.table}/sheet.svg?v=${sheetVersion}`;
    $("sheet-link").href = $("sheet").src;
  }
  $("log").replaceChildren(...view.log.map((l) => el("div", { text: l })).reverse());
  renderChat(view);
  if (view.last_hand) {
    $("last").hidden = false;
    $("last").textContent = `Last hand (${view.last_hand.number}): ${view.last_hand.summary}`;
  } else $("last").hidden = true;

  const obs = view.observation;
  const others = $("others");
  others.replaceChildren();
  $("me").replaceChildren();
  $("hand").replaceChildren();
  const offerChosen = document.getElementById("offer-tricks")?.value; // kept across redraws
  $("actions").replaceChildren();
  $("trick").replaceChildren();
  $("talon").replaceChildren();
  $("contract").textContent = "";
  $("calls").hidden = true;
  $("offer").hidden = true;
  $("hint-btn").disabled = true;
  renderFinal(view);
  if (!obs) return;

  for (const hv of obs.hands) {
    const mine = hv.holder !== "dummy" && hv.holder.seat === view.you;
    if (mine) {
      const tags = [];
      if (view.you === obs.dealer) tags.push("dealer");
      if (view.you === obs.declarer) tags.push("declarer");
      if (hv.call && hv.call !== "none") tags.push(hv.call.replace("-", " "));
      $("me").append(el("div", { class: "who", text: `${holderName(hv.holder, view.seats, view.you)} · seat ${view.you}` }), el("div", { class: "tags" }, tags.map((t) => el("span", { text: t }))), el("div", { text: `tricks: ${hv.tricks}` }));
      $("me").classList.toggle("to-move", obs.to_move === view.you);
      renderHand(hv, obs);
    } else {
      others.append(seatBox(view, hv, obs));
    }
  }
  // F1: the four-player dealer sits the hand out.
  for (const seat of view.seats) {
    const inPlay = obs.hands.some((h) => h.holder !== "dummy" && h.holder.seat === seat.seat);
    if (!inPlay && seat.seat !== view.you) {
      others.append(el("div", { class: "seat out", "data-seat": seat.seat }, el("div", { class: "who", text: holderName({ seat: seat.seat }, view.seats, view.you) }), el("div", { class: "muted", text: "dealer: sits this hand out" })));
    }
  }
  if (view.you !== null && view.you !== undefined && !obs.hands.some((h) => h.holder !== "dummy" && h.holder.seat === view.you)) {
    $("me").append(el("div", { class: "who", text: "You sit out this hand (dealer)." }));
  }
  $("contract").textContent = contractText(obs, view.seats, view.you);
  const calls = callsText(obs, view.seats, view.you);
  $("calls").hidden = calls === "";
  $("calls").textContent = calls;
  const shown = obs.trick.length ? obs.trick : obs.last_trick;
  for (const tc of shown) $("trick").append(el("figure", {}, cardEl(tc.card), el("figcaption", { text: holderName(tc.by, view.seats, view.you) })));
  if (!obs.trick.length && obs.last_trick.length) $("trick").prepend(el("span", { class: "muted", text: "last trick:" }));
  // The talon turned up, or face down; in an all-pass (no declarer) the cards that led a
  // trick, then those still face down.
  const backs = obs.talon.length && obs.declarer != null ? 0 : obs.talon_size;
  if (obs.talon.length || backs) $("talon").append(el("span", { text: "talon " }), ...obs.talon.map((c) => cardEl(c, { small: true })), ...Array.from({ length: backs }, () => backEl()));
  if (obs.offer) {
    $("offer").hidden = false;
    $("offer").textContent = `${holderName({ seat: obs.offer.by }, view.seats, view.you)} offers: their side takes ${obs.offer.tricks} of the remaining tricks.`;
  }
  const myTurn = obs.to_move === view.you && obs.legal_actions.length > 0;
  $("hint-btn").disabled = !myTurn;
  const buttons = obs.legal_actions.filter((a) => !a.startsWith("play ") && !a.startsWith("discard ") && !a.startsWith("offer "));
  for (const a of buttons) $("actions").append(el("button", { text: actionLabel(a), "aria-label": actionName(a), "data-action": a, onclick: () => act(a) }));
  // P3: an offer of how many of the remaining tricks his side takes: one chooser, not a
  // button per number beside the cards on every turn.
  const offers = obs.legal_actions.filter((a) => a.startsWith("offer "));
  if (offers.length) {
    // No number is chosen to start with: an offer is never one careless click.
    const chooser = el("select", { id: "offer-tricks", "aria-label": "tricks my side takes" }, el("option", { value: "", text: "…" }), offers.map((a) => el("option", { value: a, text: a.split(" ")[1] })));
    chooser.value = offers.includes(offerChosen) ? offerChosen : "";
    const send = el("button", { id: "offer-btn", text: "Offer", disabled: !chooser.value, onclick: () => act(chooser.value) });
    chooser.addEventListener("change", () => { send.disabled = !chooser.value; });
    $("actions").append(el("span", { class: "offer-box" }, "Offer: my side takes ", chooser, " of the remaining tricks ", send));
  }
  if (obs.legal_actions.some((a) => a.startsWith("discard "))) {
    const chosen = [...selected];
    const match = obs.legal_actions.find((a) => a.startsWith("discard ") && chosen.length === 2 && a.split(" ").slice(1).every((c) => selected.has(c)));
    $("actions").append(el("span", { text: "Choose two cards to discard: " }), el("button", { class: "primary", id: "discard-btn", text: "Discard", disabled: !match, onclick: () => { selected = new Set(); act(match); } }));
  }
  if (view.deadline_ms) {
    const left = Math.max(0, Math.round((view.deadline_ms - Date.now()) / 1000));
    $("actions").append(el("span", { class: "muted", id: "timer", text: ` ${left} s left` }));
  }
}

// The game's end on the table: the players ranked by the final settlement (S10, in whists;
// equal results share a place), the winner first.
function renderFinal(view) {
  $("final").hidden = !view.game_over;
  if (!view.game_over) return;
  const ranked = view.seats.map((s, i) => ({ seat: i, name: holderName({ seat: i }, view.seats, view.you), whists: Number(view.standing[i]), shown: view.standing[i] }))
    .sort((a, b) => b.whists - a.whists || a.seat - b.seat);
  const place = (r) => 1 + ranked.filter((o) => o.whists > r.whists).length;
  const top = ranked.filter((r) => place(r) === 1);
  const headline = top.length === ranked.length ? "A draw: everyone ends even." : top.length > 1 ? `${top.map((r) => r.name).join(" and ")} share first place.` : top[0].seat === view.you ? "You win." : `${top[0].name} wins.`;
  $("final").replaceChildren(el("h2", { text: "Game over" }), el("p", { class: "headline", text: headline }),
    el("ol", { class: "ranking" }, ranked.map((r) => el("li", { class: place(r) === 1 ? "first" : "", "data-seat": r.seat },
      el("span", { class: "place", text: `${place(r)}.` }), el("span", { class: "name", text: r.name }),
      el("span", { class: "whists", text: `${r.whists > 0 ? "+" : ""}${r.shown} whists` })))));
}

// The table's chat: everyone reads it, the people seated write to it. Redrawn only when it
// changed, so that a reader's scrolling is not undone by every move.
function renderChat(view) {
  $("chat-form").hidden = view.you === null || view.you === undefined;
  const shown = JSON.stringify(view.chat);
  if (shown === chatShown) return;
  chatShown = shown;
  const log = $("chat-log");
  log.replaceChildren(...view.chat.map((l) => el("div", {}, el("b", { text: `${l.name}: ` }), l.text)));
  log.scrollTop = log.scrollHeight;
}

// The game is over: its replay and record, and the next game with the same seats — started
// here by a player, or already started (then a player takes his seat there in one click).
function renderGameOver(view) {
  $("game-over").hidden = false;
  const seated = view.you !== null && view.you !== undefined;
  // Rebuilt only when what it shows changes: a chat line must not take the focus from the
  // password box.
  const key = JSON.stringify([view.next_table, seated, isPrivate]);
  if (key === gameOverShown) return;
  gameOverShown = key;
  const next = view.next_table
    ? el("p", {}, "The next game with these seats: ", !seated
      ? el("a", { id: "next-game", href: `/table/${view.next_table}`, text: "watch it" })
      : el("button", { class: "primary", id: "next-game", text: "take your seat", onclick: () => goToNextGame(view.next_table, null) }))
    : seated
      ? el("p", {}, isPrivate ? el("input", { id: "rematch-password", placeholder: "the table's password", "aria-label": "the table's password" }) : null,
        el("button", { class: "primary", id: "rematch-btn", text: "Play again: same rules and seats", onclick: rematch }))
      : null;
  $("game-over").replaceChildren(el("p", { text: "The game is over; the standing is the final settlement in whists." }), el("a", { href: `/replay/${view.table}`, text: "replay with double-dummy analysis" }), " · ", el("a", { href: `/api/tables/${view.table}/record`, text: "download the record" }), next ?? "");
}

async function rematch() {
  $("error").textContent = "";
  const password = $("rematch-password")?.value || null;
  try {
    const { id } = await api(`/api/tables/${tableId}/rematch`, { token, password });
    await goToNextGame(id, password);
  } catch (e) {
    $("error").textContent = e.message;
  }
}

// Takes the same seat at the next game under the same name, then goes there. If that fails
// (a private table asks for its password, the seat was taken), the page there offers the
// free seats.
async function goToNextGame(id, password) {
  if (!localStorage.getItem(tokenKey(id))) {
    const name = state.seats[state.you]?.name || playerName();
    try {
      const r = await api(`/api/tables/${id}/seats`, { name, seat: state.you, password });
      localStorage.setItem(tokenKey(id), r.token);
    } catch { /* the seat panel there */ }
  }
  location.href = `/table/${id}`;
}

function renderHand(hv, obs) {
  if (!hv.cards) return;
  const cards = hv.cards.split(" ").filter((c) => c !== "-");
  const discarding = obs.legal_actions.some((a) => a.startsWith("discard "));
  if (!discarding) selected = new Set();
  for (const c of cards) {
    const playable = obs.legal_actions.includes(`play ${c}`);
    // While cards are played, the ones that may not be played now are dimmed.
    const dim = obs.to_move === state.you && obs.legal_actions.some((a) => a.startsWith("play ")) && !playable;
    const b = el("button", { class: "card" + (selected.has(c) ? " selected" : "") + (c.endsWith("H") || c.endsWith("D") ? " red" : "") + (dim ? " dim" : ""), text: cardLabel(c), "aria-label": cardName(c), "aria-pressed": discarding ? String(selected.has(c)) : null, "data-card": c, disabled: !(playable || discarding) });
    if (playable) b.setAttribute("data-action", `play ${c}`);
    b.addEventListener("click", () => {
      if (playable) act(`play ${c}`);
      else if (discarding) {
        if (selected.has(c)) selected.delete(c);
        else if (selected.size < 2) selected.add(c);
        render(state);
      }
    });
    $("hand").append(b);
  }
}

function renderSeatPanel(view) {
  $("name").value ||= playerName();
  const free = view.seats.filter((s) => !s.name && !s.bot);
  for (const id of ["name", "name-label"]) if ($(id)) $(id).hidden = free.length === 0;
  $("free-seats").replaceChildren(...(free.length ? free.map((s) => el("button", { class: "primary", text: `Sit in seat ${s.seat}`, "data-seat": s.seat, onclick: () => takeSeat(s.seat) })) : [el("span", { class: "muted", text: "No free seat." })]));
}

async function takeSeat(seat) {
  const name = $("name").value.trim();
  if (!name) { $("seat-error").textContent = "Your name, please."; return; }
  setPlayerName(name);
  try {
    const r = await api(`/api/tables/${tableId}/seats`, { name, seat, password: $("password").value || null });
    token = r.token;
    localStorage.setItem(tokenKey(tableId), token);
    send({ type: "join", table: tableId, token });
  } catch (e) {
    $("seat-error").textContent = e.message;
  }
}

// Typed shortcuts, as in the terminal game. An action is named by what follows its verb —
// "7h" bids, declares or plays 7♥, whichever is legal now; "7nt", "misere", "pass",
// "whist", "open" — or by three letters of such a word ("mis"). It is played as soon as the
// typing names exactly one legal action (on Enter when others begin with it too). While
// discarding, a card's name selects it. The client knows no rule: it only matches the legal
// actions the server sent.
let typed = "";
let typedAt = 0;
const shortName = (a) => (/^(bid|declare|play) /.test(a) ? a.slice(a.indexOf(" ") + 1) : a).toLowerCase().replace("10", "t");

function showTyped() {
  $("typed").textContent = typed ? `typed: ${typed}` : "";
}

document.addEventListener("keydown", (ev) => {
  const target = ev.target;
  if (ev.ctrlKey || ev.metaKey || ev.altKey || target.closest?.("input, select, textarea")) return;
  // Enter and space belong to a focused button or link; letters are typed wherever focus is.
  if ((ev.key === "Enter" || ev.key === " ") && target.closest?.("button, a, summary")) return;
  const obs = state?.observation;
  const all = obs?.legal_actions ?? [];
  const discarding = all.some((a) => a.startsWith("discard "));
  const legal = all.filter((a) => !a.startsWith("discard "));
  if (!legal.length && !discarding) return;
  if (ev.key === "Escape" || ev.key === "Backspace") {
    typed = ev.key === "Escape" ? "" : typed.slice(0, -1);
    showTyped();
    return;
  }
  if (Date.now() - typedAt > 3000) typed = "";
  typedAt = Date.now();
  if (ev.key !== "Enter") {
    if (ev.key.length !== 1 || !/[a-z0-9 -]/i.test(ev.key)) return;
    typed += ev.key.toLowerCase();
  }
  ev.preventDefault();
  const t = typed.trim().replace("10", "t");
  // A trailing "1" may become a 10: wait for the next key, matching as if it were one.
  const waiting = t.endsWith("1");
  const probe = waiting ? `${t.slice(0, -1)}t` : t;
  const dropLast = () => { typed = ev.key === "Enter" ? "" : typed.slice(0, -1); };
  if (discarding) {
    // A card of my hand (the talon taken) is selected or unselected by its name.
    const mine = (obs.hands.find((h) => h.holder !== "dummy" && h.holder.seat === state.you)?.cards ?? "").split(" ").filter((c) => c && c !== "-");
    const card = mine.find((c) => c.toLowerCase() === probe);
    if (card && !waiting) {
      if (selected.has(card)) selected.delete(card);
      else if (selected.size < 2) selected.add(card);
      typed = "";
      render(state);
    } else if (!mine.some((c) => c.toLowerCase().startsWith(probe))) dropLast();
  } else {
    const exact = legal.filter((a) => shortName(a) === probe);
    const begun = legal.filter((a) => shortName(a).startsWith(probe));
    if (!waiting && exact.length === 1 && (begun.length === 1 || ev.key === "Enter")) {
      typed = "";
      act(exact[0]);
    } else if (!waiting && begun.length === 1 && /^[a-z]{3,}$/.test(t)) {
      // Three letters of a word that only one legal action has: "mis", "pas", "whi".
      typed = "";
      act(begun[0]);
    } else if (!begun.length) dropLast(); // no legal action starts so
  }
  showTyped();
});

async function awayToBot(seat) {
  $("error").textContent = "";
  try {
    await api(`/api/tables/${tableId}/seats/${seat}/bot`, { token });
  } catch (e) {
    $("error").textContent = e.message;
  }
}

// Leaving hands the seat to a bot for the rest of the game (the others play on); this page
// then watches.
$("leave-btn").addEventListener("click", async () => {
  if (!confirm("Leave the table? A bot plays your seat, under your name, for the rest of the game.")) return;
  try {
    await api(`/api/tables/${tableId}/leave`, { token });
    localStorage.removeItem(tokenKey(tableId));
    token = null;
  } catch (e) {
    $("error").textContent = e.message;
  }
});

$("chat-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text) return;
  $("error").textContent = "";
  send({ type: "chat", token, text });
  $("chat-text").value = "";
});
$("hint-btn").addEventListener("click", () => { $("hints").replaceChildren(el("li", { class: "muted", text: "thinking…" })); send({ type: "hint", token }); });
api(`/api/tables/${tableId}`).then((t) => {
  $("password").hidden = $("password-label").hidden = !t.private;
  isPrivate = t.private;
  // A seed fixes every deal: whoever created the table may know all the cards.
  $("seeded-warning").hidden = !t.seeded;
  if (t.seeded) $("rules").title = "seeded deals";
  setInterval(() => { if (state?.deadline_ms) render(state); }, 1000);
  connect();
}).catch((e) => {
  // No such table (or no server): say so instead of an empty table.
  document.querySelector(".layout").hidden = true;
  document.querySelector("main").prepend(el("section", { class: "panel" }, el("p", { class: "error", id: "no-table", text: e.message }), el("a", { href: "/", text: "back to the lobby" })));
});
