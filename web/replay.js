// Replay of a finished game, one action at a time (every card shown: the game is over).
import { dealerRole } from "/static/table-view.js";
import { el, api, cardEl, cardLabel, RED, actionLabel, holderName, contractText, callsText, trickView, recordLink, isPrivateRefusal, passwordForm, passwordKey } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
// The table's API path, the id encoded: a crafted address must not reach another table's.
const tablePath = `/api/tables/${encodeURIComponent(tableId)}`;
let step = 0;
let total = 0;
let hand = 0;
let handStarts = [0];

// Each request is numbered: only the newest one's answer is shown (an analysis may make an
// earlier answer arrive after a later one).
let asked = 0;

// The position asked for last: the arrows count from it at once, so that quick clicks each
// move one step even before the previous answer arrives. A hand's first step comes after
// the previous hand's last action: it is shown twice, the previous hand's end and then the
// new hand's untouched deal (`wantedDeal`).
let wanted = 0;
let wantedDeal = true;

async function show(n, deal = false) {
  const mine = ++asked;
  wanted = Math.max(0, total ? Math.min(n, total) : n);
  wantedDeal = deal || wanted === 0;
  try {
    const r = await api(`${tablePath}/replay?step=${Math.max(0, n)}&analysis=true${deal ? "&deal=true" : ""}`);
    if (mine !== asked) return;
    step = r.step; total = r.total; hand = r.hand_number; handStarts = r.hand_starts;
    wanted = step;
    wantedDeal = r.deal;
    // The address keeps the position: a reload or a shared link opens it again. (Some
    // browsers refuse address changes made too often, as a held arrow key makes: the
    // position is shown all the same.)
    try {
      history.replaceState(null, "", `${location.pathname}?step=${step}${r.deal && step ? "&deal=1" : ""}`);
    } catch {}
    const seats = r.names.map((name) => ({ name }));
    $("step").textContent = `action ${step} of ${total}, hand ${hand}`;
    $("action").textContent = (r.deal ? `hand ${hand}: the deal` : r.last ? `last: ${holderName({ seat: r.last.seat }, seats, null)}: ${actionLabel(r.last.action, (s) => holderName({ seat: s }, seats, null))}` : "start") +
      (r.ended ? ` — hand ${hand} over: ${r.ended}` : "");
    // Nothing before the start or after the end; a button that goes off while it has the
    // keyboard's focus hands it to its opposite rather than to the page.
    const focused = document.activeElement;
    for (const b of ["first", "prev", "prev-hand"]) $(b).disabled = step === 0 && wantedDeal;
    for (const b of ["next", "last", "next-hand"]) $(b).disabled = step === total;
    if (focused?.disabled) ($(focused.id === "last" || focused.id === "next" || focused.id === "next-hand" ? "first" : "last")).focus();
    const obs = r.observation;
    // Each player keeps his place from hand to hand: in seat order, whoever is eldest; the
    // four-player dealer, who sits the hand out (F1), keeps his too.
    const bySeat = r.names.map((_, seat) => r.cards.find((h) => h.seat === seat) ?? { seat, out: true });
    // The Hussar dummy's hand (H1), after the seats: every card of a finished game is public.
    const dummy = r.cards.find((h) => h.dummy);
    const dummyTricks = obs.hands.find((x) => x.holder === "dummy")?.tricks ?? 0;
    const dummyToPlay = obs.to_play !== null && obs.to_play !== undefined && obs.hands[obs.to_play]?.holder === "dummy";
    const dummyBox = dummy ? [el("div", { class: "seat" + (dummyToPlay ? " to-move" : ""), "data-dummy": "" }, el("div", { class: "who", text: "dummy" }),
      el("div", { text: `tricks: ${dummyTricks}` }), el("div", {}, dummy.cards === "-" ? [] : dummy.cards.split(" ").map((c) => cardEl(c, { small: true }))))] : [];
    $("hands").replaceChildren(...bySeat.map((h) => {
      if (h.out) {
        return el("div", { class: "seat out", "data-seat": h.seat }, el("div", { class: "who", text: holderName({ seat: h.seat }, seats, null) }), el("div", { class: "muted", text: dealerRole(r.dealer_role, false) }));
      }
      const hv = obs.hands.find((x) => x.holder !== "dummy" && x.holder.seat === h.seat);
      return el("div", { class: "seat" + (obs.to_move === h.seat && !dummyToPlay ? " to-move" : ""), "data-seat": h.seat }, el("div", { class: "who", text: holderName({ seat: h.seat }, seats, null) + (obs.dealer === h.seat ? " (dealer)" : "") }),
        el("div", { text: `tricks: ${hv ? hv.tricks : 0}` }), el("div", {}, h.cards === "-" ? [] : h.cards.split(" ").map((c) => cardEl(c, { small: true }))));
    }), ...dummyBox);
    $("contract").textContent = contractText(obs, seats, null);
    // Every card of a finished game is public: the discard is named.
    const calls = callsText(obs, seats, null).replace(": discards", r.discard ? `: discards ${r.discard.map(cardLabel).join(" ")}` : ": discards");
    $("calls").hidden = calls === "";
    $("calls").textContent = calls;
    $("trick").replaceChildren(...trickView(obs, seats, null));
    $("talon").replaceChildren(el("span", { text: "talon " }), ...r.talon.map((c) => cardEl(c, { small: true })));
    $("standing").textContent = "Standing: " + r.names.map((n, i) => `${n} ${r.standing[i]}`).join(", ");
    // The analysis lists the cards in the order the hands show them.
    const shownOrder = r.cards.flatMap((h) => (h.cards === "-" ? [] : h.cards.split(" ")));
    if (r.analysis?.cards) r.analysis.cards.sort((a, b) => shownOrder.indexOf(a.card) - shownOrder.indexOf(b.card));
    showAnalysis(r.analysis, seats);
    showDealTable(hand, seats);
  } catch (e) {
    $("error").textContent = e.message;
  }
}

const tricks = (n) => `${n} trick${n === 1 ? "" : "s"}`;

// The solver's view of the position (every card is known once the game is over): the result
// with best play from here and what each legal card of the player to move leads to.
function showAnalysis(a, seats) {
  $("analysis").hidden = !a;
  if (!a) return;
  if (a.error) {
    $("analysis-result").textContent = a.error;
    $("analysis-cards").replaceChildren();
    $("analysis-next").textContent = "";
    return;
  }
  const name = (s) => (s === null ? "the dummy" : holderName({ seat: s }, seats, null));
  const who = name(a.counted);
  $("analysis-result").textContent =
    a.kind === "allpass"
      ? `With best play from here, ${who} takes ${tricks(a.result)} in the hand when the other two play against him.`
      : `With best play from here, the ${a.kind === "misere" ? "misère " : ""}declarer ${who} takes ${tricks(a.result)} in the hand.`;
  $("analysis-cards").replaceChildren(
    // The numbers are the counted player's tricks, whoever is to play: said beside them.
    ...(a.cards.length ? [el("span", { class: "muted", text: `${name(a.mover)} to play — each card with ${a.counted === a.mover ? "his" : `${who}'s`} tricks after it (− what it costs): ` })] : []),
    ...a.cards.map((c) =>
      el("span", { class: "value" + (c.cost === 0 ? " best" : ""), "data-card": c.card, title: c.cost === 0 ? "keeps the result" : `costs ${tricks(c.cost)}` },
        cardEl(c.card, { small: true }), el("span", { text: c.cost === 0 ? ` ${c.value} ✓` : ` ${c.value} (−${c.cost})` }))),
  );
  $("analysis-next").textContent = a.next
    ? `Played next: ${cardLabel(a.next.card)}, ${a.next.cost === 0 ? "a best card" : `which costs ${tricks(a.next.cost)}`}.`
    : "";
}

// What the replayed hand's deal held, double-dummy (asked once per hand shown).
let dealFor = null;
async function showDealTable(n, seats) {
  if (dealFor === n) return;
  dealFor = n;
  $("deal").hidden = false;
  $("deal-rows").replaceChildren();
  $("deal-status").textContent = "analysing the deal…";
  let t;
  try {
    t = await api(`${tablePath}/deal-table?hand=${n}`);
  } catch (e) {
    t = { error: e.message };
  }
  if (dealFor !== n) return;
  if (t.error) {
    $("deal-status").textContent = t.error;
    dealFor = null; // asked again on the next step
    return;
  }
  $("deal-status").textContent = `Hand ${n}.`;
  const allpass = t.rows.some((row) => row.allpass !== null);
  $("deal-allpass").hidden = !allpass;
  const discard = (d) => `discarding ${d.map(cardLabel).join(" ")}`;
  const STRAINS = ["♠", "♣", "♦", "♥", "no trumps"];
  // A number says its discard when pointed at or tapped (phones have no pointer).
  const cell = (who, what, k, d) => {
    const say = () => { $("deal-status").textContent = `Hand ${n}: ${who} in ${what} takes ${tricks(k)} ${discard(d)}.`; };
    return el("td", { text: String(k), title: discard(d), tabindex: 0, onclick: say, onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); say(); } } });
  };
  $("deal-rows").replaceChildren(...t.rows.map((row) => {
    const who = holderName({ seat: row.seat }, seats, null);
    return el("tr", { "data-seat": row.seat },
      el("td", { text: who + (row.position === 0 ? " (eldest)" : "") }),
      ...row.tricks.map((n, i) => cell(who, STRAINS[i], n, row.discards[i])),
      cell(who, "misère", row.misere, row.misere_discard),
      allpass ? el("td", { text: String(row.allpass) }) : null);
  }));
}

// Whether step `n` both ends a hand and begins the next one.
const betweenHands = (n) => n > 0 && n < total && handStarts.includes(n);

function next() {
  if (!wantedDeal && betweenHands(wanted)) show(wanted, true);
  else show(wanted + 1);
}

function prev() {
  if (wantedDeal && wanted > 0) show(wanted);
  else if (betweenHands(wanted - 1)) show(wanted - 1, true);
  else show(wanted - 1);
}

// A hand is shown from its untouched deal.
function jumpHand(dir) {
  const k = hand - 1;
  if (dir > 0) show(k + 1 < handStarts.length ? handStarts[k + 1] : total, true);
  else if (step > handStarts[k] || !wantedDeal) show(handStarts[k], true);
  else show(k > 0 ? handStarts[k - 1] : 0, true);
}

// The review of the whole game, made by the server in the background: asked again until it
// is there, with its progress meanwhile.
async function review() {
  // The button goes off while the review is made: the keyboard's focus goes to its status.
  const had = document.activeElement === $("review-btn");
  $("review-btn").disabled = true;
  if (had) $("review-status").focus();
  let r;
  try {
    r = await api(`${tablePath}/review`);
  } catch (e) {
    $("review-status").textContent = e.message;
    $("review-progress").hidden = true;
    $("review-btn").disabled = false;
    return;
  }
  if (r.status === "waiting" || r.status === "running") {
    $("review-progress").hidden = false;
    $("review-progress").max = r.total || 1;
    $("review-progress").value = r.done;
    $("review-status").textContent = r.status === "waiting" ? "waiting for another review to end…" : `reviewing: ${Math.round((100 * r.done) / (r.total || 1))} %`;
    setTimeout(review, 700);
    return;
  }
  $("review-progress").hidden = true;
  if (r.status === "failed") {
    $("review-status").textContent = `The review failed: ${r.error}`;
    return;
  }
  showReview(r);
}

function showReview(r) {
  const seats = r.names.map((name) => ({ name }));
  const who = (s) => holderName({ seat: s }, seats, null);
  // The position shown, then brought into view (the analysis is hidden outside the card play).
  const go = (step, what) => el("button", { text: "show", "aria-label": `show ${what}`, "data-step": step, onclick: async () => { await show(step); $("step").scrollIntoView({ behavior: "smooth" }); } });
  const calls = `${r.calls.length} call${r.calls.length === 1 ? "" : "s"} that cost ${r.call_threshold} whists or more`;
  $("review-status").textContent = `${r.cards.length} card${r.cards.length === 1 ? "" : "s"} that cost tricks · ${calls}.`;
  $("review-cards-title").hidden = r.cards.length === 0;
  $("review-cards").replaceChildren(...r.cards.map((m) => el("li", { "data-step": m.step },
    `Hand ${m.hand}, trick ${m.trick}: ${who(m.seat)} played `, el("b", { class: RED.has(m.played.slice(-1)) ? "red" : "", text: cardLabel(m.played) }),
    // A card from a hand he plays for (the passer's open hand, the dummy) says whose.
    m.from && (m.from === "dummy" || m.from.seat !== m.seat) ? ` from ${m.from === "dummy" ? "the dummy" : `${who(m.from.seat)}'s hand`}` : "",
    ` — best ${m.best.map(cardLabel).join(" or ")} — costs ${tricks(m.cost)}${m.all_pass ? " (all-pass: the two others against him)" : ""} `, go(m.step, `hand ${m.hand}, trick ${m.trick}`))));
  $("review-calls-title").hidden = r.calls.length === 0;
  $("review-calls").replaceChildren(...r.calls.map((m) => el("li", { "data-step": m.step },
    `Hand ${m.hand}: ${who(m.seat)} chose ${actionLabel(m.chosen)} — best ${actionLabel(m.best)} — costs ${m.cost} whists `, go(m.step, `hand ${m.hand}, ${who(m.seat)}'s ${actionLabel(m.chosen)}`))));
}

$("review-btn").onclick = review;
// Until the server knows the table, the address's id is shown only when it looks like one
// (a crafted address must not put a sentence of its own in the heading).
$("where").textContent = /^[0-9a-f]{1,16}$/.test(tableId) ? `table ${tableId}` : "table";
$("first").onclick = () => show(0);
$("prev").onclick = prev;
$("next").onclick = next;
$("last").onclick = () => show(total);
$("prev-hand").onclick = () => jumpHand(-1);
$("next-hand").onclick = () => jumpHand(1);
document.addEventListener("keydown", (e) => { if (e.key === "ArrowRight") next(); if (e.key === "ArrowLeft") prev(); });
// Only a finished game is replayed (its cards are public then): a game still being played, or
// no such table, says so with the way on instead of dead controls.
api(tablePath).then(async (t) => {
  $("where").textContent = t.name || `table ${tableId}`;
  document.title = `Preferans — replay of ${t.name || tableId}`;
  $("download").replaceWith(recordLink(tableId, t.private, { id: "download", text: "download the record" }));
  // A private game's replay opens to its players and to whoever knows its password.
  const refusal = async () => {
    try {
      await api(`${tablePath}/replay?step=0`);
      return null;
    } catch (e) {
      return isPrivateRefusal(e.message) ? e.message : null;
    }
  };
  const refused = t.finished && t.private ? await refusal() : null;
  if (refused) {
    $("download").hidden = true;
    document.querySelectorAll("main > *").forEach((x) => { x.hidden = true; });
    document.querySelector("main").prepend(passwordForm(tableId, "this game is private: its password lets you replay it", async () => {
      if (!(await refusal())) return location.reload();
      localStorage.removeItem(passwordKey(tableId));
      $("private-message").textContent = "Wrong password.";
    }));
    return;
  }
  if (t.finished) {
    const at = new URLSearchParams(location.search);
    return show(Number.parseInt(at.get("step") ?? "0", 10) || 0, at.get("deal") === "1");
  }
  $("download").hidden = true;
  document.querySelectorAll("main > *").forEach((e) => { e.hidden = true; });
  document.querySelector("main").prepend(el("section", { class: "panel", id: "not-finished" }, el("p", { text: "This game is still being played: its replay opens when it is over." }), el("a", { href: `/table/${encodeURIComponent(tableId)}`, text: "watch the table" })));
}, (e) => {
  $("download").hidden = true;
  document.querySelectorAll("main > *").forEach((x) => { x.hidden = true; });
  document.querySelector("main").prepend(el("section", { class: "panel", id: "not-finished" }, el("p", { class: "error", text: e.message }), el("a", { href: "/", text: "back to the lobby" })));
});
