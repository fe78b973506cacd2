// Browser tests of the table page's tools: hints, the scoresheet's large view, choices that
// explain themselves, and a seat's link for another device.
import { test } from "node:test";
import assert from "node:assert/strict";
import { base, browser, post, proxiedPage, seatedPage, sitAt, playOneTurn } from "./harness.js";

test("hints asked for a decision the move timer made are dropped", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "late hints", seats, hand_limit: 1, seed: 2, move_timer_secs: 2 })).json();
  // The server's answer to the hint request is held back until the timer has made the move.
  let held = null;
  const { page } = await proxiedPage(() => false, (m, ws) => {
    if (m.type !== "hints") return false;
    held = { text: JSON.stringify(m), ws };
    return true;
  });
  await sitAt(page, id, 0, "Ivo");
  await page.waitForSelector("#hint-btn:enabled", { timeout: 30000 });
  await page.click("#hint-btn");
  await page.waitForSelector("#timed-out:not([hidden])", { timeout: 30000 });
  for (let i = 0; i < 200 && !held; i++) await page.waitForTimeout(50);
  assert.ok(held, "the server answered the hint request");
  assert.ok(JSON.parse(held.text).hints.length > 0, "with hints to show");
  // Delivered late, for the decision the timer made: not shown.
  held.ws.send(held.text);
  await page.waitForTimeout(500);
  assert.equal(await page.locator("#hints button").count(), 0, await page.locator("#hints").innerText());
  await page.close();
});

test("a decision that comes back after another's call (a half-whist) does not get the old hints", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "hints again", seats, hand_limit: 1, seed: 4 })).json();
  // The page's WebSocket goes through the test: it sees the states, and answers hint requests
  // itself with `refusal` once it is set, as the server's rate limit and hint slots do.
  let refusal = null;
  const { page, proxy } = await proxiedPage((o, ws) => {
    if (!(refusal && o.type === "hint")) return false;
    ws.send(JSON.stringify({ type: "error", message: refusal }));
    return true;
  });
  await sitAt(page, id, 0, "Una");
  await page.waitForSelector("#hint-btn:enabled", { timeout: 30000 });
  await page.click("#hint-btn");
  await page.waitForSelector("#hints li button", { timeout: 30000 });
  // The same hand, phase and choices, two actions later: a new decision, whose hints are gone.
  const last = proxy.last;
  proxy.ws.send(JSON.stringify({ ...last, actions: last.actions + 2, version: last.version + 1 }));
  await page.waitForFunction(() => document.querySelectorAll("#hints li button").length === 0, null, { timeout: 5000 });
  // Asked again and refused: the refusal is shown, not the earlier decision's hints.
  refusal = "too many hint requests: wait a moment";
  await page.click("#hint-btn");
  await page.waitForFunction(() => /too many hint requests/.test(document.querySelector("#hints").innerText), null, { timeout: 5000 });
  assert.equal(await page.locator("#hints li button").count(), 0, await page.locator("#hints").innerText());
  // Every core busy with hints (the server's hint slots): said in the panel too, which does
  // not stay on "thinking…".
  refusal = "the hints are busy: ask again in a moment";
  await page.click("#hint-btn");
  await page.waitForFunction(() => /hints are busy/.test(document.querySelector("#hints").innerText), null, { timeout: 5000 });
  await page.close();
});

test("the scoresheet opens large over the table and closes with Esc; some choices explain themselves", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "sheet", seats, hand_limit: 1, seed: 4 })).json();
  const page = await seatedPage(id, 0, "Ada");
  // Ada's decision (her bid): what she types would be played, but not under the dialog.
  await page.waitForSelector("#hint-btn:enabled", { timeout: 30000 });
  await page.click("#sheet-size");
  assert.equal(await page.locator("#sheet-dialog[open]").count(), 1);
  const box = await page.locator("#sheet-large").boundingBox();
  assert.ok(box.width > 600, `the sheet is large: ${box.width}px`);
  // Typing under the dialog plays nothing (a pass would be typed "pass").
  const before = await page.locator("#log").innerText();
  await page.keyboard.type("pass");
  await page.waitForTimeout(300);
  assert.equal(await page.locator("#log").innerText(), before);
  assert.equal(await page.locator("#typed").innerText(), "");
  await page.keyboard.press("Escape");
  assert.equal(await page.locator("#sheet-dialog[open]").count(), 0);
  // On a phone the large view is wider than the screen (scrolled across), not the thumbnail
  // again.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click("#sheet-size");
  const phone = await page.locator("#sheet-large").boundingBox();
  assert.ok(phone.width > 500, `the sheet is larger than the phone: ${phone.width}px`);
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1280, height: 800 });
  // Choices whose name does not say what they do carry a tooltip (F3 push, W4 open).
  const titles = await page.evaluate(async () => {
    const { actionTitle } = await import("/static/common.js");
    return ["push", "open", "closed", "half-whist", "bid 7H"].map(actionTitle);
  });
  assert.match(titles[0], /dealer .*mountain point/);
  assert.match(titles[1], /face up/);
  assert.ok(titles[2] && titles[3], titles.join(" | "));
  assert.equal(titles[4], null, "a bid says what it is");
  // Whist and pass say what they mean where they are said: the 4-player dealer (F3), the
  // Hussar defender (H1), the first defender after a half-whist (W2); the F3 look names the
  // seat whose hand it shows.
  const said = await page.evaluate(async () => {
    const { choiceButtons } = await import("/static/table-view.js");
    const { actionLabel } = await import("/static/common.js");
    const notes = (obs) => choiceButtons(obs, () => {}, null).filter((e) => e.tagName === "UL").map((e) => e.textContent).join(" ");
    const base = { legal_actions: ["whist", "pass"], history: [], seat: 0, players: 3 };
    return [
      notes({ ...base, phase: "dealer-whist" }),
      notes({ ...base, phase: "whist", players: 2 }),
      notes({ ...base, phase: "whist", history: [[0, "pass"], [2, "half-whist"]] }),
      notes({ ...base, phase: "whist" }),
      actionLabel("look 2", (s) => ["Ada", "Bo", "Vera"][s]),
    ];
  });
  assert.match(said[0], /both defenders' hands.*F3/);
  assert.match(said[1], /dummy's are laid face up.*without play/);
  assert.match(said[2], /defend alone.*scored as the other defender's half-whist/);
  assert.match(said[3], /write whists on him/, "an ordinary whist keeps its note");
  assert.equal(said[4], "look at Vera's hand");
  await page.close();
});

test("a seat's link opens it on another device once, and leaves the address clean", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "two devices", seats, hand_limit: 1, seed: 4 })).json();
  const laptop = await seatedPage(id, 0, "Eva");
  await laptop.waitForSelector("#hand .card");
  const own = await laptop.evaluate((k) => localStorage.getItem(k), `pref-token-${id}`);
  await laptop.click("#device-btn");
  await laptop.waitForSelector("#device-url");
  const link = await laptop.inputValue("#device-url");
  assert.match(link, new RegExp(`/table/${id}#transfer=[0-9a-f]{32}$`));
  assert.ok(!link.includes(own), "the seat's token is not in the link");
  // Another browser (its own storage) opens the link: Eva's seat and cards, no spectator.
  const phone = await browser.newPage();
  await phone.goto(link);
  await phone.waitForSelector("#hand .card");
  assert.equal(await phone.locator("#seat-panel").isHidden(), true, "seated, not watching");
  assert.equal(new URL(phone.url()).hash, "", "the code is taken off the address");
  assert.deepEqual(await phone.locator("#hand .card").allInnerTexts(), await laptop.locator("#hand .card").allInnerTexts());
  // The link works once: a third browser only watches, and says why.
  const third = await browser.newPage();
  await third.goto(link);
  await third.waitForSelector("#seat-panel:not([hidden])");
  assert.match(await third.locator("#error").innerText(), /seat link: .*used already/);
  assert.equal(await third.locator("#device-btn").isHidden(), true, "a spectator has no such button");
  // A browser that holds a seat is asked before a link changes it; declined, it keeps its
  // own (and the link stays unused).
  await laptop.click("#device-btn"); // hides the panel
  await laptop.click("#device-btn");
  await laptop.waitForFunction((old) => document.querySelector("#device-url")?.value !== old, link);
  const fresh = await laptop.inputValue("#device-url");
  const asked = [];
  laptop.on("dialog", (d) => { asked.push(d.message()); d.dismiss(); });
  await laptop.goto(`${base}/`);
  await laptop.goto(fresh);
  await laptop.waitForSelector("#hand .card");
  assert.match(asked.join(" "), /already holds a seat/);
  assert.equal(await laptop.evaluate((k) => localStorage.getItem(k), `pref-token-${id}`), own);
  // The fresh link still opens the seat elsewhere.
  const tablet = await browser.newPage();
  await tablet.goto(fresh);
  await tablet.waitForSelector("#hand .card");
  await tablet.close();
  for (const p of [laptop, phone, third]) await p.close();
});

test("a screen reader is told the others' moves, each trick's taker and the turn, once each", async () => {
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "spoken", seats, hand_limit: 1, seed: 4 })).json();
  const page = await seatedPage(id, 0, "Ola");
  // Every text the live region takes, as a screen reader would queue it.
  await page.evaluate(() => {
    window.spoken = [];
    new MutationObserver(() => window.spoken.push(document.getElementById("announce").textContent))
      .observe(document.getElementById("announce"), { childList: true, characterData: true, subtree: true });
  });
  assert.equal(await page.locator("#turn").getAttribute("aria-live"), null, "the banner itself is silent");
  for (let i = 0; i < 40 && !(await page.evaluate(() => window.spoken.some((s) => /^Trick \d+ to |\. Trick \d+ to /.test(s)))); i++) {
    await playOneTurn(page);
    await page.waitForTimeout(300);
  }
  const spoken = await page.evaluate(() => window.spoken);
  const all = spoken.join(" | ");
  assert.match(all, /random bot [12]: (pass|bid [^.]+|[a-z0-9]+ of [a-z]+)\./, all);
  assert.match(all, /Trick \d+ to /, all);
  assert.match(all, /Your turn to (bid|play|discard|name the contract|whist or pass)\./, all);
  // The sheet in numbers: a row a seat under a header, the player named.
  assert.equal(await page.locator("#sheet-numbers tr").count(), 4);
  assert.match(await page.locator("#sheet-numbers").textContent(), /Ola/);
  // Said once each: the same turn is not said twice in a row.
  for (let i = 1; i < spoken.length; i++) assert.notEqual(spoken[i], spoken[i - 1], all);
  await page.close();
});
