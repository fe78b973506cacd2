// Browser tests of the lobby and the rules page: phone fit, option lists, presets, and a table
// that does not exist.
import { test } from "node:test";
import assert from "node:assert/strict";
import { base, browser, post } from "./harness.js";

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
  // Back in the lobby the list of tables fits its panel: no column runs off the phone.
  await page.goto(`${base}/`);
  await page.waitForSelector(`#tables a[data-table="${id}"]`);
  const list = await page.evaluate(() => { const p = document.querySelector("#tables").closest(".panel"); return [p.scrollWidth, p.clientWidth]; });
  assert.ok(list[0] <= list[1], `the list fits (${list})`);
  // Its rows are lines the width of the phone, not columns of a few letters that broke
  // "leningrad" and the table's id inside words.
  const cell = await page.locator(`#tables tr:has(a[data-table="${id}"]) td:nth-child(3)`).evaluate((td) => td.getBoundingClientRect().width);
  assert.ok(cell >= 200, `the rules line is ${cell} px wide`);
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
  // The dealer's options (F3) are offered for four players only (the server refuses them
  // otherwise).
  assert.equal(await page.locator("#opt-talon_push").count(), 0, "no F3 option for 3 players");
  await page.selectOption("#players", "4");
  await page.waitForSelector("#opt-talon_push", { state: "attached" });
  await page.click("#option-panel summary");
  // What an option does is written under it (no tooltip on a touch screen), and its control
  // is described by that text.
  const help = await page.getAttribute("#opt-talon_push", "aria-describedby");
  assert.match(await page.locator(`#${help}`).innerText(), /push/i);
  assert.ok(await page.locator(`#${help}`).isVisible());
  // A typed option's placeholder is short enough to be read whole; its values' form is in
  // the text under it.
  const typed = page.locator("#option-list input[data-option]").first();
  assert.ok(await typed.count(), "some option is typed (allpass_exit)");
  const placeholder = await typed.getAttribute("placeholder");
  assert.ok(placeholder.length <= 32 && placeholder.endsWith("(the rules')"), placeholder);
  assert.match(await page.locator(`#${await typed.getAttribute("aria-describedby")}`).innerText(), /Values: /);
  await page.selectOption("#opt-talon_push", "true");
  await page.selectOption("#players", "3");
  assert.equal(await page.locator("#opt-talon_push").count(), 0);
  // Back to four players: the choice made there is back too.
  await page.selectOption("#players", "4");
  assert.equal(await page.inputValue("#opt-talon_push"), "true");
  await page.selectOption("#players", "3");
  await page.selectOption("#preset", "sochi");
  // Values read as words ("each reaches target"); what is sent is the value itself.
  const words = (v) => ({ true: "yes", false: "no" })[v] ?? v.replaceAll("_", " ");
  assert.ok((await shown()).startsWith(words(value("sochi", name))), await shown());
  await page.selectOption("#preset", "leningrad");
  assert.ok((await shown()).startsWith(words(value("leningrad", name))), await shown());
  // A changed option stays changed when the preset changes, and the table gets it.
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

test("a name the seat refuses leaves no table behind and is not remembered", async () => {
  const page = await browser.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector("#seat-2");
  const count = async () => (await (await fetch(`${base}/api/tables`)).json()).length;
  const before = await count();
  await page.fill("#name", "Zoya (you)");
  await page.click("#create-btn");
  await page.waitForFunction(() => document.querySelector("#create-error").textContent.length > 0);
  assert.match(await page.locator("#create-error").innerText(), /\(you\)/);
  assert.equal(await count(), before, "no table was created for a refused name");
  await page.reload();
  await page.waitForSelector("#seat-2");
  assert.notEqual(await page.inputValue("#name"), "Zoya (you)");
  // A message answers the form as it was: once the form changes, or the browser's own check
  // of a field stops the next submit, the old message goes.
  await page.fill("#name", " ");
  await page.click("#create-btn");
  assert.equal(await page.locator("#create-error").innerText(), "Your name, please.");
  await page.fill("#name", "Zoya");
  await page.fill("#target", "0");
  await page.click("#create-btn");
  assert.equal(await page.locator("#create-error").innerText(), "", "no stale message beside the browser's own");
  assert.equal(await count(), before);
});

test("a table's name of one long word does not widen the table page on a phone", async () => {
  const name = "W".repeat(60);
  const r = await post("/api/tables", { name, seats: [{ kind: "human" }, { kind: "bot", level: "heuristic" }, { kind: "bot", level: "heuristic" }] });
  assert.equal(r.status, 201);
  const { id } = await r.json();
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${base}/table/${id}`);
  await page.waitForFunction((n) => document.querySelector("#title").textContent === n, name);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling (${width} px)`);
});

test("a table that does not exist says so, with the way back", async () => {
  const page = await browser.newPage();
  await page.goto(`${base}/table/nope`);
  await page.waitForSelector("#no-table");
  assert.match(await page.locator("#no-table").innerText(), /nope|no table|not found/i);
  assert.equal(await page.locator(".layout").isHidden(), true);
  assert.equal(await page.locator('a[href="/"]').count() > 0, true);
});

test("the calls line marks the engine's notes: the eldest's hold (A3) and a whist-round pass", async () => {
  const page = await browser.newPage();
  await page.goto(`${base}/`);
  const text = await page.evaluate(async () => {
    const { callsText } = await import("/static/common.js");
    const history = [[1, "bid 6S"], [2, "pass"], [0, "bid 6S"], [1, "bid 6C"], [0, "pass"], [1, null], [1, "declare 6C"], [2, "pass"], [0, "whist"]];
    const call_notes = [[2, "hold"], [7, "no_whist"]];
    return callsText({ history, call_notes }, [{ name: "Al" }, { name: "Bo" }, { name: "Cy" }], null);
  });
  assert.equal(text, "Bo: 6♠ · Cy: pass · Al: 6♠ (hold) · Bo: 6♣ · Al: pass · Bo: discards · Bo: declare 6♣ · Cy: pass (no whist) · Al: whist");
  // Bo sat down after the first call: the move timer made it for the free seat, not he.
  const late = await page.evaluate(async () => {
    const { callsText } = await import("/static/common.js");
    return callsText({ history: [[1, "bid 6S"], [2, "pass"], [1, "bid 7S"]], call_notes: [] }, [{ name: "Al" }, { name: "Bo", calls_before: 1 }, { name: "Cy" }], null);
  });
  assert.equal(late, "seat 1: 6♠ · Cy: pass · Bo: 7♠");
  await page.close();
});

test("a refused offer (P3) is told from the history until three cards follow it, and the waiting line says what is awaited", async () => {
  const page = await browser.newPage();
  await page.goto(`${base}/`);
  const seen = await page.evaluate(async () => {
    const { refusedOffer, decisionText } = await import("/static/common.js");
    const start = [[1, "play 7S"], [2, "offer 9"], [0, "refuse"]];
    return {
      refused: refusedOffer({ history: start }),
      oneCardOn: refusedOffer({ history: [...start, [2, "play 8S"]] }),
      trickOn: refusedOffer({ history: [...start, [2, "play 8S"], [0, "play 9S"], [0, "play AD"]] }),
      pending: refusedOffer({ history: [...start, [2, "offer 8"]] }),
      none: refusedOffer({ history: [[1, "play 7S"]] }),
      bidding: decisionText({ phase: "auction", offer: null }),
      answering: decisionText({ phase: "play", offer: { by: 1 } }),
    };
  });
  assert.deepEqual(seen.refused, { by: 2, tricks: 9, refusedBy: 0 });
  assert.deepEqual(seen.oneCardOn, seen.refused);
  assert.equal(seen.trickOn, null, "three cards later the notice is gone");
  assert.equal(seen.pending, null, "a newer offer waits");
  assert.equal(seen.none, null);
  assert.equal(seen.bidding, "to bid");
  assert.equal(seen.answering, "to answer the offer");
  await page.close();
});
