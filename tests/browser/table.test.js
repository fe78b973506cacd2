// Browser tests of the table page: play by clicking, reload, offers, chat, leaving and coming
// back, seats' places, the turn line, timers and the table forms' seats (typing and the
// keyboard's focus are in keyboard.test.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { base, browser, post, seatedPage, sitAt, playOneTurn, CARD, shots } from "./harness.js";

test("create a table with two bots, play a hand by clicking, reload mid-hand, see the sheet change", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto(`${base}/`);
  await page.fill("#name", "Anna");
  await page.fill("#tname", "browser test");
  await page.waitForSelector("#seat-2");
  await page.fill("#hands", "4");
  await page.click("#create-btn");
  await page.waitForURL(/\/table\//);
  await page.waitForSelector("#hand button.card");
  const sheetBefore = await page.locator("#sheet").getAttribute("src");
  assert.equal(await page.locator("#hand button.card").count(), 10, "ten cards in my hand");
  // Cards and choices are named for screen readers: "queen of spades", "bid 7 hearts".
  assert.equal(await page.getByRole("button", { name: /^(ace|king|queen|jack|10|9|8|7) of (spades|clubs|diamonds|hearts)$/ }).count(), 10);
  // Another's closed hand is one picture of so many cards, not ten to read one by one.
  assert.equal(await page.getByRole("img", { name: "10 cards face down" }).count(), 2, "the others' cards");
  await page.screenshot({ path: join(shots, "1-table.png") });
  // The tab tells the person when a decision is his, and the sheet opens full size.
  await page.waitForSelector(`#actions button[data-action]:enabled, ${CARD}, #discard-btn`);
  assert.match(await page.title(), /^▶ Your turn · Preferans — browser test$/);
  if (await page.locator('#actions button[data-action="pass"]').count()) {
    assert.equal(await page.getByRole("button", { name: "pass" }).count(), 1);
    const bids = await page.locator('#actions button[data-action^="bid "]').evaluateAll((bs) => bs.map((b) => b.getAttribute("aria-label")));
    assert.ok(bids.every((n) => /^bid (\d+ (spades|clubs|diamonds|hearts|no trumps)|misère)$/.test(n)), bids.join(", "));
  }
  assert.equal(await page.$eval("#sheet-link", (a) => a.href), await page.$eval("#sheet", (img) => img.src));

  const hands = () => page.locator("#log div").count();
  let clicks = 0;
  let cardsPlayed = 0;
  let handOfFirstCard = null;
  let reloaded = false;
  // Until a hand in which this player played cards by clicking is over (bots may end a hand
  // without play; then the next hand is played).
  for (let i = 0; i < 400; i++) {
    if (handOfFirstCard !== null && (await hands()) > handOfFirstCard) break;
    if (await page.locator("#game-over:not([hidden])").count()) break;
    const done = await playOneTurn(page);
    if (done) clicks++;
    if (done?.startsWith("play ")) {
      cardsPlayed++;
      if (handOfFirstCard === null) handOfFirstCard = await hands();
      if (cardsPlayed === 2) {
        await page.waitForTimeout(200);
        await page.screenshot({ path: join(shots, "2-playing.png") });
      }
    }
    if (clicks === 2 && !reloaded) {
      await page.waitForTimeout(300); // my action's new state has arrived
      const before = await page.locator("#hand button.card").count();
      await page.reload();
      await page.waitForSelector("#hand button.card");
      reloaded = true;
      const afterCount = await page.locator("#hand button.card").count();
      assert.equal(afterCount, before, "the same hand after the reload");
      assert.equal(await page.locator("#seat-panel").isHidden(), true, "still seated after the reload");
      // The hand's calls are listed: mine (a bid or a whist) among them.
      assert.match(await page.locator("#calls").innerText(), /Anna \(you\): /);
    }
    await page.waitForTimeout(30);
  }
  assert.ok(reloaded, "reloaded mid-hand");
  assert.ok(cardsPlayed > 0, "played cards by clicking");
  assert.ok((await hands()) > handOfFirstCard, "the hand with my cards is over");
  await page.waitForSelector("#last:not([hidden])");
  assert.match(await page.locator("#last").innerText(), /Last hand \(\d\)/);
  await page.waitForFunction((b) => document.querySelector("#sheet").getAttribute("src") !== b, sheetBefore);
  const svg = await (await page.request.get(`${base}${await page.locator("#sheet").getAttribute("src")}`)).text();
  assert.match(svg, /<svg/);
  await page.screenshot({ path: join(shots, "3-after-hand.png"), fullPage: true });
  // The hands' summaries and the hand before stay while the next hand is played (its states
  // leave them out, unchanged) and come back whole after a reload (a join's first state has
  // them).
  const summaries = (await page.locator("#log div").allInnerTexts()).reverse();
  const lastHand = await page.locator("#last").innerText();
  const keepsSummaries = async (when) => {
    const now = (await page.locator("#log div").allInnerTexts()).reverse();
    assert.deepEqual(now.slice(0, summaries.length), summaries, when);
    // The hand before stays shown, unless another hand has ended meanwhile.
    if (now.length === summaries.length) assert.equal(await page.locator("#last").innerText(), lastHand, when);
  };
  if (!(await page.locator("#game-over:not([hidden])").count())) {
    await playOneTurn(page);
    await page.waitForTimeout(300);
    await keepsSummaries("after a move of the next hand");
  }
  await page.reload();
  await page.waitForSelector("#log div");
  await keepsSummaries("after a reload");
  assert.deepEqual(problems, [], "no script errors");
});

test("a spectator sees the table but no cards in anyone's closed hand", async () => {
  // Three people's seats, nobody seated: the first hand waits in its auction, every hand closed.
  const seats = [{ kind: "human" }, { kind: "human" }, { kind: "human" }];
  const { id } = await (await post("/api/tables", { name: "watched", seats, hand_limit: 1, seed: 6 })).json();
  const page = await browser.newPage();
  await page.goto(`${base}/table/${id}`);
  await page.waitForSelector("#seat-panel:not([hidden])");
  await page.waitForSelector(".seat .who");
  assert.equal(await page.locator("#hand button.card").count(), 0, "a spectator has no hand");
  assert.equal(await page.locator("#actions button").count(), 0, "a spectator has no choices");
  // Each seat's hand is drawn face down, its ten cards counted: no card's face anywhere.
  assert.equal(await page.locator('[role="img"][aria-label="10 cards face down"]').count(), 3);
  assert.equal(await page.locator(".card:not(.back)").count(), 0, "no card's face is shown");
  assert.equal(await page.locator(".open-cards").count(), 0);
  await page.close();
});

test("an open page's scoresheet names a person who sits down after it was loaded", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "late arrival", seats, hand_limit: 1 })).json();
  const page = await browser.newPage();
  await page.goto(`${base}/table/${id}`);
  await page.waitForSelector("#seat-panel:not([hidden])");
  await page.waitForFunction(() => document.querySelector("#sheet").getAttribute("src"));
  const before = await page.locator("#sheet").getAttribute("src");
  // Someone else (another browser) takes the free seat: no hand has ended, the sheet must
  // still be fetched again to show the name.
  assert.equal((await post(`/api/tables/${id}/seats`, { name: "Boris", seat: 0 })).status, 200);
  await page.waitForFunction((b) => document.querySelector("#sheet").getAttribute("src") !== b, before);
  const svg = await (await page.request.get(`${base}${await page.locator("#sheet").getAttribute("src")}`)).text();
  assert.match(svg, /Boris/);
});

test("offers (P3) are one chooser and a button, and an offer made there is answered", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "heuristic" }, { kind: "bot", level: "heuristic" }];
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  // Seeds until this person's turn in play comes with offers (he whists a trick contract).
  let offered = false;
  for (let seed = 1; seed <= 30 && !offered; seed++) {
    const { id } = await (await post("/api/tables", { name: "offers", seats, hand_limit: 1, seed })).json();
    await sitAt(page, id, 0, "Vera");
    for (let i = 0; i < 60; i++) {
      if (await page.locator("#game-over:not([hidden])").count()) break;
      await page.waitForSelector(`#actions button:enabled, ${CARD}, #discard-btn, #game-over:not([hidden])`, { timeout: 30000 });
      if (await page.locator("#offer-tricks").count()) {
        offered = true;
        break;
      }
      await playOneTurn(page);
      await page.waitForTimeout(30);
    }
  }
  assert.ok(offered, "some seed gives this person an offer to make");
  assert.doesNotMatch(await page.locator("#keys-help").innerText(), /offer/, "the shortcuts are cards, not offers");
  assert.equal(await page.locator('#actions button[data-action^="offer"]').count(), 0, "no button per number");
  const choices = await page.locator("#offer-tricks option").count();
  assert.ok(choices >= 2, `a number of tricks to choose (${choices})`);
  assert.equal(await page.locator("#offer-btn").isDisabled(), true, "no number chosen yet");
  // All the tricks left: the bots refuse it, or accept it if they cannot take one.
  await page.selectOption("#offer-tricks", { index: choices - 1 });
  await page.click("#offer-btn");
  // The bots answer at once: refused (play goes on, and Vera is told) or accepted (the hand ends).
  await page.waitForFunction(() => /refused your offer/.test(document.querySelector("#offer").textContent) || document.querySelector("#game-over:not([hidden])"));
  if (!(await page.locator("#game-over:not([hidden])").count())) {
    assert.match(await page.locator("#offer").innerText(), /^.+ refused your offer to take \d+: play goes on\.$/);
  }
  assert.deepEqual(problems, [], "no script errors");
});

test("people at a table chat, and a spectator reads along without a way to write", async () => {
  const seats = [{ kind: "human" }, { kind: "human" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "talk", seats, hand_limit: 1 })).json();
  const pages = [];
  for (const [seat, name] of [[0, "Ola"], [1, "Per"]]) {
    const page = await seatedPage(id, seat, name);
    await page.waitForSelector("#chat-form:not([hidden])");
    pages.push(page);
  }
  const watcher = await browser.newPage();
  await watcher.goto(`${base}/table/${id}`);
  await watcher.waitForFunction(() => document.querySelector("#hand-no").textContent !== "");
  assert.equal(await watcher.locator("#chat-form").isHidden(), true, "a spectator cannot write");
  const [ola, per] = pages;
  await ola.fill("#chat-text", "<b>good luck</b>");
  await ola.press("#chat-text", "Enter");
  for (const page of [ola, per, watcher]) {
    await page.waitForFunction(() => document.querySelector("#chat-log").textContent.includes("good luck"));
    // Shown as text, never as markup.
    assert.equal(await page.locator("#chat-log").innerText(), "Ola: <b>good luck</b>");
  }
  assert.equal(await ola.inputValue("#chat-text"), "", "the line is sent and cleared");
  await per.fill("#chat-text", "thanks");
  await per.click("#chat-send");
  await watcher.waitForFunction(() => document.querySelector("#chat-log").textContent.includes("Per: thanks"));
});

test("a person leaves the table, a bot plays on under the name, and the page watches", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "leaving", seats, hand_limit: 1 })).json();
  const page = await seatedPage(id, 0, "Lea");
  await page.waitForSelector("#hand button.card");
  let asked = null;
  page.once("dialog", (d) => { asked = d.message(); d.accept(); });
  await page.click("#leave-btn");
  // The page becomes a spectator's: no cards of the seat, the seat panel, no way to act.
  await page.waitForSelector("#seat-panel:not([hidden])");
  assert.match(asked, /A bot plays your seat/);
  assert.equal(await page.locator("#hand button.card").count(), 0);
  assert.equal(await page.locator("#leave-btn").isHidden(), true);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), `pref-token-${id}`), null);
  // The bots finish the game while the page watches, Lea's seat played by a heuristic bot.
  await page.waitForSelector("#game-over:not([hidden])", { timeout: 60000 });
  const summary = await (await fetch(`${base}/api/tables/${id}`)).json();
  assert.deepEqual([summary.seats[0].name, summary.seats[0].bot], ["Lea", "heuristic"]);
});

test("a player gone from the table is shown away, another lets a bot play for him, and he takes his seat back on his return", async () => {
  const seats = [{ kind: "human" }, { kind: "human" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "gone", seats, hand_limit: 1, seed: 6 })).json();
  const ola = await seatedPage(id, 0, "Ola");
  const per = await seatedPage(id, 1, "Per");
  await per.waitForSelector("#hand button.card");
  const perBox = '#others .seat[data-seat="1"]';
  await ola.waitForSelector(perBox);
  assert.doesNotMatch(await ola.locator(perBox).innerText(), /away/, "Per is here");
  const perToken = await per.evaluate((k) => localStorage.getItem(k), `pref-token-${id}`);
  await per.close();
  // Shown away at once; the button only after the server's wait (1 s in this test), with
  // no other change to the table in between.
  await ola.waitForFunction((b) => /away/.test(document.querySelector(`${b} .tags`).textContent), perBox);
  assert.equal(await ola.locator(`${perBox} button.away-bot`).count(), 0, "no button before the wait is over");
  // Per, the eldest, is to bid: the turn line says the table waits for someone away, and
  // when a bot may take his seat.
  assert.match(await ola.locator("#turn").innerText(), /^Waiting for Per .*\(away: you may let a bot play for him( in 0:0\d\)|\) let a bot play for him)$/);
  await ola.waitForSelector(`${perBox} button.away-bot`, { timeout: 5000 });
  // The turn line offers it too (a sitting-out F3 dealer has no box to offer it in).
  await ola.waitForSelector("#turn button.away-bot");
  await ola.click(`${perBox} button.away-bot`);
  await ola.waitForFunction((b) => /heuristic bot/.test(document.querySelector(`${b} .tags`).textContent), perBox);
  assert.equal(await ola.locator(`${perBox} button.away-bot`).count(), 0);
  assert.match(await ola.locator(`${perBox} .who`).innerText(), /^Per/);
  assert.equal(await ola.locator("#error").innerText(), "");
  // Per comes back with his seat's token (the browser kept it): the seat is his again, and
  // Ola sees him, not the bot.
  const back = await browser.newPage();
  await back.goto(`${base}/`);
  await back.evaluate(([k, t]) => localStorage.setItem(k, t), [`pref-token-${id}`, perToken]);
  await back.goto(`${base}/table/${id}`);
  await back.waitForSelector("#hand button.card");
  assert.equal(await back.locator("#error").innerText(), "");
  await ola.waitForFunction((b) => !/bot/.test(document.querySelector(`${b} .tags`).textContent), perBox);
  assert.match(await ola.locator(`${perBox} .who`).innerText(), /^Per/);
});

test("a card lifted under the pointer at its lower edge stays still and takes the click", async () => {
  const page = await browser.newPage();
  await page.goto(`${base}/`);
  await page.setContent(`<link rel="stylesheet" href="${base}/static/style.css"><div style="padding:40px"><button class="card" id="c">J♦</button></div>`);
  await page.evaluate(() => document.querySelector("#c").addEventListener("click", (e) => { e.target.dataset.clicked = "1"; }));
  await page.waitForFunction(() => getComputedStyle(document.querySelector("#c")).position === "relative");
  const box = await page.locator("#c").boundingBox();
  // The hover lifts the card; the pointer must still be over it afterwards.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 2);
  await page.locator("#c").click({ timeout: 5000 });
  assert.equal(await page.locator("#c").getAttribute("data-clicked"), "1");
});

test("each player keeps his place from hand to hand, the hand's last trick stays shown, and the turn is said in words", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "heuristic" }, { kind: "bot", level: "heuristic" }];
  const { id } = await (await post("/api/tables", { name: "places", seats, hand_limit: 2, seed: 11 })).json();
  const page = await seatedPage(id, 0, "Ivo");
  await page.waitForSelector("#others .seat");
  const order = () => page.locator("#others .seat").evaluateAll((boxes) => boxes.map((b) => b.getAttribute("data-seat")));
  // Seat 1 plays after seat 0: it sits on his left, whoever is eldest.
  assert.deepEqual(await order(), ["1", "2"]);
  let sawMine = false;
  for (let i = 0; i < 200 && (await page.locator("#hand-no").innerText()) === "hand 1"; i++) {
    const turn = page.locator("#turn");
    if ((await turn.isVisible()) && /^Your turn/.test(await turn.innerText())) sawMine = true;
    await playOneTurn(page);
  }
  assert.ok(sawMine, "the turn line said it was his turn");
  await page.waitForFunction(() => document.querySelector("#hand-no").textContent === "hand 2");
  assert.deepEqual(await order(), ["1", "2"], "the same places in hand 2");
  // Until hand 2's first trick, hand 1's last trick stays on the table.
  const trick = await page.locator("#trick").innerText();
  if (!/last trick:/.test(trick)) assert.match(trick, /last trick of hand 1:/);
  assert.match(trick, /won by \S/, "who took it (R6)");
  // With the last hand's banner above them, his choices come into view on his turn (here
  // on the page's load).
  if (/^Your turn/.test(await page.locator("#turn").innerText())) {
    await page.evaluate(() => scrollTo(0, 0));
    await page.reload();
    await page.waitForSelector("#actions button:enabled, #hand button:enabled");
    await page.waitForFunction(() => { const r = document.querySelector("#actions button:enabled, #hand button:enabled")?.getBoundingClientRect(); return r && r.top >= 0 && r.bottom <= innerHeight; });
  }
  await page.screenshot({ path: join(shots, "hand-2-start.png"), fullPage: true });
  // The game's end keeps its last trick too.
  for (let i = 0; i < 200 && (await page.locator("#final").isHidden()); i++) await playOneTurn(page);
  await page.waitForSelector("#final:not([hidden])");
  assert.match(await page.locator("#trick").innerText(), /last trick of hand 2:[^]*won by \S/);
  assert.equal(await page.locator("#turn").isHidden(), true, "no turn once the game is over");
  assert.equal(await page.locator("#hint-panel").isHidden(), true, "no hint button once the game is over");
});

test("a free seat's turn says the table waits for a player, with the link to share", async () => {
  const seats = [{ kind: "human" }, { kind: "human" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "waiting", seats, hand_limit: 1, seed: 4 })).json();
  const page = await seatedPage(id, 0, "Una");
  await page.waitForSelector("#others .seat");
  assert.match(await page.locator('#others .seat[data-seat="1"] .who').innerText(), /^free seat 1$/);
  for (let i = 0; i < 20 && !/Waiting for a player/.test(await page.locator("#turn").innerText()); i++) await playOneTurn(page);
  const turn = await page.locator("#turn").innerText();
  assert.match(turn, /Waiting for a player to take seat 1/);
  assert.equal(await page.locator("#turn a").getAttribute("href"), `${base}/table/${id}`);
  // A spectator's page has no hint button; it is told the seat is his to take.
  const watcher = await browser.newPage();
  await watcher.goto(`${base}/table/${id}`);
  await watcher.waitForSelector("#others .seat");
  assert.equal(await watcher.locator("#hint-panel").isHidden(), true);
  assert.match(await watcher.locator("#turn").innerText(), /^Seat 1 is free and the table waits for its player: take it under "Take a seat"/);
  await watcher.close();
});

test("a double click on a card plays it once: the choices wait for the server's answer", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "double click", seats, hand_limit: 1, seed: 4 })).json();
  const page = await seatedPage(id, 0, "Dora");
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  // Bid, whist or discard with one click each until a card is to be played.
  for (let i = 0; i < 40 && !(await page.locator(CARD).count()); i++) {
    await playOneTurn(page);
    await page.waitForSelector(`#actions button:enabled, ${CARD}, #discard-btn`, { timeout: 30000 });
  }
  const card = page.locator(CARD).first();
  const name = await card.getAttribute("data-card");
  assert.ok(name, "a card of mine to play");
  // What the page sends, kept (the socket is open already: its prototype's send is wrapped).
  await page.evaluate(() => {
    const send = WebSocket.prototype.send;
    window.sentFrames = [];
    WebSocket.prototype.send = function (data) { window.sentFrames.push(data); return send.call(this, data); };
  });
  await card.dblclick();
  await page.waitForFunction((c) => !document.querySelector(`#hand [data-card="${c}"]`), name);
  await page.waitForTimeout(500);
  assert.equal(await page.locator("#error").textContent(), "", "no second action was sent (and refused)");
  // The action names the state it was chosen in, so that a copy from another tab is refused.
  const acts = (await page.evaluate(() => window.sentFrames)).map((f) => JSON.parse(f)).filter((m) => m.type === "act");
  assert.equal(acts.length, 1, JSON.stringify(acts));
  assert.ok(Number.isInteger(acts[0].after) && acts[0].after > 0, JSON.stringify(acts));
  assert.deepEqual(problems, []);
  await page.close();
});

test("on a phone the hint panel comes right under the table, and its hints are the decision's", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "phone hints", seats, hand_limit: 1, seed: 8 })).json();
  const page = await sitAt(await browser.newPage({ viewport: { width: 390, height: 844 } }), id, 0, "Pia");
  await page.waitForSelector("#hint-btn:enabled", { timeout: 30000 });
  const felt = await page.locator(".felt").boundingBox();
  const hints = await page.locator("#hint-panel").boundingBox();
  assert.ok(hints.y >= felt.y + felt.height && hints.y - (felt.y + felt.height) < 40, `hint panel at ${hints.y}, table ends at ${felt.y + felt.height}`);
  await page.click("#hint-btn");
  await page.waitForSelector("#hints li button");
  assert.match(await page.locator("#hints li").first().innerText(), /recommended/);
  await page.close();
});

test("an offer to answer (P3) is said on the turn line, with no hand to play from", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "heuristic" }, { kind: "bot", level: "heuristic" }];
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  let answered = false;
  for (let seed = 1; seed <= 60 && !answered; seed++) {
    const { id } = await (await post("/api/tables", { name: "an offer", seats, hand_limit: 1, seed })).json();
    await sitAt(page, id, 0, "Zoe");
    for (let i = 0; i < 60; i++) {
      await page.waitForSelector(`#actions button:enabled, ${CARD}, #discard-btn, #game-over:not([hidden])`, { timeout: 30000 });
      if (await page.locator("#game-over:not([hidden])").count()) break;
      if (await page.locator('#actions button[data-action="accept"]:enabled').count()) {
        const turn = await page.locator("#turn").innerText();
        assert.match(turn, /^Your turn: heuristic bot \d offers to take \d+ of the \d+ tricks? left \(the declarer's side\) — accept or refuse\./);
        assert.doesNotMatch(turn, /play from/);
        assert.equal(await page.locator("#offer").isHidden(), true, "said once, on the turn line");
        assert.equal(await page.locator("#hand .card:not(.dim)").count(), 0, "no card looks playable while he answers");
        assert.equal(await page.locator("#me.to-move").count(), 1, "the answer is his own");
        answered = true;
        break;
      }
      await playOneTurn(page);
    }
  }
  assert.ok(answered, "a bot declarer made an offer to answer");
  await page.close();
});

test("in an all-pass the trick just completed stays in view beside the talon card that leads the next (X2)", async () => {
  const seats = [{ kind: "human" }, { kind: "human" }, { kind: "human" }];
  const { id } = await (await post("/api/tables", { name: "all pass", seats, hand_limit: 1, seed: 5 })).json();
  const pages = [];
  // Seat 1's name is as long as a name may be, without a space to wrap at.
  for (const [seat, name] of [[0, "Ada"], [1, "W".repeat(30)], [2, "Cy"]]) pages.push(await seatedPage(id, seat, name));
  // Ada watches on a phone: the trick row wraps, nothing runs off the screen.
  await pages[0].setViewportSize({ width: 390, height: 844 });
  let seen = false;
  for (let i = 0; i < 200 && !seen; i++) {
    // Whoever is to move passes (an all-pass) or plays his first playable card; after each
    // card Ada's table is read.
    let acted = false;
    for (const page of pages) {
      if (seen || !(await page.locator(`#actions button:enabled, ${CARD}`).count())) continue;
      await playOneTurn(page);
      acted = true;
      await pages[0].waitForTimeout(150);
      seen = /last trick:[^]*won by [^]*now:[^]*talon/.test(await pages[0].locator("#trick").innerText());
    }
    if (!acted && (await pages[0].locator("#game-over:not([hidden])").count())) break;
    await pages[0].waitForTimeout(50);
  }
  assert.ok(seen, "the first trick shown with its winner beside the next talon card");
  // The talon card leading now is in the trick, not a second time in the talon row.
  const leading = await pages[0].locator("#trick figure").last().locator(".card").innerText();
  assert.doesNotMatch(await pages[0].locator("#talon").innerText(), new RegExp(leading));
  assert.ok(await pages[0].evaluate(() => document.documentElement.scrollWidth <= 390), "no sideways scrolling on a phone");
  // The replay shows the same: the first trick with who took it, beside the talon card.
  for (let i = 0; i < 300 && !(await pages[0].locator("#game-over:not([hidden])").count()); i++) {
    for (const page of pages) if (await page.locator(`#actions button:enabled, ${CARD}`).count()) await playOneTurn(page);
    await pages[0].waitForTimeout(50);
  }
  let step = 0;
  for (let n = 1; n < 40 && !step; n++) {
    const obs = (await (await fetch(`${base}/api/tables/${id}/replay?step=${n}`)).json()).observation;
    if (obs?.trick.length === 1 && obs.trick[0].by === "talon" && obs.last_trick.length) step = n;
  }
  assert.ok(step, "a step with the talon card leading after a completed trick");
  const replay = pages[1];
  await replay.goto(`${base}/replay/${id}`);
  for (let n = 0; n < step; n++) {
    await replay.click("#next");
    await replay.waitForFunction((n) => document.getElementById("step").textContent.startsWith(`action ${n} `), n + 1);
  }
  assert.match(await replay.locator("#trick").innerText(), /last trick:[^]*won by [^]*now:[^]*talon/);
  for (const page of pages) await page.close();
});

test("a Hussar dummy sits where it plays (H1: eldest, dummy, dealer) for either player", async () => {
  const seats = [{ kind: "human" }, { kind: "human" }];
  const { id } = await (await post("/api/tables", { name: "hussar", seats, hand_limit: 1, seed: 2 })).json();
  const order = async (page) => {
    await page.waitForSelector("#others .seat");
    return page.locator("#others .seat").evaluateAll((boxes) => boxes.map((b) => b.getAttribute("data-seat") ?? "dummy"));
  };
  // Hand 1: seat 0 deals, seat 1 is the eldest. After the dealer come the eldest, then the
  // dummy; after the eldest, the dummy, then the dealer.
  const dealer = await seatedPage(id, 0, "Dee");
  const eldest = await seatedPage(id, 1, "Eli");
  assert.deepEqual(await order(dealer), ["1", "dummy"]);
  assert.deepEqual(await order(eldest), ["dummy", "0"]);
  await dealer.close();
  await eldest.close();
});

test("the four-player dealer sitting out has no shortcuts or hints, and a full table's spectator is watching", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "human" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "four", seats, hand_limit: 1, seed: 3 })).json();
  // Seat 2's player is seated but away: the hand waits for him.
  await post(`/api/tables/${id}/seats`, { name: "Gus", seat: 2 });
  // Hand 1: seat 0 deals and sits out (F1).
  const dealer = await seatedPage(id, 0, "Dora");
  await dealer.waitForSelector("#me .who");
  assert.match(await dealer.locator("#me").innerText(), /· seat 0[^]*sit this hand out/);
  assert.equal(await dealer.locator("#keys-help").isHidden(), true, "nothing to type");
  assert.equal(await dealer.locator("#hint-btn").isHidden(), true, "no hint to ask");
  const watcher = await browser.newPage();
  await watcher.goto(`${base}/table/${id}`);
  await watcher.waitForSelector("#seat-panel:not([hidden])");
  assert.equal(await watcher.locator("#seat-panel h2").innerText(), "Watching");
  await dealer.close();
  await watcher.close();
});

test("a move the timer made is marked, with the choice it made", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "slow", seats, hand_limit: 1, seed: 2, move_timer_secs: 1 })).json();
  const page = await seatedPage(id, 0, "Ugo");
  await page.waitForSelector("#timed-out:not([hidden])", { timeout: 30000 });
  assert.match(await page.locator("#timed-out").innerText(), /^Your time ran out: the server (chose .+|made the last move of the hand before) for you\.$/);
  await page.close();
});

test("an open hand keeps one row in a half-width box (the Hussar dummy's ten cards, H1)", async () => {
  const seats = [{ kind: "human" }, { kind: "human" }];
  const { id } = await (await post("/api/tables", { name: "open row", seats, hand_limit: 1, seed: 2 })).json();
  const pages = [await seatedPage(id, 0, "Dee"), await seatedPage(id, 1, "Eli")];
  for (const p of pages) await p.setViewportSize({ width: 1280, height: 900 });
  let rows = null;
  let bid6 = false;
  for (let i = 0; i < 40 && rows === null; i++) {
    for (const page of pages) {
      const open = page.locator("#others .open-cards");
      if ((await open.count()) && (await open.first().locator(".card").count()) >= 8) {
        rows = await open.first().locator(".card").evaluateAll((cs) => new Set(cs.map((c) => Math.round(c.getBoundingClientRect().top))).size);
        break;
      }
    }
    // One of them bids 6♠, the other whists (playOneTurn's choice): the dummy is laid open.
    if (rows === null) {
      for (const page of pages) {
        const bid = page.locator('#actions button[data-action="bid 6S"]:enabled');
        if (!bid6 && (await bid.count())) {
          await bid.click();
          bid6 = true;
        } else await Promise.race([playOneTurn(page), new Promise((r) => setTimeout(r, 500))]);
      }
    }
  }
  assert.equal(rows, 1, "the open hand's cards on one row");
  for (const page of pages) await page.close();
});
