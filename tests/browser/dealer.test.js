// Browser tests of what the page labels from the server's view alone: the four-player dealer's
// box (F1, F3: greyed while he sits the hand out, not greyed while he has a part in it, and
// outlined while the decision is his) and the eldest's hold (A3).
import { test } from "node:test";
import assert from "node:assert/strict";
import { post, proxiedPage, sitAt, stagedPage } from "./harness.js";

test("the four-player dealer's box is outlined while he decides, and not greyed while he has a part (F3)", async () => {
  const seats = [{ kind: "bot", level: "random" }, { kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const options = { dealer_whist_when_both_pass: "true" };
  const { id } = await (await post("/api/tables", { name: "dealer's box", seats, hand_limit: 1, seed: 3, options })).json();
  // The page's WebSocket goes through the test, which can send the page a state of its own:
  // the real one with the dealer (seat 0) to decide his whist (F3).
  const { page, proxy } = await proxiedPage();
  await sitAt(page, id, 1, "Lev");
  await page.waitForSelector('.seat.out[data-seat="0"]');
  assert.equal(await page.locator('.seat.out[data-seat="0"]').getAttribute("class"), "seat out", "sits out: greyed, no outline");
  const last = proxy.last;
  const observation = { ...last.observation, phase: "dealer-whist", to_move: 0, legal_actions: [] };
  proxy.ws.send(JSON.stringify({ ...last, version: last.version + 1, dealer_role: "may_look_and_whist", observation }));
  await page.waitForSelector('.seat.out.part.to-move[data-seat="0"]', { timeout: 5000 });
  assert.match(await page.locator('.seat.out[data-seat="0"]').innerText(), /may look at a passer's hand/);
  assert.doesNotMatch(await page.locator('.seat.out[data-seat="0"]').innerText(), /away/);
  // A dealer who is away is said to be, in his box as in any seat's.
  const seats0 = last.seats.map((s) => (s.seat === 0 ? { ...s, bot: null, name: "Dana", away_since_ms: last.server_now_ms } : s));
  proxy.ws.send(JSON.stringify({ ...last, version: last.version + 2, dealer_role: "may_look_and_whist", observation, seats: seats0 }));
  await page.waitForFunction(() => /away/.test(document.querySelector('.seat.out[data-seat="0"]').textContent), null, { timeout: 5000 });
  await page.close();
});

test("the hold's button is labelled from the view's hold, not by a rule of the page's (A3)", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "hold", seats, hand_limit: 1, seed: 5 })).json();
  const { page, show } = await stagedPage(id, 0, "Eva");
  // The server's own state: no hold among the choices.
  await page.waitForSelector("#actions button[data-action]");
  assert.equal(await page.locator("#actions button", { hasText: "(hold)" }).count(), 0);
  // The same choices with the view naming one of the bids as the hold: that button says so.
  const legal = ["pass", "bid 6S", "bid 6C"];
  show((last) => ({ observation: { ...last.observation, phase: "auction", to_move: 0, legal_actions: legal }, hold: "bid 6C" }));
  await page.waitForSelector('#actions button[data-action="bid 6C"]');
  await page.waitForFunction(() => document.querySelector('#actions button[data-action="bid 6C"]').textContent.endsWith("(hold)"));
  assert.doesNotMatch(await page.locator('#actions button[data-action="bid 6S"]').innerText(), /hold/);
  await page.close();
});
