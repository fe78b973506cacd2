// Browser tests of a table that waits on someone: a free seat nobody takes is given to a bot
// after the server's wait (1 s in these tests), and the move timer (as the away waits) is
// counted on the server's clock, not on a computer's clock that is wrong.
import { test } from "node:test";
import assert from "node:assert/strict";
import { base, browser, playOneTurn, post, seatedPage, sitAt } from "./harness.js";

test("a free seat the table waits on is offered to a bot after the wait, and the bot plays it", async () => {
  // Dealer seat 0: seat 1, the eldest, bids first, and nobody takes it.
  const seats = [{ kind: "human" }, { kind: "human" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "a free seat", seats, hand_limit: 1, seed: 4 })).json();
  const ann = await seatedPage(id, 0, "Ann");
  await ann.waitForFunction(() => /Waiting for a player to take seat 1/.test(document.querySelector("#turn").textContent));
  await ann.waitForSelector('#turn button.away-bot[data-seat="1"]', { timeout: 5000 });
  assert.equal(await ann.locator("#turn button.away-bot").innerText(), "let a bot play this seat");
  await ann.click("#turn button.away-bot");
  await ann.waitForFunction(() => /heuristic bot/.test(document.querySelector('#others .seat[data-seat="1"]')?.textContent ?? ""));
  assert.equal(await ann.locator("#error").innerText(), "");
  // The bot bids for the seat, then random bot 2: the game goes on to Ann's turn.
  await ann.waitForFunction(() => /^Your turn/.test(document.querySelector("#turn").textContent), null, { timeout: 10000 });
  await ann.close();
});

test("a computer whose clock is 90 s fast shows the move timer as the server counts it", async () => {
  const seats = [{ kind: "human" }, { kind: "human" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "a wrong clock", seats, hand_limit: 1, seed: 4, move_timer_secs: 60 })).json();
  // Bob (seat 1, the eldest) is to bid; Ann's clock runs 90 s ahead of the server's.
  const bob = await seatedPage(id, 1, "Bob");
  await bob.waitForSelector("#timer");
  const page = await browser.newPage();
  await page.addInitScript(() => {
    const real = Date.now.bind(Date);
    Date.now = () => real() + 90_000;
  });
  const ann = await sitAt(page, id, 0, "Ann");
  await ann.waitForSelector("#timer");
  const left = Number((await ann.locator("#timer").innerText()).match(/^(\d+) s left$/)[1]);
  assert.ok(left > 45 && left <= 60, `the timer shows ${left} s left`);
  await bob.close();
  await ann.close();
});

test("a player away at the end, whose seat a bot played for him, watches the finished game and may start the next", async () => {
  const seats = [{ kind: "human" }, { kind: "human" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "away at the end", seats, hand_limit: 1, seed: 6 })).json();
  const ola = await seatedPage(id, 0, "Ola");
  const per = await seatedPage(id, 1, "Per");
  await per.waitForSelector("#hand button.card");
  const perToken = await per.evaluate((k) => localStorage.getItem(k), `pref-token-${id}`);
  await per.close();
  await ola.waitForSelector('#others .seat[data-seat="1"] button.away-bot', { timeout: 5000 });
  await ola.click('#others .seat[data-seat="1"] button.away-bot');
  for (let i = 0; i < 300 && !(await ola.locator("#game-over:not([hidden])").count()); i++) await playOneTurn(ola);
  await ola.waitForSelector("#game-over:not([hidden])");
  await ola.close();
  // Per comes back after the end: he watches the game (no error, his token kept), and is
  // offered the next game.
  const back = await browser.newPage();
  await back.goto(`${base}/`);
  // (His browser keeps his name too, as the page keeps it when he sits down.)
  await back.evaluate(([k, t]) => { localStorage.setItem(k, t); localStorage.setItem("pref-name", "Per"); }, [`pref-token-${id}`, perToken]);
  await back.goto(`${base}/table/${id}`);
  await back.waitForSelector("#rematch-btn");
  assert.equal(await back.locator("#error").innerText(), "");
  await back.click("#rematch-btn");
  await back.waitForURL((u) => u.pathname.startsWith("/table/") && !u.pathname.endsWith(id));
  // Seated there, in the seat that was his (a person's seat again).
  await back.waitForSelector("#me .who");
  assert.match(await back.locator("#me .who").innerText(), /seat 1/);
  await back.close();
});
