// Replay of a finished game, one action at a time (every card shown: the game is over).
import { el, api, cardEl, cardLabel, actionLabel, holderName, contractText, callsText } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
let step = 0;
let total = 0;
let hand = 0;
let handStarts = [0];

// Each request is numbered: only the newest one's answer is shown (an analysis may make an
// earlier answer arrive after a later one).
let asked = 0;

async function show(n) {
  const mine = ++asked;
  try {
    const r = await api(`/api/tables/${tableId}/replay?step=${Math.max(0, n)}&analysis=true`);
    if (mine !== asked) return;
    step = r.step; total = r.total; hand = r.hand_number; handStarts = r.hand_starts;
    const seats = r.names.map((name) => ({ name }));
    $("step").textContent = `action ${step} of ${total}, hand ${hand}`;
    $("action").textContent = r.last ? `last: ${holderName({ seat: r.last.seat }, seats, null)}: ${actionLabel(r.last.action)}` : "start";
    const obs = r.observation;
    $("hands").replaceChildren(...r.cards.map((h) => {
      const hv = obs.hands.find((x) => x.holder !== "dummy" && x.holder.seat === h.seat);
      return el("div", { class: "seat" + (obs.to_move === h.seat ? " to-move" : "") }, el("div", { class: "who", text: holderName({ seat: h.seat }, seats, null) + (obs.dealer === h.seat ? " (dealer)" : "") }),
        el("div", { text: `tricks: ${hv ? hv.tricks : 0}` }), el("div", {}, h.cards === "-" ? [] : h.cards.split(" ").map((c) => cardEl(c, { small: true }))));
    }));
    $("contract").textContent = contractText(obs, seats, null);
    const calls = callsText(obs, seats, null);
    $("calls").hidden = calls === "";
    $("calls").textContent = calls;
    const shown = obs.trick.length ? obs.trick : obs.last_trick;
    $("trick").replaceChildren(...shown.map((t) => el("figure", {}, cardEl(t.card), el("figcaption", { text: holderName(t.by, seats, null) }))));
    $("talon").replaceChildren(el("span", { text: "talon " }), ...r.talon.map((c) => cardEl(c, { small: true })));
    $("standing").textContent = "Standing: " + r.names.map((n, i) => `${n} ${r.standing[i]}`).join(", ");
    showAnalysis(r.analysis, seats);
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
    ...(a.cards.length ? [el("span", { class: "muted", text: `${name(a.mover)} to play: ` })] : []),
    ...a.cards.map((c) =>
      el("span", { class: "value" + (c.cost === 0 ? " best" : ""), "data-card": c.card, title: c.cost === 0 ? "keeps the result" : `costs ${tricks(c.cost)}` },
        cardEl(c.card, { small: true }), el("span", { text: c.cost === 0 ? ` ${c.value} ✓` : ` ${c.value} (−${c.cost})` }))),
  );
  $("analysis-next").textContent = a.next
    ? `Played next: ${cardLabel(a.next.card)}, ${a.next.cost === 0 ? "a best card" : `which costs ${tricks(a.next.cost)}`}.`
    : "";
}

// A hand is shown from its first action (the step before it shows the previous hand's end).
function jumpHand(dir) {
  const k = hand - 1;
  const first = (i) => Math.min(total, handStarts[i] + 1);
  if (dir > 0) show(k + 1 < handStarts.length ? first(k + 1) : total);
  else if (step > first(k)) show(first(k));
  else show(k > 0 ? first(k - 1) : 0);
}

$("download").href = `/api/tables/${tableId}/record`;
$("where").textContent = `table ${tableId}`;
$("first").onclick = () => show(0);
$("prev").onclick = () => show(step - 1);
$("next").onclick = () => show(step + 1);
$("last").onclick = () => show(total);
$("prev-hand").onclick = () => jumpHand(-1);
$("next-hand").onclick = () => jumpHand(1);
document.addEventListener("keydown", (e) => { if (e.key === "ArrowRight") show(step + 1); if (e.key === "ArrowLeft") show(step - 1); });
show(0);
