// Shared helpers: card text, suits, small DOM builders, the API.
export const SUITS = { S: "♠", C: "♣", D: "♦", H: "♥" };
export const RED = new Set(["D", "H"]);

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// An option's value as words ("each_reaches_target" → "each reaches target"); the value
// itself stays what is sent.
export const words = (v) => ({ true: "yes", false: "no" })[String(v)] ?? String(v).replaceAll("_", " ");

// "TH" → "10♥"
export function cardLabel(card) {
  const rank = card.slice(0, -1) === "T" ? "10" : card.slice(0, -1);
  return rank + SUITS[card.slice(-1)];
}

// "QS" → "queen of spades", for screen readers (the face shows "Q♠").
const RANK_NAMES = { A: "ace", K: "king", Q: "queen", J: "jack", T: "10" };
const SUIT_NAMES = { S: "spades", C: "clubs", D: "diamonds", H: "hearts" };
export function cardName(card) {
  const rank = card.slice(0, -1);
  return `${RANK_NAMES[rank] ?? rank} of ${SUIT_NAMES[card.slice(-1)]}`;
}

export function cardEl(card, opts = {}) {
  const tag = opts.button ? "button" : "span";
  const e = el(tag, { class: "card" + (RED.has(card.slice(-1)) ? " red" : "") + (opts.small ? " small" : ""), "data-card": card, text: cardLabel(card), "aria-label": cardName(card) });
  if (tag === "span") e.setAttribute("role", "img");
  return e;
}

export function backEl(small = true) {
  return el("span", { class: "card back" + (small ? " small" : ""), role: "img", "aria-label": "a card face down" });
}

// An action as words for screen readers: "bid 7H" → "bid 7 hearts", "play QS" → "queen of
// spades"; the rest as the buttons say it.
export function actionName(a) {
  const [verb, ...rest] = a.split(" ");
  const strain = (b) => b.replace(/NT$/, " no trumps").replace(/([SCDH])$/, (m) => ` ${SUIT_NAMES[m]}`);
  if (verb === "bid" || verb === "declare") {
    const b = rest[0];
    const text = b === "misere" ? "misère" : b === "misere-nt" ? "misère without the talon" : strain(b);
    return `${verb} ${text}`;
  }
  if (verb === "play") return cardName(rest[0]);
  if (verb === "discard") return "discard " + rest.map(cardName).join(" and ");
  return actionLabel(a);
}

// "bid 7H" → "7♥", "bid misere" → "misère", "half-whist" → "half-whist". `nameOf(seat)` names
// the seat whose hand an F3 look shows ("look at Vera's hand").
export function actionLabel(a, nameOf = null) {
  const [verb, ...rest] = a.split(" ");
  const strain = (s) => s.replace(/([SCDH])$/, (m) => SUITS[m]);
  if (verb === "bid" || verb === "declare") {
    const b = rest[0];
    const text = b === "misere" ? "misère" : b === "misere-nt" ? "misère w/o talon" : strain(b);
    return verb === "declare" ? "declare " + text : text;
  }
  if (verb === "play") return cardLabel(rest[0]);
  if (verb === "discard") return "discard " + rest.map(cardLabel).join(" ");
  if (verb === "offer") return "offers to take " + rest[0];
  if (verb === "take") return "take the talon";
  if (verb === "look") return `look at ${nameOf ? nameOf(Number(rest[0])) : "seat " + rest[0]}'s hand`;
  return a;
}

// What a choice does, for the choices whose name does not say it (a button's tooltip).
export function actionTitle(a) {
  return {
    take: "take the talon's two cards into your hand, then discard two (T1)",
    push: "play without the talon: it lies aside face up, you keep your ten cards and discard nothing, and the dealer is written a mountain point (F3)",
    open: "open defence: both defenders' hands are laid face up and the whister plays both (W4)",
    closed: "closed defence: each defender plays his own hand, unseen (W4)",
    whist: "defend: play against the declarer and write whists on him for your tricks (a single whister for his partner's too); if the defence takes fewer than the quota, the whisters pay in the mountain (W2, S3, S4)",
    "half-whist": "no play: you write whists on the declarer as if you had taken half the quota — unless the first defender now whists and plays (W2, S7)",
    "bid misere-nt": "misère without the talon: you play the ten cards you were dealt (P4)",
  }[a] ?? null;
}

export function holderName(holder, seats, you) {
  if (holder === "dummy") return "dummy";
  if (holder === "talon") return "talon";
  const s = holder.seat;
  const name = seats[s]?.name ?? `seat ${s}`;
  return s === you ? `${name} (you)` : name;
}

// What opens a private table's pages to this browser: the password it was given (to create
// the table, sit at it or watch it), else a seat's token. Sent percent-encoded in a header
// (a header is ASCII only).
export const passwordKey = (id) => `pref-password-${id}`;
export function keyHeaders(path) {
  const id = path.match(/^\/api\/tables\/([^/?]+)/)?.[1];
  if (!id) return {};
  const table = decodeURIComponent(id);
  // The password first: a seat's token holds nothing once its person left the table.
  const key = localStorage.getItem(passwordKey(table)) ?? localStorage.getItem(tokenKey(table));
  return key ? { "x-table-key": encodeURIComponent(key) } : {};
}
// The server's refusal of a private table's page to whoever lacks its key.
export const isPrivateRefusal = (message) => /^this table is private/.test(message ?? "");

export async function api(path, body) {
  const headers = { ...keyHeaders(path), ...(body === undefined ? {} : { "content-type": "application/json" }) };
  const r = await fetch(path, body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
  let data = null;
  try { data = await r.json(); } catch { /* not JSON */ }
  if (!r.ok) throw new Error(data?.error ?? `HTTP ${r.status}`);
  return data;
}

export function playerName() {
  return localStorage.getItem("pref-name") || "";
}
export function setPlayerName(n) {
  localStorage.setItem("pref-name", n);
}
export function tokenKey(id) {
  return `pref-token-${id}`;
}

// The banner over the trick: the contract, the highest bid so far, or the phase.
export function contractText(obs, seats, you) {
  const who = (seat) => holderName({ seat }, seats, you);
  if (obs.contract) return `Contract ${actionLabel("bid " + obs.contract)} by ${who(obs.declarer)}` + (obs.defence ? `, ${obs.defence} defence` : "");
  if (obs.highest_bid) return `Highest bid ${actionLabel("bid " + obs.highest_bid[1])} by ${who(obs.highest_bid[0])}`;
  if (obs.phase === "auction") return "Auction";
  // X1: said to a player; a spectator, a replay or a dealer sitting it out reads it of them.
  const plays = you !== null && you !== undefined && obs.hands.some((h) => h.holder !== "dummy" && h.holder?.seat === you);
  if (obs.phase === "play") return (plays ? "All-pass: take as few tricks as you can" : "All-pass: the players take as few tricks as they can") + (obs.dealer_tricks ? ` · the dealer (${who(obs.dealer)}) took ${obs.dealer_tricks} with the talon` : "");
  return phaseLabel(obs.phase);
}

// The hand's calls (bids, whists, declarations) in order, as one line: the cards are on the
// table. A discard the viewer may not see is "discards".
// The engine's notes mark a hold (A3) and a whist-round pass.
// A call made before its seat's person sat down (the move timer's, for the free seat) is the
// seat's, not his (`calls_before`).
export function callsText(obs, seats, you) {
  const notes = new Map(obs.call_notes ?? []);
  const who = (seat, i) => (i < (seats[seat]?.calls_before ?? 0) ? `seat ${seat}` : holderName({ seat }, seats, you));
  return obs.history
    .map(([seat, a], i) => [seat, a, notes.get(i), i])
    .filter(([, a]) => a === null || !a.startsWith("play "))
    .map(([seat, a, note, i]) => {
      const text = a === null ? "discards" : note === "no_whist" ? "pass (no whist)" : actionLabel(a, (s) => holderName({ seat: s }, seats, you)) + (note === "hold" ? " (hold)" : "");
      return `${who(seat, i)}: ${text}`;
    })
    .join(" · ");
}

// The engine's phase names as words for a banner.
export function phaseLabel(phase) {
  const words = { auction: "Auction", "talon-choice": "Talon: take or push", discard: "Discard", declare: "Declaring the contract", whist: "Whist round", "dealer-whist": "The dealer's whist", "defence-choice": "Open or closed defence", play: "Play", done: "Hand over" };
  return words[phase] ?? phase.replaceAll("-", " ");
}

// What the player to move is deciding, for those who wait for him ("to bid").
export function decisionText(obs) {
  if (obs.offer) return "to answer the offer";
  const words = { auction: "to bid", "talon-choice": "to take or push the talon", discard: "to discard", declare: "to name the contract", whist: "to whist or pass", "dealer-whist": "to whist or pass", "defence-choice": "to choose an open or closed defence", play: "to play" };
  return words[obs.phase] ?? "";
}

// Who took a completed trick (R6), after its cards; nothing before the first.
export function wonBy(winner, seats, you) {
  return winner ? el("span", { class: "muted won-by", text: `won by ${holderName(winner, seats, you)}` }) : "";
}

// The trick area: the trick being played; the trick just completed stays in view, with who
// took it (R6), until a player adds to the next one — in an all-pass a talon card leads the
// first tricks at once (X2), so it shows beside that card.
export function trickView(obs, seats, you) {
  const figure = (tc) => el("figure", {}, cardEl(tc.card), el("figcaption", { text: holderName(tc.by, seats, you) }));
  const onlyTalon = obs.trick.length > 0 && obs.trick.every((tc) => tc.by === "talon");
  const out = [];
  if ((!obs.trick.length || onlyTalon) && obs.last_trick.length) {
    out.push(el("span", { class: "muted", text: "last trick:" }), ...obs.last_trick.map(figure), wonBy(obs.last_trick_winner, seats, you));
    if (onlyTalon) out.push(el("span", { class: "muted now", text: "— now:" }));
  }
  else if (obs.last_trick.length) {
    // Once the next trick is begun the last one stays as a line of text: a bot's quick lead
    // would otherwise take away who won it before it could be read.
    const card = (c) => el("span", { class: /[HD]$/.test(c) ? "red-text" : "", text: cardLabel(c), "aria-label": cardName(c) });
    out.push(el("span", { class: "muted last-line" }, "last trick: ", obs.last_trick.flatMap((tc, i) => (i ? [" ", card(tc.card)] : [card(tc.card)])), " ", wonBy(obs.last_trick_winner, seats, you)));
  }
  out.push(...obs.trick.map(figure));
  return out;
}

// P3: the offer refused last, while the three cards after the refusal are played (the offer
// is gone from the observation: only the history tells the table that it was refused).
// `{ by, tricks, refusedBy }`, or null.
export function refusedOffer(obs) {
  const h = obs.history ?? [];
  for (let i = h.length - 1; i >= 0; i--) {
    const a = h[i][1];
    if (a?.startsWith("offer ")) return null; // a newer offer, pending or accepted
    if (a !== "refuse") continue;
    if (h.slice(i + 1).filter(([, x]) => x?.startsWith("play ")).length >= 3) return null;
    for (let j = i - 1; j >= 0; j--) {
      const o = h[j][1];
      if (o?.startsWith("offer ")) return { by: h[j][0], tricks: Number(o.split(" ")[1]), refusedBy: h[i][0] };
    }
    return null;
  }
  return null;
}

// The rules as the server names them, with the two-player game's name (H1: Hussar).
export const rulesText = (rules, players) => (players === 2 ? `${rules} (Hussar)` : rules);

// A table's file (its sheet, its record) as a local address: an image or a link cannot send a
// private table's key, so the file is fetched with it. Public tables link the file itself.
export async function fileUrl(path, isPrivate) {
  if (!isPrivate) return path;
  const r = await fetch(path, { headers: keyHeaders(path) });
  if (!r.ok) throw new Error((await r.json().catch(() => null))?.error ?? `HTTP ${r.status}`);
  return URL.createObjectURL(await r.blob());
}

// A link that downloads a table's record, with a private table's key.
export function recordLink(id, isPrivate, attrs = {}) {
  const path = `/api/tables/${encodeURIComponent(id)}/record`;
  const link = el("a", { href: path, download: `preferans-${id}.json`, text: "record", ...attrs });
  const text = link.textContent;
  if (isPrivate) {
    link.addEventListener("click", async (ev) => {
      if (link.href.startsWith("blob:")) return;
      ev.preventDefault();
      try {
        link.href = await fileUrl(path, true);
        link.click();
        // Downloaded: the next click asks the server again.
        setTimeout(() => { URL.revokeObjectURL(link.href); link.href = path; }, 10000);
      } catch (e) {
        link.title = e.message;
        link.textContent = `${text} (${e.message})`;
      }
    });
  }
  return link;
}

// A private table's password asked for, to watch it or replay it: kept in this browser and
// `done` called (the caller tries again with it).
export function passwordForm(id, message, done) {
  const input = el("input", { id: "watch-password", type: "password", "aria-label": "the table's password", autocomplete: "off" });
  const form = el("form", { class: "panel", id: "private-table" },
    el("p", { class: "error", id: "private-message", text: `${message[0].toUpperCase()}${message.slice(1)}.` }),
    el("label", { for: "watch-password", text: "Password " }), input, " ", el("button", { class: "primary", id: "watch-btn", text: "Open" }),
    " ", el("a", { href: "/", text: "back to the lobby" }));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (!input.value) return;
    localStorage.setItem(passwordKey(id), input.value);
    done(input.value);
  });
  return form;
}
