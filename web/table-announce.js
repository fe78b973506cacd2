// What a screen reader is told as the table changes (one polite live region, #announce):
// the others' bids, calls and cards since the last state, who took each trick, a hand's
// result, whose turn it is and what for — each once, when it changes (a chat line or a timer
// tick says nothing here). The table's own banners stay silent.
import { actionName, decisionText, holderName } from "/static/common.js";

let last = null; // { table, hand, steps, tricks, turn }

const seatName = (view, seat) => holderName({ seat }, view.seats, view.you);

// Whose turn it is, as said aloud (no address, no button).
function turnText(view, obs) {
  if (view.game_over) return `Game over. ${view.seats.map((s, i) => `${seatName(view, i)} ${view.standing[i]}`).join(", ")}.`;
  if (!obs || obs.to_move === null || obs.to_move === undefined) return "";
  const what = decisionText(obs);
  const seated = view.you !== null && view.you !== undefined;
  if (seated && obs.legal_actions.length > 0) return `Your turn${what ? " " + what : ""}.`;
  const seat = view.seats[obs.to_move];
  if (seat && !seat.name && !seat.bot) return `Waiting for a player to take seat ${obs.to_move}.`;
  return `Waiting for ${seatName(view, obs.to_move)}${what ? " " + what : ""}.`;
}

export function announce(view) {
  const region = document.getElementById("announce");
  if (!region) return;
  const obs = view.observation;
  const history = obs?.history ?? [];
  const parts = [];
  const same = last && last.table === view.table;
  if (same) {
    const newHand = view.hand_number !== last.hand;
    if (newHand && view.last_hand) parts.push(`Hand ${view.last_hand.number}: ${view.last_hand.summary}.`);
    // The others' moves since the last state (the person knows his own); a hidden one
    // (another's discard) is said as such.
    for (const [seat, a] of history.slice(newHand ? 0 : last.steps)) {
      if (seat === view.you) continue;
      parts.push(`${seatName(view, seat)}: ${a === null ? "a move you may not see" : actionName(a)}.`);
    }
    const tricks = obs?.tricks_done ?? 0;
    if (!newHand && tricks > last.tricks && obs?.last_trick_winner) {
      parts.push(`Trick ${tricks} to ${holderName(obs.last_trick_winner, view.seats, view.you)}.`);
    }
  }
  const turn = turnText(view, obs);
  if (!same || turn !== last.turn) parts.push(turn);
  last = { table: view.table, hand: view.hand_number, steps: history.length, tricks: obs?.tricks_done ?? 0, turn };
  const text = parts.filter(Boolean).join(" ");
  if (text) region.textContent = text;
}
