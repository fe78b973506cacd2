// A seat carried to another device (a phone, another browser): the seated page asks the
// server for a transfer code and shows it as a link; the other device's page gives the code
// back for the seat's token. The code travels after `#` (never sent with a page), works
// once and only for a few minutes; the token itself never appears in an address.
import { el, api, tokenKey } from "/static/common.js";

const $ = (id) => document.getElementById(id);

// The token a link's code gives (and keeps for the table), or null without a code. A
// browser that already holds a seat at the table is asked before it changes seats (a link
// pasted by someone else must not cost him his own). The code leaves the address once
// used or refused for good; after a passing failure (a network error) a reload tries again.
export async function claimTransfer(tablePath, tableId) {
  const code = new URLSearchParams(location.hash.slice(1)).get("transfer");
  const clean = () => history.replaceState(null, "", location.pathname + location.search);
  if (!code) {
    if (location.hash) clean();
    return null;
  }
  if (localStorage.getItem(tokenKey(tableId)) && !confirm("This browser already holds a seat at this table. Take the link's seat here instead? This browser would no longer hold its own.")) {
    clean();
    return null;
  }
  try {
    const { token } = await api(`${tablePath}/transfer/claim`, { code });
    clean();
    localStorage.setItem(tokenKey(tableId), token);
    return token;
  } catch (e) {
    if (/used already|left it|game is over|no table/.test(e.message)) clean();
    throw new Error(`The seat link: ${e.message}`);
  }
}

// The "Play on another device" button: whoever opens the link first plays the seat, so it
// is made only on request, with a warning.
export function deviceLink(tablePath, tableId, token) {
  $("device-btn").addEventListener("click", async () => {
    if (!$("device-link").hidden) {
      $("device-link").hidden = true;
      return;
    }
    let transfer;
    try {
      transfer = await api(`${tablePath}/transfer`, { token: token() });
    } catch (e) {
      $("error").textContent = e.message;
      return;
    }
    const link = `${location.origin}/table/${encodeURIComponent(tableId)}#transfer=${transfer.code}`;
    const minutes = Math.round(transfer.expires_in_secs / 60);
    $("device-link").replaceChildren(
      el("p", { text: `Open this link in the other browser within ${minutes} minutes to play your seat there (this one can go on too). It works once; whoever opens it plays your seat: do not share it.` }),
      el("input", { id: "device-url", readonly: true, value: link, "aria-label": "your seat's link", onfocus: (e) => e.target.select() }),
      navigator.clipboard ? el("button", { type: "button", text: "copy", onclick: (e) => navigator.clipboard.writeText(link).then(() => { e.target.textContent = "copied"; }, () => {}) }) : null);
    $("device-link").hidden = false;
  });
}
