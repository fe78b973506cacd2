// Browser test of a server stopped and started again: the page is told the server is stopping
// (WebSocket close 1001, not a broken connection), says so, and is back at its seat by itself
// once the server is back on the same database.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { browser } from "./harness.js";

const bin = process.env.PREF_BIN;

/** Starts `pref serve` on `addr` and the database `db`; resolves with the process and its base URL. */
function serve(addr, db) {
  const server = spawn(bin, ["serve", "--addr", addr, "--database", db, "--bot-delay-ms", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/served at (http:\/\/[^/\s]+)\//);
      if (m) resolve({ server, base: m[1], output: () => out });
    });
    server.on("exit", (code) => reject(new Error(`pref serve exited with ${code}: ${out}`)));
  });
}

test("a stopped server tells the page, which returns to its seat when the server is back", async (t) => {
  if (!bin) return t.skip("needs PREF_BIN");
  const db = `sqlite://${join(mkdtempSync(join(tmpdir(), "pref-restart-")), "pref.db")}`;
  let { server, base, output } = await serve("127.0.0.1:0", db);
  const post = (path, body) => fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const seats = [{ kind: "human" }, { kind: "bot", level: "random" }, { kind: "bot", level: "random" }];
  const { id } = await (await post("/api/tables", { name: "a restart", seats, hand_limit: 1, seed: 4 })).json();
  const { token } = await (await post(`/api/tables/${id}/seats`, { name: "Ann", seat: 0 })).json();
  const page = await browser.newPage();
  await page.goto(`${base}/`);
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [`pref-token-${id}`, token]);
  await page.goto(`${base}/table/${id}`);
  await page.waitForFunction(() => document.querySelector("#conn").textContent === "connected");
  await page.waitForFunction(() => /seat 0/.test(document.querySelector("#me").textContent));
  const stopped = new Promise((resolve) => server.on("exit", resolve));
  // The close frame's reason reaches the page before the server is gone (watched from before
  // the stop: the page's next try, half a second later, replaces the text).
  const told = page.waitForFunction(() => /reconnecting… \(the server is stopping\)/.test(document.querySelector("#conn").textContent));
  told.catch(() => {}); // awaited below: its failure is reported there
  server.kill("SIGTERM");
  await stopped;
  assert.match(output(), /stopped/);
  await told;
  // The same address and database again: the page reconnects and holds Ann's seat.
  ({ server } = await serve(base.replace("http://", ""), db));
  try {
    await page.waitForFunction(() => document.querySelector("#conn").textContent === "connected", null, { timeout: 20000 });
    // Joined again with its token (a refused one would be dropped and the seat box emptied).
    await page.waitForFunction(() => /seat 0/.test(document.querySelector("#me").textContent) && document.querySelectorAll("#hand button").length > 0);
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), `pref-token-${id}`), token);
  } finally {
    await page.close();
    server.kill();
  }
});
