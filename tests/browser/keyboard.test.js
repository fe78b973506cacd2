// Browser tests of the table by keyboard: taking a seat keeps the focus in the page, the arrow
// keys move between cards and between choices, and what a call means is written under it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { base, browser, post, playOneTurn, CARD } from "./harness.js";

const focusedAction = (page) => page.evaluate(() => document.activeElement?.getAttribute("data-action") ?? document.activeElement?.id ?? null);

test("a seat taken by keyboard leaves the focus in the table; arrows move between choices and cards; calls are explained on the page", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "heuristic" }, { kind: "bot", level: "heuristic" }];
  const { id } = await (await post("/api/tables", { name: "keys", seats, hand_limit: 8, seed: 21 })).json();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto(`${base}/table/${id}`);
  // A name as long as the lobby allows (30): the trick must not wrap for it.
  await page.fill("#name", "Konstantin Aleksandrovich Gus");
  await page.locator('#free-seats button[data-seat="0"]').focus();
  await page.keyboard.press("Enter");
  // The seat buttons are gone once seated: the focus is on the table, not the page's start.
  await page.waitForSelector("#hand button.card");
  await page.waitForFunction(() => document.activeElement?.closest(".felt") || document.activeElement?.id === "turn");

  // The hand (and the choices under it) stay put from trick to trick: where the person's
  // own box starts, by hand, while its cards are played.
  const tops = new Map();
  let lastLine = null;
  let arrowsInChoices = false;
  let arrowsInCards = false;
  let explained = false;
  // Enough of one hand's card play measured for "stays put" to mean something.
  const measured = () => [...tops.values()].some((ys) => ys.length >= 3);
  for (let i = 0; i < 400 && !(arrowsInChoices && arrowsInCards && explained && measured()); i++) {
    await page.waitForSelector(`#actions button:enabled, ${CARD}, #discard-btn, #game-over:not([hidden])`, { timeout: 30000 });
    if (await page.locator("#game-over:not([hidden])").count()) break;
    const [hand, phase, top] = await page.evaluate(() => [document.querySelector("#hand-no").textContent, document.querySelector("#contract").textContent, Math.round(document.querySelector("#me").getBoundingClientRect().top + scrollY)]);
    // In the card play (the talon no longer cards on the table) and a trick on it.
    const playing = /^(Contract|All-pass)/.test(phase) && !(await page.locator("#talon .card").count());
    if (playing && (await page.locator("#trick .card").count())) tops.set(hand, [...(tops.get(hand) ?? []), top]);
    // The trick before stays readable, as a line, once the next one is begun.
    if (await page.locator("#trick .last-line").count()) lastLine = await page.locator("#trick .last-line").innerText();
    const choices = page.locator("#actions button[data-action]:enabled");
    const n = await choices.count();
    if (!arrowsInChoices && n >= 3) {
      const actions = await choices.evaluateAll((bs) => bs.map((b) => b.getAttribute("data-action")));
      await choices.first().focus();
      await page.keyboard.press("ArrowRight");
      assert.equal(await focusedAction(page), actions[1], "right goes to the next choice");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      assert.equal(await focusedAction(page), actions[n - 1], "left from the first goes round to the last");
      arrowsInChoices = true;
    }
    const whist = page.locator('#actions button[data-action="whist"]:enabled');
    if (await whist.count()) {
      // W2: what a whist is, on the page (not only in a mouse's tooltip), and the button
      // described by it.
      const note = await whist.getAttribute("aria-describedby");
      assert.ok(note, "the whist button names its note");
      assert.match(await page.locator(`#${note}`).innerText(), /^whist: defend: play against the declarer/i);
      assert.ok(await page.locator(`#${note}`).isVisible(), "the note is on the page");
      // The turn line says what is decided, on which contract.
      assert.match(await page.locator("#turn").innerText(), /^Your turn to whist or pass · Contract \S+ by heuristic bot \d/);
      explained = true;
    }
    const cards = page.locator(CARD);
    if (!arrowsInCards && (await cards.count()) >= 2) {
      const names = await cards.evaluateAll((bs) => bs.map((b) => b.getAttribute("data-action")));
      await cards.first().focus();
      await page.keyboard.press("ArrowRight");
      assert.equal(await focusedAction(page), names[1], "right goes to the next playable card");
      // Enter plays the card that has the focus.
      await page.keyboard.press("Enter");
      await page.waitForFunction((a) => !document.querySelector(`[data-action="${a}"]:enabled`), names[1]);
      arrowsInCards = true;
      // Once play has begun the talon is a line of words, no longer cards on the table.
      assert.equal(await page.locator("#talon .card").count(), 0, await page.locator("#talon").innerText());
      continue;
    }
    await playOneTurn(page);
  }
  assert.ok(arrowsInChoices && arrowsInCards && explained, `choices ${arrowsInChoices}, cards ${arrowsInCards}, whist explained ${explained}`);
  assert.match(lastLine ?? "", /^last trick: \S+ \S+ \S+ won by /);
  assert.ok(measured(), `the hand's place measured at three turns or more of one hand's play: ${JSON.stringify([...tops])}`);
  for (const [hand, ys] of tops) assert.ok(Math.max(...ys) - Math.min(...ys) <= 8, `hand ${hand}: the hand moved between ${Math.min(...ys)} and ${Math.max(...ys)}`);
  assert.deepEqual(problems, []);
  await page.close();
});
