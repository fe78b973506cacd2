// Browser test: create a table with two bots in the lobby, play a whole hand by clicking,
// reload in the middle of it and go on, and see the scoresheet change.
// Needs PREF_BIN (the pref binary) and Debian's /usr/bin/chromium (or CHROMIUM).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const bin = process.env.PREF_BIN ?? join(here, "../../target/debug/pref");
const shots = join(here, "screenshots");
mkdirSync(shots, { recursive: true });
let server, base, browser;

before(async () => {
  const dir = mkdtempSync(join(tmpdir(), "pref-browser-"));
  server = spawn(bin, ["serve", "--addr", "127.0.0.1:0", "--database", `sqlite://${join(dir, "pref.db")}`, "--bot-delay-ms", "0", "--open-tables-per-address", "0", "--away-before-bot-secs", "1"], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/served at (http:\/\/[^/\s]+)\//);
      if (m) resolve(m[1]);
    });
    server.on("exit", (code) => reject(new Error(`pref serve exited with ${code}: ${out}`)));
  });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
});

after(async () => {
  await browser?.close();
  server?.kill();
});

/** POSTs `body` as JSON to the server. */
const post = (path, body) => fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** A new page seated at table `id` in `seat` as `name` (its token where the table page looks). */
async function seatedPage(id, seat, name) {
  const { token } = await (await post(`/api/tables/${id}/seats`, { name, seat })).json();
  const page = await browser.newPage();
  await page.goto(`${base}/`);
  await page.evaluate(([k, t]) => localStorage.setItem(k, t), [`pref-token-${id}`, token]);
  await page.goto(`${base}/table/${id}`);
  return page;
}

// One click of the person's turn: a discard needs two cards and the button; a card is one
// click (in my hand, or in an open hand I play for); anything else is one enabled button.
// Returns what was clicked, or null when nothing was mine to do.
const CARD = "#hand button[data-action]:enabled, #others button[data-action]:enabled";
async function playOneTurn(page) {
  await page.waitForSelector(`#actions button:enabled, ${CARD}, #discard-btn, #game-over:not([hidden])`, { timeout: 30000 });
  if (await page.locator("#discard-btn").count()) {
    await page.locator("#hand button.card").nth(0).click();
    await page.locator("#hand button.card").nth(1).click();
    await page.locator("#discard-btn:enabled").click();
    return "discard";
  }
  const card = page.locator(CARD);
  if (await card.count()) {
    const a = await card.first().getAttribute("data-action");
    await card.first().click();
    return a;
  }
  const btn = page.locator("#actions button[data-action]:enabled");
  if (await btn.count()) {
    // Pass in the auction, whist and play closed in defence, refuse offers: so that this
    // player's cards get played.
    for (const pref of ["whist", "closed", "refuse", "pass"]) {
      const b = page.locator(`#actions button[data-action="${pref}"]:enabled`);
      if (await b.count()) { await b.click(); return pref; }
    }
    const a = await btn.first().getAttribute("data-action");
    await btn.first().click();
    return a;
  }
  return null;
}

/** Bots play only while someone watches: a spectator's page keeps a bots-only table going
 * until its game is over. */
async function watchUntilFinished(id) {
  const watcher = await browser.newPage();
  await watcher.goto(`${base}/table/${id}`);
  await watcher.waitForFunction(() => document.querySelector("#hand-no").textContent !== "");
  assert.doesNotMatch(await watcher.title(), /Your turn/, "a spectator has no turn");
  for (let i = 0; i < 600; i++) {
    if ((await (await fetch(`${base}/api/tables/${id}`)).json()).finished) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await watcher.close();
}

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
  assert.equal(await page.getByRole("img", { name: "a card face down" }).count() >= 20, true, "the others' cards");
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
  assert.deepEqual(problems, [], "no script errors");
});

test("a spectator sees the table but no cards in anyone's closed hand", async () => {
  const r = await fetch(`${base}/api/tables`);
  const tables = await r.json();
  assert.ok(tables.length > 0);
  const page = await browser.newPage();
  await page.goto(`${base}/table/${tables[0].id}`);
  await page.waitForSelector("#seat-panel:not([hidden])");
  await page.waitForSelector(".seat .who");
  assert.equal(await page.locator("#hand button.card").count(), 0, "a spectator has no hand");
  assert.equal(await page.locator("#actions button").count(), 0, "a spectator has no choices");
});

test("a finished game is listed in the lobby, replayed step by step with double-dummy analysis, and its record downloads", async () => {
  const bots = [{ kind: "bot", level: "random" }, { kind: "bot", level: "heuristic" }, { kind: "bot", level: "random" }];
  const created = await (await post("/api/tables", { name: "bots only", seats: bots, hand_limit: 1, seed: 3 })).json();
  const id = created.id;
  await watchUntilFinished(id);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto(`${base}/`);
  const replayLink = page.locator(`a[href="/replay/${id}"]`);
  await replayLink.waitFor();
  // The finished game's row gives each seat's final settlement, the winner's in bold.
  const row = page.locator("#tables tr", { has: replayLink });
  const seatsText = await row.locator("td").nth(3).innerText();
  assert.match(seatsText, /^0: .+ \([+-]?\d+\.\d\d\), 1: .+ \([+-]?\d+\.\d\d\), 2: .+ \([+-]?\d+\.\d\d\)$/);
  assert.ok((await row.locator("b.winner").count()) >= 1, seatsText);
  await page.screenshot({ path: join(shots, "4-lobby.png") });
  await replayLink.click();
  await page.waitForURL(/\/replay\//);
  await page.waitForFunction(() => /action 0 of \d+/.test(document.querySelector("#step").textContent));
  assert.equal(await page.locator("#hands .card").count(), 30, "every hand shown at the start");
  assert.equal(await page.locator("#where").innerText(), "bots only", "the table's name");
  assert.deepEqual(await page.locator("#hands .seat").evaluateAll((b) => b.map((x) => x.getAttribute("data-seat"))), ["0", "1", "2"]);
  for (let i = 0; i < 3; i++) await page.click("#next");
  await page.waitForFunction(() => /action 3 of/.test(document.querySelector("#step").textContent));
  // The last action names its player and reads as the table page writes it (10♥, 7♠, misère).
  // The three calls so far are listed, as on the table page.
  assert.equal((await page.locator("#calls").innerText()).split(" · ").length, 3, await page.locator("#calls").innerText());
  const last = await page.locator("#action").innerText();
  assert.match(last, /^last: .+ bot \d: \S/);
  assert.doesNotMatch(last, /seat \d|bid /);
  await page.click("#last");
  await page.waitForFunction(() => { const m = document.querySelector("#step").textContent.match(/action (\d+) of (\d+)/); return m && m[1] === m[2]; });
  // A finished game's cards are all public: the declarer's discard is named (seed 3 has one).
  const discard = (await (await fetch(`${base}/api/tables/${id}/replay?step=1000`)).json()).discard;
  assert.ok(discard, "seed 3's hand has a discard");
  assert.match(await page.locator("#calls").innerText(), /: discards (10|[2-9JQKA])[♠♣♦♥] (10|[2-9JQKA])[♠♣♦♥]/);
  await page.click("#prev");
  await page.waitForFunction(() => { const m = document.querySelector("#step").textContent.match(/action (\d+) of (\d+)/); return m && Number(m[1]) === Number(m[2]) - 1; });
  // The card before the hand's last one (seed 3: the hand is played), analysed double-dummy.
  await page.waitForSelector("#analysis:not([hidden])");
  assert.match(await page.locator("#analysis-result").innerText(), /takes \d+ tricks? in the hand/);
  assert.ok(await page.locator("#analysis-cards .value.best").count() >= 1, "a best card is marked");
  assert.match(await page.locator("#analysis-next").innerText(), /Played next: .+, (a best card|which costs \d+ tricks?)\./);
  await page.screenshot({ path: join(shots, "5-replay.png") });
  // Back at the start (the auction) there is nothing to analyse.
  await page.click("#first");
  await page.waitForSelector("#analysis", { state: "hidden" });
  const record = await (await page.request.get(`${base}/api/tables/${id}/record`)).json();
  assert.equal(record.hands.length, 1, "the record has the one hand");
  assert.deepEqual(problems, [], "no script errors");
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
    const { token } = await (await post(`/api/tables/${id}/seats`, { name: "Vera", seat: 0 })).json();
    await page.goto(`${base}/`);
    await page.evaluate(([k, t]) => localStorage.setItem(k, t), [`pref-token-${id}`, token]);
    await page.goto(`${base}/table/${id}`);
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
  assert.equal(await page.locator('#actions button[data-action^="offer"]').count(), 0, "no button per number");
  const choices = await page.locator("#offer-tricks option").count();
  assert.ok(choices >= 2, `a number of tricks to choose (${choices})`);
  assert.equal(await page.locator("#offer-btn").isDisabled(), true, "no number chosen yet");
  await page.selectOption("#offer-tricks", { index: 1 });
  await page.click("#offer-btn");
  // The bots answer at once: refused (play goes on) or accepted (the hand ends).
  await page.waitForFunction(() => /offer: we take/.test(document.querySelector("#calls").textContent) || document.querySelector("#game-over:not([hidden])"));
  assert.deepEqual(problems, [], "no script errors");
});

test("a finished game is played again in one click, at one new table with the same seats", async () => {
  const seats = [{ kind: "human" }, { kind: "human" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "again", seats, hand_limit: 1, seed: 2 })).json();
  const pages = [];
  for (const [seat, name] of [[0, "Ola"], [1, "Per"]]) {
    const page = await seatedPage(id, seat, name);
    const problems = [];
    page.on("pageerror", (e) => problems.push(e.message));
    pages.push({ page, problems });
  }
  // Both people play their turns by clicking until the game is over.
  for (let i = 0; i < 200; i++) {
    let over = true;
    for (const { page } of pages) {
      if (await page.locator("#game-over:not([hidden])").count()) continue;
      over = false;
      if (await page.locator(`#actions button:enabled, ${CARD}, #discard-btn`).count()) await playOneTurn(page);
    }
    if (over) break;
    await pages[0].page.waitForTimeout(50);
  }
  const [ola, per] = pages.map((p) => p.page);
  await ola.waitForSelector("#rematch-btn");
  // The table shows the players ranked by the final settlement, the winner named.
  const final = await (await fetch(`${base}/api/tables/${id}`)).json();
  assert.ok(final.finished);
  await ola.waitForSelector("#final:not([hidden]) .ranking li");
  const ranked = await ola.locator("#final .ranking li .whists").allInnerTexts();
  const values = ranked.map((t) => Number(t.replace(/ whists$/, "")));
  assert.equal(values.length, 3);
  assert.deepEqual([...values].sort((a, b) => b - a), values, "best first");
  assert.ok(Math.abs(values.reduce((a, b) => a + b, 0)) < 0.05, "zero-sum (S10)");
  assert.match(await ola.locator("#final .headline").innerText(), /^(You win|.+ wins|.+ share first place|A draw: .+)\.$/);
  await ola.screenshot({ path: join(shots, "6-game-over.png") });
  await ola.click("#rematch-btn");
  await ola.waitForURL((u) => !u.pathname.endsWith(id));
  const next = ola.url().split("/").pop();
  await ola.waitForSelector("#hand button.card");
  assert.equal(await ola.locator("#seat-panel").isHidden(), true, "Ola is seated at the next game");
  assert.match(await ola.locator("#me .who").innerText(), /^Ola \(you\) · seat 0$/);
  // Per's page of the finished game offers his seat there.
  await per.waitForSelector("#next-game");
  await per.click("#next-game");
  await per.waitForURL(`${base}/table/${next}`);
  await per.waitForSelector("#me .who");
  assert.match(await per.locator("#me .who").innerText(), /^Per \(you\) · seat 1$/);
  const summary = await (await fetch(`${base}/api/tables/${next}`)).json();
  assert.deepEqual(summary.seats.map((s) => s.name?.replace(/ bot \d$/, " bot")), ["Ola", "Per", "random bot"]);
  for (const { problems } of pages) assert.deepEqual(problems, [], "no script errors");
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
  await page.click("#discard-btn");
  await page.waitForFunction(() => !document.querySelector("#discard-btn"));
  assert.equal(await page.locator("#hand button.card").count(), 10);
});

test("a player gone from the table is shown away, and another lets a bot play for him", async () => {
  const seats = [{ kind: "human" }, { kind: "human" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "gone", seats, hand_limit: 1, seed: 6 })).json();
  const ola = await seatedPage(id, 0, "Ola");
  const per = await seatedPage(id, 1, "Per");
  await per.waitForSelector("#hand button.card");
  const perBox = '#others .seat[data-seat="1"]';
  await ola.waitForSelector(perBox);
  assert.doesNotMatch(await ola.locator(perBox).innerText(), /away/, "Per is here");
  await per.close();
  await ola.waitForSelector(`${perBox} button.away-bot`);
  assert.match(await ola.locator(`${perBox} .tags`).innerText(), /away/);
  // After the server's wait (1 s in this test) a bot may play for him.
  await ola.waitForTimeout(1100);
  await ola.click(`${perBox} button.away-bot`);
  await ola.waitForFunction((b) => /heuristic bot/.test(document.querySelector(`${b} .tags`).textContent), perBox);
  assert.equal(await ola.locator(`${perBox} button.away-bot`).count(), 0);
  assert.match(await ola.locator(`${perBox} .who`).innerText(), /^Per/);
  assert.equal(await ola.locator("#error").innerText(), "");
});

test("the lobby fits a phone and takes options from its list, one with commas", async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${base}/`);
  await page.waitForSelector("#seat-2");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling (${width} px)`);
  await page.fill("#name", "Pia");
  await page.click("#option-panel summary");
  await page.fill("#opt-allpass_exit", "6,7,7");
  await page.selectOption("#opt-allpass_progression", "arithmetic");
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, "the open option list fits");
  await page.click("#create-btn");
  await page.waitForURL(/\/table\//);
  const id = page.url().split("/").pop();
  const rules = (await (await fetch(`${base}/api/tables/${id}`)).json()).rules;
  assert.match(rules, /allpass_exit=6,7,7/);
  assert.match(rules, /allpass_progression=arithmetic/);
  // The table page fits too, and its bots have names of their own.
  await page.waitForSelector(".seat .who");
  const names = await page.locator(".seat .who").allInnerTexts();
  assert.equal(new Set(names).size, names.length, `${names}`);
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390);
});

test("the lobby's option list shows the chosen rules' values and keeps a change across presets", async () => {
  const info = await (await fetch(`${base}/api/rules`)).json();
  const value = (preset, name) => info.presets.find((p) => p.name === preset).options[name];
  // An option whose value differs between two presets.
  const name = info.options.map((o) => o.name).find((n) => value("sochi", n) !== value("leningrad", n) && !["players", "target"].includes(n));
  assert.ok(name, "sochi and leningrad differ in some option");
  const page = await browser.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector(`#opt-${name}`, { state: "attached" });
  const shown = () => page.locator(`#opt-${name} option[value=""], #opt-${name}[placeholder]`).first().evaluate((e) => e.textContent || e.placeholder);
  await page.selectOption("#preset", "sochi");
  // Values read as words ("each reaches target"); what is sent is the value itself.
  const words = (v) => ({ true: "yes", false: "no" })[v] ?? v.replaceAll("_", " ");
  assert.ok((await shown()).startsWith(words(value("sochi", name))), await shown());
  await page.selectOption("#preset", "leningrad");
  assert.ok((await shown()).startsWith(words(value("leningrad", name))), await shown());
  // A changed option stays changed when the preset changes, and the table gets it.
  await page.click("#option-panel summary");
  await page.fill("#opt-allpass_exit", "7");
  await page.selectOption("#preset", "rostov");
  assert.equal(await page.inputValue("#opt-allpass_exit"), "7");
  await page.fill("#name", "Lev");
  await page.click("#create-btn");
  await page.waitForURL(/\/table\//);
  const rules = (await (await fetch(`${base}/api/tables/${page.url().split("/").pop()}`)).json()).rules;
  assert.match(rules, /rostov/);
  assert.match(rules, /allpass_exit=7/);
});

test("the replay jumps hand by hand to each hand's first action", async () => {
  const bots = [{ kind: "bot", level: "random" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "three hands", seats: bots, hand_limit: 3, seed: 5 })).json();
  await watchUntilFinished(id);
  const starts = (await (await fetch(`${base}/api/tables/${id}/replay?step=0`)).json()).hand_starts;
  assert.equal(starts.length, 3);
  const page = await browser.newPage();
  await page.goto(`${base}/replay/${id}`);
  // Before the page's first answer #step is empty: wait, rather than fail on it.
  const at = (n, hand) => page.waitForFunction(([n, hand]) => new RegExp(`^action ${n} of \\d+, hand ${hand}$`).test(document.querySelector("#step").textContent), [n, hand]);
  await at(0, 1);
  await page.click("#next-hand");
  await at(starts[1] + 1, 2);
  await page.click("#next-hand");
  await at(starts[2] + 1, 3);
  await page.click("#prev");
  await page.click("#prev-hand");
  await at(starts[1] + 1, 2);
  await page.click("#prev-hand");
  await at(1, 1);
  assert.doesNotMatch(await page.locator("#contract").innerText(), /^[a-z]/, "the phase in words");
});

test("the replay reviews the whole game: each costly card and call, one click from its position", async () => {
  const bots = [{ kind: "bot", level: "random" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "to review", seats: bots, hand_limit: 3, seed: 5 })).json();
  await watchUntilFinished(id);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto(`${base}/replay/${id}`);
  await page.waitForFunction(() => /action 0 of/.test(document.querySelector("#step").textContent));
  // What the first hand's deal held: a row per player, named, with the server's numbers.
  await page.waitForFunction(() => document.querySelectorAll("#deal-rows tr").length === 3);
  const held = await (await fetch(`${base}/api/tables/${id}/deal-table?hand=1`)).json();
  const firstRow = await page.locator("#deal-rows tr").first().locator("td").allInnerTexts();
  assert.match(firstRow[0], /random bot \d \(eldest\)/);
  assert.deepEqual(firstRow.slice(1).map(Number), [...held.rows[0].tricks, held.rows[0].misere, held.rows[0].allpass]);
  // A tap on a number says its discard (phones have no pointer to show the title).
  await page.locator("#deal-rows tr").first().locator("td").nth(5).click();
  const [a, b] = held.rows[0].discards[4].map((c) => c.replace("T", "10").replace(/[SCDH]$/, (s) => ({ S: "♠", C: "♣", D: "♦", H: "♥" })[s]));
  assert.equal(await page.locator("#deal-status").innerText(), `Hand 1: ${firstRow[0].replace(" (eldest)", "")} in no trumps takes ${held.rows[0].tricks[4]} trick${held.rows[0].tricks[4] === 1 ? "" : "s"} discarding ${a} ${b}.`);
  await page.click("#next-hand");
  await page.waitForFunction(() => /^Hand 2\./.test(document.querySelector("#deal-status").textContent));
  await page.click("#review-btn");
  await page.waitForFunction(() => /cards? that cost tricks/.test(document.querySelector("#review-status").textContent), null, { timeout: 60000 });
  // The page lists what the server found, in the same order.
  const found = await (await fetch(`${base}/api/tables/${id}/review`)).json();
  assert.equal(found.status, "done");
  assert.ok(found.cards.length > 0, "random bots lose tricks");
  assert.equal(await page.locator("#review-cards li").count(), found.cards.length);
  assert.equal(await page.locator("#review-calls li").count(), found.calls.length);
  const first = page.locator("#review-cards li").first();
  assert.match(await first.innerText(), /^Hand \d, trick \d+: .+ played \S+ — best .+ — costs \d+ tricks? show$/);
  // "show" goes to the position where the card was played, whose analysis prices it.
  await first.locator("button").click();
  const step = found.cards[0].step;
  await page.waitForFunction((n) => document.querySelector("#step").textContent.startsWith(`action ${n} of`), step);
  await page.waitForSelector("#analysis:not([hidden])");
  const cost = found.cards[0].cost;
  await page.waitForFunction((c) => document.querySelector("#analysis-next").textContent.includes(`which costs ${c} trick`), cost);
  await page.screenshot({ path: join(shots, "7-review.png"), fullPage: true });
  assert.deepEqual(problems, [], "no script errors");
});

test("the rules page explains the game and lists every preset and option the server has", async () => {
  const page = await browser.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto(`${base}/`);
  await page.click('a[href="/rules"]');
  await page.waitForURL(/\/rules$/);
  for (const id of ["auction", "contract", "whist", "play", "allpass", "scoring", "forms", "site"]) {
    assert.ok(await page.locator(`#${id} h2`).isVisible(), id);
  }
  const info = await (await fetch(`${base}/api/rules`)).json();
  await page.waitForFunction((n) => document.querySelectorAll("#options-rows tr").length === n, info.options.length);
  // Every option with each preset's value, as the rules crate has it.
  const heads = await page.locator("#options-head th").allInnerTexts();
  assert.deepEqual(heads, ["option", ...info.presets.map((p) => p.name), "rule"]);
  const row = page.locator('#options-rows tr[data-option="allpass_talon"] td');
  const words = (v) => ({ true: "yes", false: "no" })[v] ?? v.replaceAll("_", " ");
  assert.deepEqual((await row.allInnerTexts()).slice(1, -1), info.presets.map((p) => words(p.options.allpass_talon)));
  assert.equal(await page.locator("#presets-list li").count(), info.presets.length);
  assert.deepEqual(problems, [], "no script errors");
});

test("a table that does not exist says so, with the way back", async () => {
  const page = await browser.newPage();
  await page.goto(`${base}/table/nope`);
  await page.waitForSelector("#no-table");
  assert.match(await page.locator("#no-table").innerText(), /nope|no table|not found/i);
  assert.equal(await page.locator(".layout").isHidden(), true);
  assert.equal(await page.locator('a[href="/"]').count() > 0, true);
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
  await page.screenshot({ path: join(shots, "hand-2-start.png"), fullPage: true });
  // The game's end keeps its last trick too.
  for (let i = 0; i < 200 && (await page.locator("#final").isHidden()); i++) await playOneTurn(page);
  await page.waitForSelector("#final:not([hidden])");
  assert.match(await page.locator("#trick").innerText(), /last trick of hand 2:/);
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
  // A spectator's page has no hint button.
  const watcher = await browser.newPage();
  await watcher.goto(`${base}/table/${id}`);
  await watcher.waitForSelector("#others .seat");
  assert.equal(await watcher.locator("#hint-panel").isHidden(), true);
  await watcher.close();
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
  assert.match(await p.locator("#timer").innerText(), /\d+ s left/);
  // Another player's chat line redraws the table: the focus stays on the same choice.
  const talker = p === page ? other : page;
  await talker.fill("#chat-text", "hello");
  await talker.click("#chat-send");
  await p.waitForFunction(() => document.querySelector("#chat-log").textContent.includes("hello"));
  assert.equal(await p.evaluate(() => document.activeElement.getAttribute("data-action")), before);
  await other.close();
});

test("the replay of a game still being played says so, with the way to watch it", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "still on", seats, hand_limit: 1 })).json();
  const page = await browser.newPage();
  await page.goto(`${base}/replay/${id}`);
  await page.waitForSelector("#not-finished");
  assert.match(await page.locator("#not-finished").innerText(), /still being played/);
  assert.equal(await page.locator("#not-finished a").getAttribute("href"), `/table/${id}`);
  assert.equal(await page.locator("#review-btn").isVisible(), false, "no controls for a game not over");
  assert.equal(await page.locator("#next").isVisible(), false);
});

test("a four-player replay keeps every seat's place, the dealer's box saying he sits out", async () => {
  const bots = [1, 2, 3, 4].map(() => ({ kind: "bot", level: "random" }));
  const { id } = await (await post("/api/tables", { name: "four", seats: bots, hand_limit: 2, seed: 5 })).json();
  await watchUntilFinished(id);
  const page = await browser.newPage();
  await page.goto(`${base}/replay/${id}`);
  const seats = () => page.locator("#hands .seat").evaluateAll((b) => b.map((x) => x.getAttribute("data-seat")));
  await page.waitForFunction(() => /action 0 of \d+/.test(document.querySelector("#step").textContent));
  assert.deepEqual(await seats(), ["0", "1", "2", "3"]);
  const outFirst = await page.locator("#hands .seat.out").getAttribute("data-seat");
  await page.click("#next-hand");
  await page.waitForFunction(() => /hand 2$/.test(document.querySelector("#step").textContent));
  assert.deepEqual(await seats(), ["0", "1", "2", "3"], "the same places in hand 2");
  assert.equal(await page.locator("#hands .seat.out").count(), 1);
  assert.match(await page.locator("#hands .seat.out").innerText(), /sits this hand out/);
  assert.notEqual(await page.locator("#hands .seat.out").getAttribute("data-seat"), outFirst, "the deal moves on");
});
