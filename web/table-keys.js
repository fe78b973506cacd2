// The table page's typed shortcuts, as in the terminal game.
import { shortName } from "/static/table-view.js";

const $ = (id) => document.getElementById(id);

// An action is named by what follows its verb —
// "7h" bids, declares or plays 7♥, whichever is legal now; "7nt", "misere", "pass",
// "whist", "open" — or by three letters of such a word ("mis"). It is played as soon as the
// typing names exactly one legal action (on Enter when others begin with it too). While
// discarding, a card's name selects it. The client knows no rule: it only matches the legal
// actions the server sent.
let typed = "";
let typedAt = 0;

function showTyped() {
  $("typed").textContent = typed ? `typed: ${typed}` : "";
}

export function typedShortcuts(page) {
  document.addEventListener("keydown", (ev) => {
    const target = ev.target;
    if (ev.ctrlKey || ev.metaKey || ev.altKey || target.closest?.("input, select, textarea")) return;
    // An open dialog (the large scoresheet) has the keys: nothing is played under it.
    if (document.querySelector("dialog[open]")) return;
    // Enter and space belong to a focused button or link; letters are typed wherever focus is.
    // (Enter ends a typed name even there: the focus may rest on a choice it did not pick.)
    const typing = typed !== "" && Date.now() - typedAt <= 3000;
    if ((ev.key === " " || (ev.key === "Enter" && !typing)) && target.closest?.("button, a, summary")) return;
    const state = page.state();
    const selected = page.selected();
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
    if (discarding && ev.key === "Enter" && !probe && selected.size === 2) {
      // Enter discards the two cards chosen.
      const pair = all.find((a) => a.startsWith("discard ") && a.split(" ").slice(1).every((c) => selected.has(c)));
      if (pair) {
        page.clearSelected();
        page.act(pair);
      }
    } else if (discarding) {
      // A card of my hand (the talon taken) is selected or unselected by its name.
      const mine = (obs.hands.find((h) => h.holder !== "dummy" && h.holder.seat === state.you)?.cards ?? "").split(" ").filter((c) => c && c !== "-");
      const card = mine.find((c) => c.toLowerCase() === probe);
      if (card && !waiting) {
        if (selected.has(card)) selected.delete(card);
        else if (selected.size < 2) selected.add(card);
        typed = "";
        page.render(state);
        // Two chosen: Enter presses Discard.
        if (selected.size === 2) $("discard-btn")?.focus();
      } else if (!mine.some((c) => c.toLowerCase().startsWith(probe))) dropLast();
    } else {
      const exact = legal.filter((a) => shortName(a) === probe);
      const begun = legal.filter((a) => shortName(a).startsWith(probe));
      if (!waiting && exact.length === 1 && (begun.length === 1 || ev.key === "Enter")) {
        typed = "";
        page.act(exact[0]);
      } else if (!waiting && begun.length === 1 && /^[a-z]{3,}$/.test(t)) {
        // Three letters of a word that only one legal action has: "mis", "pas", "whi".
        typed = "";
        page.act(begun[0]);
      } else if (!begun.length) dropLast(); // no legal action starts so
    }
    showTyped();
  });
  arrowKeys();
}

// The arrow keys move the focus between the buttons of one group — the cards of a hand, the
// choices of a call, the hints, the free seats — round from the last to the first, so a
// keyboard reaches the seventh card without tabbing through six.
function arrowKeys() {
  const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  document.addEventListener("keydown", (ev) => {
    const step = moves[ev.key];
    const group = ev.target.closest?.("button")?.closest("#hand, #actions, .seat, #hints, #free-seats");
    if (!step || !group || ev.ctrlKey || ev.metaKey || ev.altKey || document.querySelector("dialog[open]")) return;
    const buttons = [...group.querySelectorAll("button:enabled")];
    const at = buttons.indexOf(ev.target.closest("button"));
    if (at < 0 || buttons.length < 2) return;
    ev.preventDefault();
    buttons[(at + step + buttons.length) % buttons.length].focus();
  });
}
