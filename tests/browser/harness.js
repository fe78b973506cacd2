// What every browser test file shares: a `pref serve` on a fresh SQLite database and one headless
// Chromium for the file's tests, and helpers to seat a page and play a turn by clicking.
// Needs PREF_BIN (the pref binary) and Debian's /usr/bin/chromium (or CHROMIUM).
import { before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const bin = process.env.PREF_BIN ?? join(here, "../../target/debug/pref");
/** Where tests put their screenshots. */
export const shots = join(here, "screenshots");
mkdirSync(shots, { recursive: true });
let server;
/** The server's address and the browser, set before the first test runs. */
export let base, browser;

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
export const post = (path, body) => fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** Seats `name` at table `id` in `seat` and opens the table in `page` (the seat's token
 * where the table page looks for it). */
export async function sitAt(page, id, seat, name) {
  const { token } = await (await post(`/api/tables/${id}/seats`, { name, seat })).json();
  await page.goto(`${base}/`);
  await page.evaluate(([k, t]) => localStorage.setItem(k, t), [`pref-token-${id}`, token]);
  await page.goto(`${base}/table/${id}`);
  return page;
}

// A new page whose WebSocket goes through the test: `proxy.last` is the last state the server
// sent, `proxy.ws.send(text)` sends the page a message of the test's own, `onClient(message,
// ws)`, when it returns true, has answered a message of the page's instead of the server, and
// `onServer(message, ws)`, when it returns true, has kept a message of the server's from the page.
export async function proxiedPage(onClient = () => false, onServer = () => false) {
  const page = await browser.newPage();
  const proxy = { last: null, ws: null };
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((m) => {
      const o = JSON.parse(m);
      if (o.type === "state") proxy.last = o;
      if (!onServer(o, ws)) ws.send(m);
    });
    ws.onMessage((m) => {
      if (!onClient(JSON.parse(m), ws)) server.send(m);
    });
    proxy.ws = ws;
  });
  return { page, proxy };
}

/** A page seated at table `id` in `seat` as `name` whose WebSocket goes through the test,
 * once its first state is drawn; `show(changes)` sends it the last real state changed by
 * `changes(last)`, and from then on keeps the server's own states from it (a bot's move would
 * draw the real hand over what the test staged). */
export async function stagedPage(id, seat, name) {
  let frozen = false;
  const { page, proxy } = await proxiedPage(() => false, (m) => frozen && m.type === "state");
  await sitAt(page, id, seat, name);
  await page.waitForFunction(() => document.querySelector("#hand-no").textContent !== "");
  const show = (changes) => {
    frozen = true;
    const last = proxy.last;
    proxy.ws.send(JSON.stringify({ ...last, version: last.version + 1, ...changes(last) }));
  };
  return { page, show };
}

/** A new page seated at table `id` in `seat` as `name`. */
export async function seatedPage(id, seat, name) {
  return sitAt(await browser.newPage(), id, seat, name);
}

// One click of the person's turn: a discard needs two cards and the button; a card is one
// click (in my hand, or in an open hand I play for); anything else is one enabled button.
// Returns what was clicked, or null when nothing was mine to do.
export const CARD = "#hand button[data-action]:enabled, #others button[data-action]:enabled";
export async function playOneTurn(page) {
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
export async function watchUntilFinished(id) {
  const watcher = await browser.newPage();
  await watcher.goto(`${base}/table/${id}`);
  await watcher.waitForFunction(() => document.querySelector("#hand-no").textContent !== "");
  assert.doesNotMatch(await watcher.title(), /Your turn/, "a spectator has no turn");
  let finished = false;
  for (let i = 0; i < 600 && !finished; i++) {
    finished = (await (await fetch(`${base}/api/tables/${id}`)).json()).finished;
    if (!finished) await new Promise((r) => setTimeout(r, 50));
  }
  await watcher.close();
  assert.ok(finished, `the bots' game at table ${id} finished within 30 s`);
}

