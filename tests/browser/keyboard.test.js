// Browser tests of the table by keyboard: taking a seat keeps the focus in the page, the arrow
// keys move between cards and between choices, what a call means is written under it, bids,
// cards and discards are played by typing their names, and the focus survives a redraw.
import { test } from "node:test";
import assert from "node:assert/strict";
import { base, browser, post, seatedPage, playOneTurn, CARD } from "./harness.js";

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

test("a person plays by typing: a bid's or a card's name, three letters of a word", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "heuristic" }, { kind: "bot", level: "heuristic" }];
  const { id } = await (await post("/api/tables", { name: "keys", seats, hand_limit: 1, seed: 4 })).json();
  const page = await seatedPage(id, 0, "Kim");
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  await page.waitForSelector("#keys-help:not([hidden])");
  // The auction: "10" waits for what follows it (a level-10 bid); Escape clears; three
  // letters of "pass" pass.
  await page.waitForSelector('#actions button[data-action="pass"]:enabled');
  assert.ok(await page.locator('#actions button[data-action^="bid 10"]').count(), "level-10 bids are legal");
  await page.keyboard.type("10");
  assert.equal(await page.locator("#typed").innerText(), "typed: 10");
  await page.keyboard.press("Escape");
  assert.equal(await page.locator("#typed").innerText(), "");
  await page.keyboard.type("pas");
  await page.waitForFunction(() => /Kim \(you\): pass/.test(document.querySelector("#calls").textContent));
  // Then the hand goes on by clicks until a card of Kim's is to be played: typed, it leaves
  // the hand.
  let typedCard = null;
  for (let i = 0; i < 100 && !typedCard; i++) {
    await page.waitForSelector(`#actions button:enabled, ${CARD}, #discard-btn, #game-over:not([hidden])`, { timeout: 30000 });
    if (await page.locator("#game-over:not([hidden])").count()) break;
    const card = page.locator("#hand button[data-action]:enabled");
    if (await card.count()) {
      typedCard = await card.first().getAttribute("data-card");
      await page.keyboard.type("zz");
      assert.equal(await page.locator("#typed").innerText(), "", "no legal action begins with z");
      await page.keyboard.type(typedCard.toLowerCase());
      await page.waitForFunction((c) => !document.querySelector(`#hand button[data-card="${c}"]`), typedCard);
    } else {
      await playOneTurn(page);
      await page.waitForTimeout(30);
    }
  }
  assert.ok(typedCard, "Kim played a card by typing it");
  assert.deepEqual(problems, [], "no script errors");
});

test("a discard is chosen by typing the cards' names", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "heuristic" }, { kind: "bot", level: "heuristic" }];
  let page = null;
  // Seeds until this person, bidding the lowest bid each turn, wins the auction.
  for (let seed = 1; seed <= 20; seed++) {
    const { id } = await (await post("/api/tables", { name: "discard", seats, hand_limit: 1, seed })).json();
    page = await seatedPage(id, 0, "Dan");
    let discarding = false;
    for (let i = 0; i < 30 && !discarding; i++) {
      await page.waitForSelector(`#actions button:enabled, ${CARD}, #discard-btn, #game-over:not([hidden])`, { timeout: 30000 });
      if (await page.locator("#discard-btn").count()) discarding = true;
      else if (await page.locator('#actions button[data-action^="bid "]:enabled').count()) await page.locator('#actions button[data-action^="bid "]:enabled').first().click();
      else if (await page.locator('#actions button[data-action="take"]:enabled').count()) await page.click('#actions button[data-action="take"]');
      else break; // someone else won the auction
      await page.waitForTimeout(50);
    }
    if (discarding) break;
    await page.close();
    page = null;
  }
  assert.ok(page, "some seed lets Dan win the auction");
  const cards = await page.locator("#hand button.card").evaluateAll((bs) => bs.map((b) => b.dataset.card));
  assert.equal(cards.length, 12, "the talon is in the hand");
  // "10" is typed for a ten (the cards say T), in any case.
  const spoken = (c) => (c[0] === "T" ? "10" + c[1] : c).toUpperCase();
  await page.keyboard.type(spoken(cards[0]));
  await page.waitForSelector(`#hand button.card.selected[data-card="${cards[0]}"]`);
  assert.equal(await page.locator("#discard-btn").isDisabled(), true, "one card is not a discard");
  await page.keyboard.type(spoken(cards[1]).toLowerCase());
  await page.waitForSelector(`#hand button.card.selected[data-card="${cards[1]}"]`);
  await page.waitForSelector("#discard-btn:enabled");
  assert.match(await page.locator("#keys-help").innerText(), /then Enter to discard the two/);
  // Enter discards them, with no click (the focus where the typing left it).
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => !document.querySelector("#discard-btn"));
  assert.equal(await page.locator("#hand button.card").count(), 10);
});

test("the keyboard's focus stays in the table across a redraw, and a timer redraws only itself", async () => {
  const seats = [{ kind: "human" }, { kind: "human" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "focus", seats, hand_limit: 1, seed: 8, move_timer_secs: 60 })).json();
  const page = await seatedPage(id, 0, "Ada");
  const other = await seatedPage(id, 1, "Bo");
  // Whoever is to bid first: the focused button must survive the timer's ticks.
  const mine = async () => ((await page.locator("#actions button:enabled").count()) ? page : other);
  await page.waitForSelector("#timer");
  await other.waitForSelector("#timer");
  const p = await mine();
  const button = p.locator("#actions button:enabled").first();
  await button.focus();
  const before = await button.getAttribute("data-action");
  const handle = await button.elementHandle();
  await p.waitForTimeout(1500);
  assert.equal(await handle.evaluate((b) => b.isConnected), true, "the button was not replaced");
  assert.equal(await p.evaluate(() => document.activeElement.getAttribute("data-action")), before, "the focus stayed");
  assert.match(await p.locator("#turn").innerText(), /^Your turn to bid\.[^]*\d+ s left/);
  // The one who waits reads whose time it is, in the turn line.
  const waiting = p === page ? other : page;
  assert.match(await waiting.locator("#turn").innerText(), new RegExp(`^Waiting for ${p === page ? "Ada" : "Bo"} to bid…\\s*\\S*\\s*\\d+ s left`));
  // Another player's chat line redraws the table: the focus stays on the same choice.
  const talker = p === page ? other : page;
  await talker.fill("#chat-text", "hello");
  await talker.click("#chat-send");
  await p.waitForFunction(() => document.querySelector("#chat-log").textContent.includes("hello"));
  assert.equal(await p.evaluate(() => document.activeElement.getAttribute("data-action")), before);
  // Enter on the focused choice sends it; after the server's answer the focus is still in the
  // table (not back at the page's top).
  await p.keyboard.press("Enter");
  await p.waitForFunction((a) => !document.querySelector(`#actions [data-action="${a}"]:enabled`), before);
  await p.waitForFunction(() => document.activeElement?.closest(".felt"));
  await other.close();
});
