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
  await page.fill("#name", "Keya");
  await page.locator('#free-seats button[data-seat="0"]').focus();
  await page.keyboard.press("Enter");
  // The seat buttons are gone once seated: the focus is on the table, not the page's start.
  await page.waitForSelector("#hand button.card");
  await page.waitForFunction(() => document.activeElement?.closest(".felt") || document.activeElement?.id === "turn");

  let arrowsInChoices = false;
  let arrowsInCards = false;
  let explained = false;
  for (let i = 0; i < 400 && !(arrowsInChoices && arrowsInCards && explained); i++) {
    await page.waitForSelector(`#actions button:enabled, ${CARD}, #discard-btn, #game-over:not([hidden])`, { timeout: 30000 });
    if (await page.locator("#game-over:not([hidden])").count()) break;
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
      continue;
    }
    await playOneTurn(page);
  }
  assert.ok(arrowsInChoices && arrowsInCards && explained, `choices ${arrowsInChoices}, cards ${arrowsInCards}, whist explained ${explained}`);
  assert.deepEqual(problems, []);
  await page.close();
});
