// The table page's parts drawn from the server's view alone (no state of the page's own):
// whose turn it is, the last trick, the timer, the game's end, seat and offer words, and
// the keyboard's names for actions.
import { el, holderName, decisionText, contractText, actionLabel, actionName, actionTitle, cardEl, backEl, cardLabel, cardName } from "/static/common.js";

const $ = (id) => document.getElementById(id);

// A3: the eldest's hold (the highest bid said again), so labelled: the server names it.
export const isHold = (a, view) => !!view?.hold && a === view.hold;

// The name a seat's box shows: the person's or bot's, or "free seat N" while nobody holds it.
export function seatLabel(holder, view) {
  if (holder === "dummy") return "dummy";
  const s = view.seats[holder.seat];
  return s?.name || s?.bot ? `${holderName(holder, view.seats, view.you)} · seat ${holder.seat}` : `free seat ${holder.seat}`;
}

// The hand whose card is next (an open hand the viewer plays from, W4 / H1, included).
// The hand whose card is next: none while an offer waits for its answer (P3).
export const handToPlay = (obs) => (obs.offer || obs.to_play === null || obs.to_play === undefined ? null : obs.hands[obs.to_play] ?? null);

// P3: an offer in words, for `you`: "Boris offers to take 9 of the 9 tricks left".
export function offerText(obs, seats, you) {
  const left = obs.offer.remaining;
  const who = obs.offer.by === you ? "You offer" : `${holderName({ seat: obs.offer.by }, seats, you)} offers`;
  return `${who} to take ${obs.offer.tricks} of the ${left} trick${left === 1 ? "" : "s"} left (${obs.offer.declarer_side ? "the declarer's side" : "the defence"})`;
}

// The server's clock (Unix ms) as this page last saw it against its own: deadlines and away
// times are the server's, and a computer's clock may be minutes wrong.
let clockOffset = 0;
export function noteServerClock(serverNowMs) {
  if (Number.isFinite(serverNowMs)) clockOffset = serverNowMs - Date.now();
}
export const serverNow = () => Date.now() + clockOffset;

// When a bot may take the seat of `seat`'s person, away from the table (Unix ms), or null
// while he is here, a bot plays it, or it is the viewer's own.
export function awayUntil(view, seat) {
  const since = seat === null || seat === undefined || seat === view.you ? null : view.seats[seat]?.away_since_ms;
  return since ? since + (view.away_before_bot_ms ?? 0) : null;
}

// Whose turn it is, in words: the viewer's (and from which hand), someone else's, or a free
// seat's that waits for a person (with the link to share).
export function renderTurn(view, obs) {
  const turn = $("turn");
  turn.replaceChildren();
  turn.className = "banner turn";
  if (!obs || view.game_over || obs.to_move === null || obs.to_move === undefined) { turn.hidden = true; return; }
  turn.hidden = false;
  const seated = view.you !== null && view.you !== undefined;
  const hv = handToPlay(obs);
  if (seated && obs.legal_actions.length > 0) {
    turn.classList.add("mine");
    const other = obs.phase === "play" && hv && (hv.holder === "dummy" || hv.holder.seat !== view.you);
    if (obs.offer && obs.offer.by !== view.you) turn.textContent = `Your turn: ${offerText(obs, view.seats, view.you)} — accept or refuse.`;
    else if (other) turn.textContent = `Your turn: play from ${hv.holder === "dummy" ? "the dummy" : holderName(hv.holder, view.seats, view.you)}'s hand.`;
    else {
      // What is decided and on what, in the line that stays on a phone's screen while the
      // table above it scrolls away: "Your turn to whist or pass · Contract 7♣ by Ann".
      const on = obs.phase === "play" || (obs.phase === "auction" && !obs.highest_bid) ? "" : ` · ${contractText(obs, view.seats, view.you)}`;
      const what = obs.legal_actions.some((a) => a.startsWith("look ")) ? "to look at a defender's hand or pass" : decisionText(obs);
      turn.textContent = `Your turn ${what}${on}.`;
    }
    // A phone's first screen may not reach the choices: one tap brings them into view.
    turn.append(el("button", { class: "to-choices", text: "show my choices", onclick: () => document.querySelector("#actions button:enabled, #hand button:enabled, #others button:enabled")?.scrollIntoView({ block: "center", behavior: "smooth" }) }));
    return;
  }
  const seat = view.seats[obs.to_move];
  if (seat && !seat.name && !seat.bot && !seated) {
    // A visitor is the player the table waits for: he is told he can sit, not to share.
    turn.textContent = `Seat ${obs.to_move} is free and the table waits for its player: take it under "Take a seat"${view.deadline_ms ? " (a timer plays the seat meanwhile)" : ""}.`;
    return;
  }
  if (seat && !seat.name && !seat.bot) {
    const link = `${location.origin}/table/${view.table}`;
    turn.append(`Waiting for a player to take seat ${obs.to_move}: share this page's link, `, el("a", { href: link, text: link }), " ",
      navigator.clipboard ? el("button", { id: "copy-link", text: "copy the link", onclick: () => navigator.clipboard.writeText(link).then(() => { $("copy-link").textContent = "copied"; }, () => {}) }) : "",
      view.deadline_ms ? " (a timer plays the seat meanwhile)" : "");
    return;
  }
  // Open defence: the passer's cards (or the dummy's, H1) are played by the whister.
  const fromMine = seated && hv && hv.holder !== "dummy" && hv.holder.seat === view.you;
  const fromOther = obs.phase === "play" && hv && !fromMine && (hv.holder === "dummy" || hv.holder.seat !== obs.to_move);
  const whose = fromOther ? ` to play ${hv.holder === "dummy" ? "the dummy" : holderName(hv.holder, view.seats, view.you)}'s hand` : "";
  const what = decisionText(obs);
  turn.textContent = `Waiting for ${holderName({ seat: obs.to_move }, view.seats, view.you)}${fromMine ? " to play from your hand" : whose || (what ? ` ${what}` : "")}…`;
  // A person gone from the table keeps the others waiting: say so, and when a bot may take
  // his seat (the button comes at his seat; `--away-before-bot-secs`).
  const until = awayUntil(view, obs.to_move);
  if (seated && until) {
    // Counted down every second: kept from the turn line's live region, which would read
    // it out each time.
    turn.append(" ", el("span", { class: "away-wait", "aria-live": "off", "data-until": until }));
    renderAwayWaits();
  }
}

// The away player's wait in words, updated every second like the timer.
export function renderAwayWaits() {
  for (const e of document.querySelectorAll(".away-wait[data-until]")) {
    const left = Math.ceil((Number(e.getAttribute("data-until")) - serverNow()) / 1000);
    const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    e.textContent = left > 0 ? `(away: you may let a bot play for him in ${clock})` : "(away: you may let a bot play for him)";
  }
}

// The last trick of the hand just finished, while the next hand has no trick yet (and at the
// game's end): how the hand ended stays on the table.
export function previousTrick(view, obs) {
  if (obs && (obs.trick.length || obs.last_trick.length || obs.phase === "play")) return null;
  const last = view.last_hand?.observation?.last_trick;
  return last?.length ? { number: view.last_hand.number, cards: last, winner: view.last_hand.observation.last_trick_winner } : null;
}

// The timer's text alone is updated every second: redrawing the table would take the focus
// and the pointer's target away.
export function renderTimer(view) {
  const t = $("timer");
  if (!t || !view.deadline_ms) return;
  t.textContent = `${Math.max(0, Math.round((view.deadline_ms - serverNow()) / 1000))} s left`;
}

// The keyboard shortcuts of the decision at hand, from its legal actions.
export function keysHelp(obs) {
  const kbd = (t) => el("kbd", { text: t });
  const legal = obs?.legal_actions ?? [];
  if (legal.some((a) => a.startsWith("discard "))) return ["Keyboard: type a card (", kbd("7h"), ", ", kbd("qs"), ") to choose it for the discard, then ", kbd("Enter"), " to discard the two."];
  // Offers are made with their chooser (P3): the shortcuts are cards and calls.
  const names = [...new Set(legal.filter((a) => !a.startsWith("offer ")).map(shortName))].slice(0, 5).map((n) => n.replace(/^t(?=([scdh]|nt)$)/, "10"));
  if (!names.length) return ["Keyboard: on your turn, type a card or a bid (", kbd("7h"), ", ", kbd("10nt"), ", ", kbd("mis"), ", ", kbd("pass"), ")."];
  return ["Keyboard: type your choice — ", names.flatMap((n, i) => (i ? [", ", kbd(n)] : [kbd(n)])), " — played once it names one choice (", kbd("Enter"), " when it names one exactly, ", kbd("Esc"), " clears)."];
}

// The game's end on the table: the players ranked by the final settlement (S10, in whists),
// by the places the server sends (equal results share a place), the first place first. A game
// stopped by its hand limit before the pool closed (S9) has a leader, not a winner.
export function renderFinal(view) {
  $("final").hidden = !view.game_over;
  if (!view.game_over) return;
  const ranked = view.seats.map((s, i) => ({ seat: i, name: holderName({ seat: i }, view.seats, view.you), place: view.places[i], shown: view.standing[i] }))
    .sort((a, b) => a.place - b.place || a.seat - b.seat);
  const top = ranked.filter((r) => r.place === 1);
  const [win, wins, share, draw] = view.pool_closed
    ? ["You win.", "wins.", "share first place.", "A draw: everyone ends even."]
    : ["You are ahead.", "is ahead.", "share the lead.", "Everyone is even."];
  const who = top.length === ranked.length ? draw : top.length > 1 ? `${top.map((r) => r.name).join(" and ")} ${share}` : top[0].seat === view.you ? win : `${top[0].name} ${wins}`;
  const headline = view.pool_closed ? who : `The hands asked for are played; the pool is not closed (S9). ${who}`;
  $("final").replaceChildren(el("h2", { text: "Game over" }), el("p", { class: "headline", text: headline }),
    el("ol", { class: "ranking" }, ranked.map((r) => el("li", { class: r.place === 1 ? "first" : "", "data-seat": r.seat },
      el("span", { class: "place", text: `${r.place}.` }), el("span", { class: "name", text: r.name }),
      el("span", { class: "whists", text: `${Number(r.shown) > 0 ? "+" : ""}${r.shown} whists` })))));
}

// An action's name as typed: what follows its verb, lower case, 10 as t ("7h", "tnt").
export const shortName = (a) => (/^(bid|declare|play) /.test(a) ? a.slice(a.indexOf(" ") + 1) : a).toLowerCase().replace("10", "t");

// The choices of a call (every legal action but cards, discards and offers) as buttons, and
// what each means (open, whist, take, …) written under them: a tooltip reaches only a mouse,
// so the text is on the page and each button is described by its line.
// Whist calls whose meaning depends on where they are made: the 4-player dealer's (F3), the
// Hussar defender's (H1), the first defender's second word after a half-whist (W2).
function callTitle(a, obs) {
  if (a !== "whist" && a !== "pass") return null;
  if (obs.phase === "dealer-whist") {
    return a === "whist"
      ? "whist in place of both passers: you play both defenders' hands, seeing both, and their whists and the responsibility are yours (F3)"
      : "the contract is scored as made, unplayed; nothing is written for you (F3)";
  }
  if (obs.phase !== "whist") return null;
  if (obs.players === 2) {
    return a === "whist"
      ? "defend: your hand and the dummy's are laid face up and you play both; you write whists on the declarer for the defence's tricks, and pay if they are fewer than the quota (H1, H2)"
      : "the declarer scores his contract without play (H1)";
  }
  const halfWhist = obs.history.some(([seat, x]) => x === "half-whist" && seat !== obs.seat);
  if (!halfWhist) return null;
  return a === "whist"
    ? "whist and play: the half-whister counts as having passed and you defend alone (W2)"
    : "the hand ends now, scored as the other defender's half-whist (W2, S7)";
}

export function choiceButtons(obs, act, view) {
  // Section 3: under Rostov the dealer's mountain point for a push is whists.
  const title = (a) => (a === "push" && view?.mountain_as_whists ? "play without the talon: it lies aside face up, you keep your ten cards and discard nothing, and each other player writes 5 whists on the dealer (his mountain point, which Rostov keeps as whists; F3)" : callTitle(a, obs) ?? actionTitle(a));
  const choices = obs.legal_actions.filter((a) => !/^(play|discard|offer) /.test(a));
  const hold = (a) => isHold(a, view);
  const noteId = (a) => `note-${a.replace(/[^a-z0-9]+/gi, "-")}`;
  // F3's look names the defender whose hand it shows.
  const look = (a) => (a.startsWith("look ") && view ? `look at ${holderName({ seat: Number(a.slice(5)) }, view.seats, view.you)}'s hand` : null);
  const buttons = choices.map((a) => el("button", { text: (look(a) ?? actionLabel(a)) + (hold(a) ? " (hold)" : ""), "aria-label": (look(a) ?? actionName(a)) + (hold(a) ? ", holding" : ""), "aria-describedby": title(a) ? noteId(a) : null, "data-action": a, onclick: () => act(a) }));
  const notes = choices.filter(title).map((a) => el("li", { id: noteId(a) }, el("b", { text: `${actionLabel(a)}: ` }), title(a)));
  return notes.length ? [...buttons, el("ul", { class: "choice-notes muted" }, notes)] : buttons;
}

// The talon turned up, or face down; in an all-pass (no declarer) the cards that led a
// trick, then those still face down. Once the declarer holds it, it says so. Once the card
// play has begun it is one line of text, not cards: a taken card is not shown twice as if
// it were still there, and the line does not push the hand down at every trick.
export function talonView(obs, view) {
  const backs = obs.talon.length && obs.declarer != null ? 0 : obs.talon_size;
  if (!obs.talon.length && !backs) return [];
  // Where it went is the rules crate's (the view's `talon_fate`).
  const taken = view.talon_fate === "declarer" && obs.talon.length;
  const pushed = view.talon_fate === "dealer";
  // X2: in an all-pass a talon card leading the trick now is shown in the trick only (led as
  // the talon's, or as the F3 dealer's); those of completed tricks have each led one.
  const leadingNow = obs.declarer == null ? obs.talon.filter((c) => obs.trick.some((tc) => tc.card === c)) : [];
  const shown = obs.talon.filter((c) => !leadingNow.includes(c));
  const label = pushed ? `talon (pushed to the dealer, ${holderName({ seat: obs.dealer }, view.seats, view.you)})` : taken ? `talon (taken by ${holderName({ seat: obs.declarer }, view.seats, view.you)})` : obs.declarer == null && shown.length ? `talon (${shown.length > 1 ? "each " : ""}led a trick)` : leadingNow.length ? "talon (one card leads this trick)" : "talon";
  const playing = obs.phase === "play" && (obs.tricks_done > 0 || obs.trick.length > 0);
  if (!playing) return [el("span", { text: `${label} ` }), ...shown.map((c) => cardEl(c, { small: true })), ...Array.from({ length: backs }, () => backEl())];
  const words = shown.map((c) => el("span", { class: /[HD]$/.test(c) ? "red-text" : "", text: cardLabel(c), "aria-label": cardName(c) }));
  return [el("span", { class: "talon-line" }, `${label}: `, words.flatMap((w, i) => (i ? [" ", w] : [w])), backs ? `${shown.length ? ", " : ""}${backs} face down` : "")];
}

// What the four-player dealer, who holds no cards, does this hand (F1, F3), as the rules
// crate says it (`dealer_role` of the view or the replay). `you` reads "you"; another seat's
// box says it of "the dealer".
export function dealerRole(role, you = true) {
  const texts = {
    may_look_and_whist: ["You deal (F1); both defenders passed: you may look at one hand and whist for both (F3).", "dealer: may look at a passer's hand and whist for both (F3)"],
    plays_defenders: ["You deal (F1) and play the defenders' hands for them (F3).", "dealer: plays both defenders' hands (F3)"],
    leads_talon: ["You deal (F1) and own the talon: its cards lead the first two tricks for you (F3).", "dealer: leads the talon's cards for himself (F3)"],
  };
  return (texts[role] ?? ["You deal and sit this hand out.", "dealer: sits this hand out"])[you ? 0 : 1];
}
