// Replay of a finished game, one action at a time (every card shown: the game is over).
import { el, api, cardEl, actionLabel, holderName, phaseLabel } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
let step = 0;
let total = 0;
let hand = 0;
let handStarts = [0];

async function show(n) {
  try {
    const r = await api(`/api/tables/${tableId}/replay?step=${Math.max(0, n)}`);
    step = r.step; total = r.total; hand = r.hand_number; handStarts = r.hand_starts;
    const seats = r.names.map((name) => ({ name }));
    $("step").textContent = `action ${step} of ${total}, hand ${hand}`;
    $("action").textContent = r.last_action ? `last: ${r.last_action}` : "start";
    const obs = r.observation;
    $("hands").replaceChildren(...r.cards.map((h) => {
      const hv = obs.hands.find((x) => x.holder !== "dummy" && x.holder.seat === h.seat);
      return el("div", { class: "seat" + (obs.to_move === h.seat ? " to-move" : "") }, el("div", { class: "who", text: holderName({ seat: h.seat }, seats, null) + (obs.dealer === h.seat ? " (dealer)" : "") }),
        el("div", { text: `tricks: ${hv ? hv.tricks : 0}` }), el("div", {}, h.cards === "-" ? [] : h.cards.split(" ").map((c) => cardEl(c, { small: true }))));
    }));
    $("contract").textContent = obs.contract ? `Contract ${actionLabel("bid " + obs.contract)} by ${holderName({ seat: obs.declarer }, seats, null)}` : phaseLabel(obs.phase);
    const shown = obs.trick.length ? obs.trick : obs.last_trick;
    $("trick").replaceChildren(...shown.map((t) => el("figure", {}, cardEl(t.card), el("figcaption", { text: holderName(t.by, seats, null) }))));
    $("talon").replaceChildren(el("span", { text: "talon " }), ...r.talon.map((c) => cardEl(c, { small: true })));
    $("standing").textContent = "Standing: " + r.names.map((n, i) => `${n} ${r.standing[i]}`).join(", ");
  } catch (e) {
    $("error").textContent = e.message;
  }
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
