// The table page: seat or watch, render the server's view, send actions, reconnect.
import { isHold, choiceButtons, talonView, dealerRole, seatLabel, handToPlay, offerText, renderTurn, previousTrick, renderTimer, renderAwayWaits, awayUntil, keysHelp, renderFinal, noteServerClock, serverNow } from "/static/table-view.js";
import { typedShortcuts } from "/static/table-keys.js";
import { updateSheet } from "/static/table-sheet.js";
import { announce } from "/static/table-announce.js";
import { claimTransfer, deviceLink } from "/static/table-device.js";
import { renderGameOver } from "/static/table-over.js";
import { el, api, cardEl, backEl, actionLabel, holderName, cardLabel, cardName, playerName, setPlayerName, tokenKey, contractText, callsText, wonBy, trickView, refusedOffer, rulesText, decisionText, isPrivateRefusal, passwordKey, passwordForm } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
// The table's API path, the id encoded: a crafted address must not reach another table's.
const tablePath = `/api/tables/${encodeURIComponent(tableId)}`;
let token = localStorage.getItem(tokenKey(tableId));
// A seat brought from another device (its link's code, given back before the join).
const transferred = claimTransfer(tablePath, tableId).then((t) => { if (t) token = t; }, (e) => { $("error").textContent = e.message; });
let ws = null;
let state = null;
// The parts of a state the server sends only when they change on this connection.
let between = { log: [], last_hand: null };
let selected = new Set(); // cards chosen for a discard
let retry = 500;
let isPrivate = false;
let summary = null; // the table's lobby entry (all a private table shows before its password)
let chatShown = null;
let sent = false; // an action is on its way: no second one until the server answers
let focusBeforeSend = null; // what had the keyboard's focus when the action was sent
let decisionWasMine = false; // the last state drawn asked the person for a decision

// Sends `msg`; while the connection is down nothing is sent and the page says so (a click
// must not vanish unnoticed).
function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) {
    ws.send(JSON.stringify(msg));
    return true;
  }
  $("error").textContent = "Not connected: reconnecting… try again in a moment.";
  return false;
}

function act(action) {
  // A double click or a key typed twice sends one action: the choices stay off until the
  // server's next state (or its refusal) arrives.
  if (sent) return;
  $("error").textContent = "";
  // "after": the state it was chosen in; a copy from another tab, or one sent late, is
  // refused by the server rather than played in the next decision.
  if (!send({ type: "act", token, action, after: state?.actions })) return;
  sent = true;
  // Disabling the focused choice drops the focus: the redraw puts it back from here.
  const focused = document.activeElement;
  if (focused?.closest?.(".felt")) focusBeforeSend = focusKeyOf(focused);
  for (const b of document.querySelectorAll("button[data-action], #discard-btn, #offer-btn")) b.disabled = true;
  $("hints").replaceChildren();
}

// The join: with the seat's token, else as a spectator (with a private table's password,
// when one was given in this browser).
function joinMsg() {
  if (token) return { type: "join", table: tableId, token };
  const password = localStorage.getItem(passwordKey(tableId));
  return password ? { type: "join", table: tableId, password } : { type: "join", table: tableId };
}

// A private table refused to this browser: the password to watch it, or a free seat to take
// with it (the seat panel's password box).
let locked = null;
function showLocked(message) {
  document.querySelector(".layout").hidden = true;
  if (locked) {
    $("private-message").textContent = "Wrong password.";
    $("seat-error").textContent = "";
    return;
  }
  locked = passwordForm(tableId, "this table is private: its password lets you watch it or take a free seat", () => {
    if (!send(joinMsg())) $("private-message").textContent = "Not connected: reconnecting… try again in a moment.";
  });
  $("seat-panel").before(locked);
  // A free seat may be taken with the password too (the seat panel's box).
  const free = summary?.seats.some((s) => !s.name && !s.bot);
  $("seat-panel").hidden = !free;
  // The form's password box serves the seat too: one box, and no "you are watching" yet.
  $("password").hidden = $("password-label").hidden = $("watching-note").hidden = true;
  if (free) renderSeatPanel({ seats: summary.seats });
  if (summary) {
    $("title").textContent = summary.name || `Table ${tableId}`;
    document.title = `Preferans — ${summary.name || tableId}`;
  }
}

function connect() {
  between = { log: [], last_hand: null };
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws`);
  ws.onopen = () => {
    retry = 500;
    $("conn").textContent = "connected";
    $("conn").className = "status";
    if ($("error").textContent.startsWith("Not connected")) $("error").textContent = "";
    send(joinMsg());
  };
  ws.onmessage = (ev) => {
    const m = JSON.parse(ev.data);
    if (m.type === "state") {
      noteServerClock(m.server_now_ms);
      // The server leaves the hand summaries and the hand before out while they are
      // unchanged on this connection; a join's first state always carries them. Kept apart
      // from `state`, which a refused join clears.
      if ("log" in m) between.log = m.log;
      else m.log = between.log;
      if ("last_hand" in m) between.last_hand = m.last_hand;
      else m.last_hand = between.last_hand;
      render(m);
    }
    else if (m.type === "error") onError(m.message);
    else if (m.type === "hints") showHints(m.hints);
  };
  ws.onclose = (ev) => {
    // The server says why when it closes (a flood, an oversized message).
    $("conn").textContent = ev.reason ? `reconnecting… (${ev.reason})` : "reconnecting…";
    $("conn").className = "status bad";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function onError(message) {
  if (chatSent !== null && /chat/.test(message) && !$("chat-text").value) $("chat-text").value = chatSent;
  chatSent = null;
  // Every refusal of a hint request names hints (rate, busy slots, the adviser, the turn).
  if (/\bhints?\b/.test(message) && hintsFor !== null) {
    if (shownHints?.key === hintsFor) showHints(shownHints.hints);
    else $("hints").replaceChildren(el("li", { class: "muted", text: message }));
  }
  if (sent && state) {
    sent = false;
    render(state); // the refused action's choices back
  }
  if (message.includes("token does not hold a seat")) {
    // A stale token (another server's database): watch instead.
    localStorage.removeItem(tokenKey(tableId));
    token = null;
    send(joinMsg());
  }
  if (locked && !isPrivateRefusal(message)) {
    // The table is hidden behind its password form: say it there (too many wrong ones…),
    // and there only (the seat box's "wrong password" of an earlier try is no longer news).
    $("private-message").textContent = message;
    $("seat-error").textContent = "";
    return;
  }
  if (isPrivateRefusal(message)) {
    // A private table opens to its players and to whoever gives its password (a person who
    // left it, reconnecting without the password, is asked for it too).
    localStorage.removeItem(passwordKey(tableId));
    state = null;
    showLocked(message);
    return;
  }
  $("error").textContent = message;
}

// The hints, best first: the first is the one recommended.
// The decision hints were asked for: they are dropped once it is no longer the one to make
// (the move timer may have decided it).
let hintsFor = null;
// The actions count is in it: asked again after another's call (a half-whist), the same hand,
// phase and choices are a new decision.
const decisionKey = (view) => JSON.stringify([view?.actions, view?.hand_number, view?.observation?.phase, view?.observation?.tricks_done, view?.observation?.trick?.length, view?.observation?.legal_actions]);
// The last hints shown and their decision: a request the server refuses (too many) shows
// them again rather than leaving "thinking…".
let shownHints = null;
function showHints(hints) {
  if (hintsFor !== decisionKey(state)) return;
  shownHints = { key: hintsFor, hints };
  const label = (a) => actionLabel(a, (s) => holderName({ seat: s }, state?.seats ?? [], state?.you)) + (isHold(a, state) ? " (hold)" : "");
  $("hints").replaceChildren(...hints.map((h, i) => el("li", { class: i === 0 ? "best" : "" }, el("button", { text: label(h.action), "data-action": h.action, onclick: () => act(h.action) }), i === 0 ? el("b", { text: " recommended" }) : null, " ", el("span", { class: "muted", text: h.reason }))));
}

function seatBox(view, hv, obs) {
  const holder = hv.holder;
  const seatNo = holder === "dummy" ? null : holder.seat;
  const tags = [];
  if (seatNo === obs.dealer) tags.push("dealer");
  if (seatNo !== null && seatNo === obs.declarer) tags.push("declarer");
  // The Hussar dummy never speaks (H1): no call of its own.
  if (holder !== "dummy" && hv.call && hv.call !== "none") tags.push(hv.call.replace("-", " "));
  if (seatNo !== null && view.seats[seatNo]?.bot) tags.push(`${view.seats[seatNo].bot} bot`);
  const until = awayUntil(view, seatNo);
  if (until) tags.push("away");
  // The button comes once the server's wait is over (the page redraws itself then).
  const away = until && until <= serverNow();
  if (until && !away) redrawIn(until - serverNow() + 250);
  // An open hand this viewer plays (open whist, the Hussar dummy): its legal cards are
  // buttons, the others dimmed while it is to play.
  const playing = handToPlay(obs) === hv;
  const choosing = playing && obs.legal_actions.some((a) => a.startsWith("play "));
  const cardOf = (c) => {
    const action = `play ${c}`;
    if (!obs.legal_actions.includes(action)) {
      const e = cardEl(c, { small: true });
      if (choosing) e.classList.add("dim");
      return e;
    }
    const b = cardEl(c, { small: true, button: true });
    b.setAttribute("data-action", action);
    b.addEventListener("click", () => act(action));
    return b;
  };
  const cards = hv.cards
    ? hv.cards.split(" ").filter((c) => c !== "-").map(cardOf)
    : [el("span", { class: "backs", role: "img", "aria-label": `${hv.size} card${hv.size === 1 ? "" : "s"} face down` }, Array.from({ length: hv.size }, () => backEl())), el("span", { class: "count", "aria-hidden": "true", text: `${hv.size} card${hv.size === 1 ? "" : "s"}` })];
  // The turn outline marks the hand to play during the play, else the seat to decide.
  const toMove = obs.phase === "play" && handToPlay(obs) ? playing : seatNo !== null && seatNo === obs.to_move;
  const box = el("div", { class: "seat" + (toMove ? " to-move" : "") + (hv.cards ? " open" : ""), "data-seat": seatNo ?? "dummy" },
    el("div", { class: "who", text: seatLabel(holder, view) }),
    el("div", { class: "tags" }, tags.map((t) => el("span", { text: t }))),
    el("div", { text: `tricks: ${hv.tricks}` }),
    el("div", hv.cards ? { class: "open-cards" } : {}, cards),
    // A player gone for good would keep the others waiting: after a while (the server
    // says how long) a bot may play on for him.
    away && view.you !== null && view.you !== undefined
      ? el("button", { class: "away-bot", "data-seat": seatNo, text: "let a bot play for him", onclick: () => awayToBot(seatNo) })
      : null);
  return box;
}

// The table waits on a person who is away, or on a free seat nobody came to take: once the
// server's wait is over, the turn line offers the bot too (the sitting-out 4-player dealer,
// F3, has no seat box to offer it in).
function awayInTurn(view, obs, seated) {
  const seat = obs?.to_move;
  if (seat === null || seat === undefined) return;
  const free = view.seats[seat]?.free_since_ms;
  const until = free ? free + (view.away_before_bot_ms ?? 0) : awayUntil(view, seat);
  if (!seated || !until || view.game_over) return;
  const left = until - serverNow();
  if (left > 0) redrawIn(left + 250);
  else $("turn").append(" ", el("button", { class: "away-bot", "data-seat": seat, text: free ? "let a bot play this seat" : "let a bot play for him", onclick: () => awayToBot(seat) }));
}

// A redraw after `ms` (one pending at a time): a wait shown on the table has ended.
let redrawTimer = null;
function redrawIn(ms) {
  clearTimeout(redrawTimer);
  redrawTimer = setTimeout(() => state && render(state), ms);
}

// What names an element of the table across redraws.
const focusKeyOf = (e) => e.getAttribute("data-action") ?? e.getAttribute("data-card") ?? e.id;

function render(view) {
  // Whatever the keyboard was on inside the table gets the focus back after the redraw (or,
  // gone, the first choice left, else the turn line), instead of the page's start.
  const focused = document.activeElement;
  const focusKey = focused?.closest?.(".felt") ? focusKeyOf(focused) : focusBeforeSend;
  focusBeforeSend = null;
  const wasOver = state?.game_over ?? true;
  draw(view);
  announce(view);
  // A decision that has just become the person's is brought into view when it is below the
  // fold (a last-hand banner pushes it there on a laptop's screen), unless he is typing
  // elsewhere (the chat).
  const mine = (view.you ?? null) !== null && (view.observation?.legal_actions?.length ?? 0) > 0;
  if (mine && !decisionWasMine && !focused?.matches?.("input, textarea, select")) {
    const choice = document.querySelector(".felt #actions button:enabled, .felt #hand button:enabled, .felt .seat button:enabled, .felt #offer-tricks");
    const r = choice?.getBoundingClientRect();
    if (r && (r.bottom > window.innerHeight || r.top < 0)) choice.scrollIntoView({ block: "nearest" });
  }
  decisionWasMine = mine;
  if (focusKey !== null) {
    // Only what can take the focus: a face-up talon card has the same key as the button.
    const again = [...document.querySelectorAll(".felt [data-action], .felt [data-card], .felt [id]")].find((e) => focusKeyOf(e) === focusKey && !e.disabled && e.matches("button, input, select, [tabindex]"));
    const choice = document.querySelector(".felt #actions button:enabled, .felt #hand button:enabled, .felt .seat button:enabled");
    const next = (again && again !== $("turn") ? again : choice) ?? $("turn");
    next.focus({ preventScroll: true });
  }
  // The game just ended: the focus goes to its result rather than to the page's start.
  if (view.game_over && !wasOver && !$("final").hidden) $("final").focus({ preventScroll: true });
}

function draw(view) {
  state = view;
  if (locked) {
    locked.remove();
    locked = null;
    document.querySelector(".layout").hidden = false;
    $("watching-note").hidden = false;
    $("password").hidden = $("password-label").hidden = !isPrivate;
  }
  sent = false;
  if (hintsFor !== null && hintsFor !== decisionKey(view)) {
    hintsFor = null;
    $("hints").replaceChildren();
  }
  const seated = view.you !== null && view.you !== undefined;
  // The tab says when the person has a decision to make (it may be in the background).
  const decisionIsMine = seated && (view.observation?.legal_actions?.length ?? 0) > 0;
  document.title = `${decisionIsMine ? "▶ Your turn · " : ""}Preferans — ${view.name || view.table}`;
  $("title").textContent = view.name || `Table ${view.table}`;
  $("rules").textContent = rulesText(view.rules, view.seats.length);
  $("hand-no").textContent = view.game_over ? "game over" : `hand ${view.hand_number}`;
  $("seat-panel").hidden = seated;
  if (!$("seat-panel").hidden) renderSeatPanel(view);
  // A seated person's controls while the game goes on: typed shortcuts, hints, leaving.
  $("keys-help").hidden = $("leave-btn").hidden = $("hint-btn").hidden = $("device-btn").hidden = !seated || view.game_over;
  if ($("device-btn").hidden) $("device-link").hidden = true;
  $("hint-panel").hidden = $("hint-btn").hidden;
  // F1: the four-player dealer sitting the hand out has nothing to type or ask a hint for;
  // one with a part in it (F3: looking and whisting, playing the defenders' hands, leading
  // the all-pass talon) has.
  const sitsOut = seated && view.observation && !view.observation.hands.some((h) => h.holder !== "dummy" && h.holder.seat === view.you) && (view.dealer_role ?? "sits_out") === "sits_out";
  if (sitsOut) $("keys-help").hidden = $("hint-btn").hidden = true;
  $("keys-text").replaceChildren(...keysHelp(view.observation).flat());
  $("standing").replaceChildren(...view.seats.map((s, i) => el("div", {}, `${s.name ?? "free seat " + i}: `, el("b", { text: view.standing[i] }))));
  if (view.game_over) renderGameOver(view, { tableId, tablePath, token: () => token, isPrivate });
  updateSheet(view, isPrivate);
  $("log").replaceChildren(...view.log.map((l) => el("div", { text: l })).reverse());
  renderChat(view);
  if (view.last_hand) {
    $("last").hidden = false;
    $("last").textContent = `Last hand (${view.last_hand.number}): ${view.last_hand.summary}`;
    // A phone shows it above the hand while the next is bid, under the choices after.
    $("last").classList.toggle("fresh", view.observation?.phase === "auction");
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
  $("timed-out").hidden = true;
  $("hint-btn").disabled = true;
  renderFinal(view);
  renderTurn(view, obs);
  awayInTurn(view, obs, seated);
  // The move timer's countdown in the turn line, which says whose turn it is (and stays in
  // view on a phone).
  if (view.deadline_ms && !$("turn").hidden) {
    $("turn").append(el("span", { class: "timer", id: "timer", "aria-live": "off" }));
    renderTimer(view);
  }
  const previous = previousTrick(view, obs);
  if (previous) {
    $("trick").append(el("span", { class: "muted", text: `last trick of hand ${previous.number}:` }),
      ...previous.cards.map((tc) => el("figure", {}, cardEl(tc.card), el("figcaption", { text: holderName(tc.by, view.seats, view.you) }))),
      wonBy(previous.winner, view.seats, view.you));
  }
  if (!obs) return;

  // Every player keeps his place at the table from hand to hand: the others in seat order
  // from the viewer's left (the next seat to play after him), whoever is eldest.
  const n = view.seats.length;
  const base = seated ? view.you : 0;
  const place = (seat) => (seat - base + n) % n;
  const boxes = [];
  for (const hv of obs.hands) {
    const mine = hv.holder !== "dummy" && hv.holder.seat === view.you;
    if (mine) {
      const tags = [];
      if (view.you === obs.dealer) tags.push("dealer");
      if (view.you === obs.declarer) tags.push("declarer");
      if (hv.call && hv.call !== "none") tags.push(hv.call.replace("-", " "));
      $("me").append(el("div", { class: "who", text: `${holderName(hv.holder, view.seats, view.you)} · seat ${view.you}` }), el("div", { class: "tags" }, tags.map((t) => el("span", { text: t }))), el("div", { text: `tricks: ${hv.tricks}` }));
      const playing = obs.phase === "play" && handToPlay(obs);
      $("me").classList.toggle("to-move", playing ? handToPlay(obs) === hv : obs.to_move === view.you);
      renderHand(hv, obs);
    } else {
      // Hussar (H1): the dummy sits where it plays, in the playing order after the viewer.
      const me = Math.max(0, obs.hands.findIndex((h) => h.holder !== "dummy" && h.holder.seat === base));
      const key = obs.hands.some((h) => h.holder === "dummy") ? (obs.hands.indexOf(hv) - me + 3) % 3 : place(hv.holder.seat);
      boxes.push([key, seatBox(view, hv, obs)]);
    }
  }
  // F1: the four-player dealer sits the hand out.
  for (const seat of view.seats) {
    const inPlay = obs.hands.some((h) => h.holder !== "dummy" && h.holder.seat === seat.seat);
    if (!inPlay && seat.seat !== view.you) {
      // F3: a dealer with a part in the hand is not greyed, and his decision outlines his box.
      const part = (view.dealer_role ?? "sits_out") !== "sits_out";
      const cls = "seat out" + (part ? " part" : "") + (obs.to_move === seat.seat ? " to-move" : "");
      // Away is said here as in any seat's box (the turn line offers the bot).
      const away = awayUntil(view, seat.seat) ? el("div", { class: "tags" }, el("span", { text: "away" })) : null;
      boxes.push([place(seat.seat), el("div", { class: cls, "data-seat": seat.seat }, el("div", { class: "who", text: seatLabel({ seat: seat.seat }, view) }), away, el("div", { class: "muted", text: dealerRole(view.dealer_role, false) }))]);
    }
  }
  others.append(...boxes.sort((a, b) => a[0] - b[0]).map(([, box]) => box));
  if (seated && !obs.hands.some((h) => h.holder !== "dummy" && h.holder.seat === view.you)) {
    $("me").append(el("div", { class: "who", text: `${holderName({ seat: view.you }, view.seats, view.you)} · seat ${view.you}` }), el("div", { class: "muted", text: dealerRole(view.dealer_role) }));
    // His own decision (the F3 look and whist) outlines his box; nothing else does.
    $("me").classList.toggle("to-move", obs.to_move === view.you && obs.phase !== "play");
  }
  $("contract").textContent = contractText(obs, view.seats, view.you);
  const calls = callsText(obs, view.seats, view.you);
  $("calls").hidden = calls === "";
  $("calls").textContent = calls;
  if (!previous) $("trick").append(...trickView(obs, view.seats, view.you));
  $("talon").append(...talonView(obs, view));
  // P3: the one who must answer reads the offer in his turn line; the others here.
  if (obs.offer && !obs.legal_actions.includes("accept")) {
    $("offer").hidden = false;
    $("offer").textContent = `${offerText(obs, view.seats, view.you)}.`;
  }
  // The move timer's moves are marked: nobody takes them for the person's own.
  // (A free seat's turns are the timer's anyway: nothing to mark.)
  const timedOut = view.timed_out ?? null;
  const free = (seat) => !view.seats[seat]?.name && !view.seats[seat]?.bot;
  if (timedOut !== null && !free(timedOut)) {
    const mine = timedOut === view.you;
    // The move made, when it is in this hand's history (a discard the viewer may not see is
    // "the discard"); else it ended the hand before (its last card is in "the last trick").
    const last = [...obs.history].reverse().find(([seat]) => seat === timedOut);
    const move = last ? (last[1] === null ? "chose the discard" : `chose ${actionLabel(last[1])}`) : "made the last move of the hand before";
    $("timed-out").hidden = false;
    $("timed-out").textContent = mine ? `Your time ran out: the server ${move} for you.` : `${holderName({ seat: timedOut }, view.seats, view.you)}'s time ran out: the server ${move} for that seat.`;
  }
  const refused = !obs.offer && refusedOffer(obs);
  if (refused) {
    const name = (seat) => holderName({ seat }, view.seats, view.you);
    const who = refused.refusedBy === view.you ? "You" : name(refused.refusedBy);
    $("offer").hidden = false;
    $("offer").textContent = `${who} refused ${refused.by === view.you ? "your" : `${name(refused.by)}'s`} offer to take ${refused.tricks}: play goes on.`;
  }
  const myTurn = obs.to_move === view.you && obs.legal_actions.length > 0;
  $("hint-btn").disabled = !myTurn;
  $("actions").append(...choiceButtons(obs, act, view));
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
}

// The table's chat: everyone reads it, the people seated write to it. Redrawn only when it
// changed, so that a reader's scrolling is not undone by every move.
function renderChat(view) {
  $("chat-form").hidden = view.you === null || view.you === undefined;
  const shown = JSON.stringify(view.chat);
  if (shown === chatShown) return;
  chatShown = shown;
  if (chatSent !== null && view.chat.some((l) => l.text === chatSent)) chatSent = null;
  const log = $("chat-log");
  log.replaceChildren(...view.chat.map((l) => el("div", {}, el("b", { text: `${l.name}: ` }), l.text)));
  log.scrollTop = log.scrollHeight;
}

function renderHand(hv, obs) {
  if (!hv.cards) return;
  const cards = hv.cards.split(" ").filter((c) => c !== "-");
  const discarding = obs.legal_actions.some((a) => a.startsWith("discard "));
  if (!discarding) selected = new Set();
  for (const c of cards) {
    const playable = obs.legal_actions.includes(`play ${c}`);
    // While cards are played, the ones that may not be played now are dimmed.
    // So are all of them while an offer waits for its answer (P3).
    const dim = (handToPlay(obs) === hv && obs.legal_actions.some((a) => a.startsWith("play ")) && !playable) || (obs.offer && obs.phase === "play");
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
  $("seat-panel").querySelector("h2").textContent = free.length ? "Take a seat" : "Watching";
  $("free-seats").replaceChildren(...(free.length ? free.map((s) => el("button", { class: "primary", text: `Sit in seat ${s.seat}`, "data-seat": s.seat, onclick: () => takeSeat(s.seat) })) : [el("span", { class: "muted", text: "No free seat." })]));
}

async function takeSeat(seat) {
  // A refusal of an earlier try is not this one's.
  $("seat-error").textContent = "";
  const name = $("name").value.trim();
  if (!name) { $("seat-error").textContent = "Your name, please."; return; }
  try {
    // The box beside the seats, the locked page's, or the one this browser keeps.
    const password = $("password").value || $("watch-password")?.value || localStorage.getItem(passwordKey(tableId)) || null;
    const r = await api(`${tablePath}/seats`, { name, seat, password });
    // Kept for the next table only once a seat took it (a refused name is not remembered).
    setPlayerName(name);
    token = r.token;
    localStorage.setItem(tokenKey(tableId), token);
    // A private table's password still opens its sheet, record and replay after a leave.
    if (password) localStorage.setItem(passwordKey(tableId), password);
    // The seat buttons go once seated: the focus goes to the table (its first choice).
    focusBeforeSend = "turn";
    send({ type: "join", table: tableId, token });
  } catch (e) {
    $("seat-error").textContent = e.message;
  }
}

// Typed shortcuts (table-keys.js): the page's state, choices and redraw.
typedShortcuts({
  state: () => state,
  selected: () => selected,
  clearSelected: () => { selected = new Set(); },
  act,
  render,
});

async function awayToBot(seat) {
  $("error").textContent = "";
  try {
    await api(`${tablePath}/seats/${seat}/bot`, { token });
  } catch (e) {
    $("error").textContent = e.message;
  }
}

deviceLink(tablePath, tableId, () => token);
// Leaving hands the seat to a bot for the rest of the game (the others play on); this page
// then watches.
$("leave-btn").addEventListener("click", async () => {
  if (!confirm("Leave the table? A bot plays your seat, under your name, for the rest of the game.")) return;
  try {
    await api(`${tablePath}/leave`, { token });
    localStorage.removeItem(tokenKey(tableId));
    token = null;
  } catch (e) {
    $("error").textContent = e.message;
  }
});

// The line on its way: back in the box if the server refuses it. One at a time, so that a
// refusal (too many lines) never loses a line sent after it: the next waits in the box
// until this one shows in the chat.
let chatSent = null;
$("chat-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text || chatSent !== null) return;
  $("error").textContent = "";
  if (!send({ type: "chat", token, text })) return; // the line stays in the box
  chatSent = text;
  // Never held up for long (a line the log does not show as sent, a lost answer).
  setTimeout(() => { if (chatSent === text) chatSent = null; }, 3000);
  $("chat-text").value = "";
});
$("hint-btn").addEventListener("click", () => {
  if (!send({ type: "hint", token })) return;
  hintsFor = decisionKey(state);
  $("hints").replaceChildren(el("li", { class: "muted", text: "thinking…" }));
});
api(tablePath).then((t) => {
  $("password").hidden = $("password-label").hidden = !t.private;
  isPrivate = t.private;
  summary = t;
  // A seed fixes every deal: whoever created the table may know all the cards.
  $("seeded-warning").hidden = !t.seeded;
  if (t.seeded) $("rules").title = "seeded deals";
  setInterval(() => {
    if (state?.deadline_ms) renderTimer(state);
    renderAwayWaits();
  }, 1000);
  // A seat link's code is given back before the join, so that the join holds the seat.
  transferred.then(connect);
}).catch((e) => {
  // No such table (or no server): say so instead of an empty table.
  document.querySelector(".layout").hidden = true;
  document.querySelector("main").prepend(el("section", { class: "panel" }, el("p", { class: "error", id: "no-table", text: e.message }), el("a", { href: "/", text: "back to the lobby" })));
});
