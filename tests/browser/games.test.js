// Browser tests of whole games: a finished game in the lobby, its replay with double-dummy
// analysis and record, playing it again, and replays of unfinished and four-player games.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { readFile } from "node:fs/promises";
import { base, browser, post, stagedPage, seatedPage, playOneTurn, watchUntilFinished, CARD, shots } from "./harness.js";

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
  // The finished game's row gives each seat's final settlement; stopped by its hand limit
  // with the pool open (S9), it has a leader and no winner in bold.
  const row = page.locator("#tables tr", { has: replayLink });
  const seatsText = await row.locator("td").nth(3).innerText();
  assert.match(seatsText, /^0: .+ \([+-]?\d+\.\d\d\), 1: .+ \([+-]?\d+\.\d\d\), 2: .+ \([+-]?\d+\.\d\d\)$/);
  const listed = (await (await fetch(`${base}/api/tables`)).json()).find((t) => t.id === id);
  assert.equal(listed.pool_closed, false, "one hand closes no pool");
  assert.equal(await row.locator("b.winner").count(), 0, seatsText);
  await page.screenshot({ path: join(shots, "4-lobby.png") });
  await replayLink.click();
  await page.waitForURL(/\/replay\//);
  await page.waitForFunction(() => /action 0 of \d+/.test(document.querySelector("#step").textContent));
  assert.equal(await page.locator("#hands .card").count(), 30, "every hand shown at the start");
  assert.equal(await page.locator("#prev").isDisabled(), true, "nothing before the start");
  assert.equal(await page.locator("#where").innerText(), "bots only", "the table's name");
  assert.deepEqual(await page.locator("#hands .seat").evaluateAll((b) => b.map((x) => x.getAttribute("data-seat"))), ["0", "1", "2"]);
  for (let i = 0; i < 3; i++) await page.click("#next");
  await page.waitForFunction(() => /action 3 of/.test(document.querySelector("#step").textContent));
  // The address keeps the position: a reload (or the link shared) opens it again.
  await page.waitForFunction(() => location.search === "?step=3");
  await page.reload();
  await page.waitForFunction(() => /action 3 of/.test(document.querySelector("#step").textContent));
  // The last action names its player and reads as the table page writes it (10♥, 7♠, misère).
  // The three calls so far are listed, as on the table page.
  assert.equal((await page.locator("#calls").innerText()).split(" · ").length, 3, await page.locator("#calls").innerText());
  const last = await page.locator("#action").innerText();
  assert.match(last, /^last: .+ bot \d: \S/);
  assert.doesNotMatch(last, /seat \d|bid /);
  assert.equal(await page.locator("#prev").isDisabled(), false);
  await page.click("#last");
  await page.waitForFunction(() => { const m = document.querySelector("#step").textContent.match(/action (\d+) of (\d+)/); return m && m[1] === m[2]; });
  // The hand's end says how it ended; nothing comes after the end.
  assert.match(await page.locator("#action").innerText(), / — hand 1 over: .+ declared /);
  assert.equal(await page.locator("#next").isDisabled(), true, "nothing after the end");
  // "last" went off under the keyboard's focus (a click focuses it): the focus went to
  // "first", not to the page.
  assert.equal(await page.evaluate(() => document.activeElement?.id), "first");
  // A finished game's cards are all public: the declarer's discard is named (seed 3 has one).
  const discard = (await (await fetch(`${base}/api/tables/${id}/replay?step=1000`)).json()).discard;
  assert.ok(discard, "seed 3's hand has a discard");
  assert.match(await page.locator("#calls").innerText(), /: discards (10|[2-9JQKA])[♠♣♦♥] (10|[2-9JQKA])[♠♣♦♥]/);
  // The hand's last trick is complete: who took it is said (R6).
  assert.match(await page.locator("#trick").innerText(), /won by .*bot \d/);
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
  // One hand closes no pool (S9): the headline names a leader, not a winner.
  assert.match(await ola.locator("#final .headline").innerText(), /^The hands asked for are played; the pool is not closed \(S9\)\. (You are ahead|.+ is ahead|.+ share the lead|Everyone is even)\.$/);
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

test("the replay jumps hand by hand to each hand's untouched deal, and steps through both sides of a hand's start", async () => {
  const bots = [{ kind: "bot", level: "random" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "three hands", seats: bots, hand_limit: 3, seed: 5 })).json();
  await watchUntilFinished(id);
  const starts = (await (await fetch(`${base}/api/tables/${id}/replay?step=0`)).json()).hand_starts;
  assert.equal(starts.length, 3);
  const page = await browser.newPage();
  await page.goto(`${base}/replay/${id}`);
  // Before the page's first answer #step is empty: wait, rather than fail on it.
  const at = (n, hand) => page.waitForFunction(([n, hand]) => new RegExp(`^action ${n} of \\d+, hand ${hand}$`).test(document.querySelector("#step").textContent), [n, hand]);
  const action = () => page.locator("#action").innerText();
  await at(0, 1);
  await page.click("#next-hand");
  // A hand opens on its deal: no call made yet.
  await at(starts[1], 2);
  assert.equal(await action(), "hand 2: the deal");
  assert.equal(await page.locator("#calls").isVisible(), false, "no calls before the first");
  // One step back is the previous hand's end (the same actions), one forward its first call.
  await page.click("#prev");
  await at(starts[1], 1);
  assert.match(await action(), /^last: /);
  await page.click("#next");
  await at(starts[1], 2);
  await page.click("#next");
  await at(starts[1] + 1, 2);
  await page.click("#prev");
  await at(starts[1], 2);
  assert.equal(await action(), "hand 2: the deal");
  await page.click("#next-hand");
  await at(starts[2], 3);
  await page.click("#next");
  await page.click("#prev-hand");
  await at(starts[2], 3);
  await page.click("#prev-hand");
  await at(starts[1], 2);
  await page.click("#prev-hand");
  await at(0, 1);
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
  assert.match(await first.innerText(), /^Hand \d, trick \d+: .+ played \S+( from .+)? — best .+ — costs \d+ tricks?( \(all-pass: the two others against him\))? show$/);
  // X1: an all-pass card says it is counted against the two others together, no other does.
  const lines = await page.locator("#review-cards li").allInnerTexts();
  found.cards.forEach((c, i) => assert.equal(lines[i].includes("(all-pass: the two others against him)"), c.all_pass, lines[i]));
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

test("a crafted address reaches no other table: the id is one path segment, and the heading says no words of the address's", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "still on", seats, hand_limit: 1 })).json();
  const page = await browser.newPage();
  const asked = [];
  page.on("request", (r) => asked.push(new URL(r.url()).pathname));
  await page.goto(`${base}/replay/you%20won%20a%20prize%2F..%2F${id}`);
  await page.waitForSelector("#not-finished .error");
  assert.match(await page.locator("#not-finished").innerText(), /no table/);
  assert.equal(await page.locator("#where").innerText(), "table");
  assert.ok(asked.every((p) => !p.startsWith(`/api/tables/${id}`)), asked.join(" "));
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

test("a Hussar replay shows the dummy's hand beside the two players (H1: every card of a finished game)", async () => {
  const bots = [1, 2].map(() => ({ kind: "bot", level: "random" }));
  const { id } = await (await post("/api/tables", { name: "hussar", seats: bots, hand_limit: 1, seed: 5 })).json();
  await watchUntilFinished(id);
  const page = await browser.newPage();
  await page.goto(`${base}/replay/${id}`);
  await page.waitForFunction(() => /action 0 of \d+/.test(document.querySelector("#step").textContent));
  const dummy = page.locator("#hands .seat[data-dummy]");
  assert.match(await dummy.innerText(), /dummy/);
  assert.equal(await dummy.locator(".card").count(), 10, "the dummy's ten cards");
  assert.equal(await page.locator("#hands .seat[data-seat]").count(), 2);
});

test("on a private table only the newest refusal of a password is shown", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "a free seat", seats, hand_limit: 1, password: "sesame" })).json();
  const page = await browser.newPage();
  await page.goto(`${base}/table/${id}`);
  await page.waitForSelector("#private-table");
  await page.fill("#name", "Ivo");
  await page.fill("#watch-password", "wrong");
  await page.click("#free-seats button");
  await page.waitForFunction(() => document.querySelector("#seat-error").textContent !== "");
  assert.match(await page.locator("#seat-error").innerText(), /password/);
  // Watching with a wrong password again: the form says so, and the seat's message goes.
  await page.click("#watch-btn");
  await page.waitForFunction(() => document.querySelector("#private-message").textContent === "Wrong password.");
  assert.equal(await page.locator("#seat-error").innerText(), "");
  await page.close();
});

test("a private table opens to its password: watching, its sheet, its record and its replay", async () => {
  const bots = [{ kind: "bot", level: "random" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "friends only", seats: bots, hand_limit: 1, password: "sesame ✓" })).json();
  const page = await browser.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => { if (/Content Security Policy/.test(m.text())) problems.push(m.text()); });
  await page.goto(`${base}/table/${id}`);
  await page.waitForSelector("#private-table");
  assert.equal(await page.locator(".layout").isHidden(), true, "nothing of the table before the password");
  assert.match(await page.locator("#private-message").innerText(), /^This table is private/);
  await page.fill("#watch-password", "wrong");
  await page.click("#watch-btn");
  await page.waitForFunction(() => document.querySelector("#private-message").textContent === "Wrong password.");
  await page.fill("#watch-password", "sesame ✓");
  await page.click("#watch-btn");
  await page.waitForFunction(() => document.querySelector("#hand-no").textContent !== "");
  assert.equal(await page.locator("#private-table").count(), 0);
  // The sheet is fetched with the password (an image cannot send it).
  await page.waitForFunction(() => document.querySelector("#sheet").src.startsWith("blob:"));
  assert.equal(await page.$eval("#sheet", (img) => img.decode().then(() => "drawn", (e) => e.message)), "drawn");
  // The bots play while he watches; the finished game's record downloads with the key.
  await page.waitForSelector("#game-over:not([hidden])", { timeout: 60000 });
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByText("download the record").click()]);
  const record = JSON.parse(await readFile(await download.path(), "utf8"));
  assert.equal(record.hands.length, 1);
  // Without the key the record is refused; the replay asks for the password.
  assert.equal((await fetch(`${base}/api/tables/${id}/record`)).status, 403);
  const stranger = await browser.newPage();
  await stranger.goto(`${base}/replay/${id}`);
  await stranger.waitForSelector("#private-table");
  await stranger.fill("#watch-password", "open sesame");
  await stranger.click("#watch-btn");
  await stranger.waitForFunction(() => document.querySelector("#private-message").textContent === "Wrong password.");
  await stranger.fill("#watch-password", "sesame ✓");
  await stranger.click("#watch-btn");
  await stranger.waitForFunction(() => /action 0 of \d+/.test(document.querySelector("#step").textContent));
  // The page that watched holds the password: its replay opens at once.
  await page.goto(`${base}/replay/${id}`);
  await page.waitForFunction(() => /action 0 of \d+/.test(document.querySelector("#step").textContent));
  // The password goes first: a seat's token holds nothing once its person left.
  const sent = await page.evaluate(async (id) => {
    const { keyHeaders } = await import("/static/common.js");
    localStorage.setItem(`pref-token-${id}`, "dead");
    return keyHeaders(`/api/tables/${id}/record`)["x-table-key"];
  }, id);
  assert.equal(sent, encodeURIComponent("sesame ✓"));
  assert.deepEqual(problems, [], "no script errors");
  await stranger.close();
  await page.close();
});

test("a closed pool's winner is named on the table and in bold in the lobby, by the server's places (S9, S10)", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "winner", seats, hand_limit: 1, seed: 4 })).json();
  // The page is sent the game's end with a closed pool: seat 1 first by the places, whatever
  // order the seats sit in.
  const { page, show } = await stagedPage(id, 0, "Ida");
  show(() => ({ game_over: true, pool_closed: true, places: [2, 1, 3], standing: ["1.00", "3.00", "-4.00"] }));
  await page.waitForSelector("#final:not([hidden]) .ranking li");
  const first = await page.locator('#final .ranking li[data-seat="1"] .name').innerText();
  assert.equal(await page.locator("#final .headline").innerText(), `${first} wins.`);
  assert.deepEqual(await page.locator("#final .ranking li").evaluateAll((li) => li.map((l) => l.dataset.seat)), ["1", "0", "2"]);
  // The lobby marks the winner when the server says the pool closed (a listing patched so).
  const lobby = await browser.newPage();
  await lobby.route("**/api/tables", async (route) => {
    const response = await route.fetch();
    const json = (await response.json()).map((t) => (t.id === id ? { ...t, finished: true, pool_closed: true, places: [2, 1, 3], standing: ["1.00", "3.00", "-4.00"] } : t));
    await route.fulfill({ response, json });
  });
  await lobby.goto(`${base}/`);
  const row = lobby.locator("#tables tr", { has: lobby.locator(`a[href="/table/${id}"], a[href="/replay/${id}"]`) });
  await row.locator("b.winner").waitFor();
  assert.equal(await row.locator("b.winner").count(), 1);
  assert.match(await row.locator("b.winner").innerText(), /^1: /);
  await lobby.close();
  await page.close();
});
