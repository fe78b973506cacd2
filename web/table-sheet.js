// The table page's scoresheet: the server's image, fetched again when it changes, and its
// "show larger" view over the table.
import { el, fileUrl } from "/static/common.js";

const $ = (id) => document.getElementById(id);
let sheetFor = null;
let sheetVersion = 0;

// The sheet changes when a hand ends and when someone sits down (it names the seats).
export function updateSheet(view, isPrivate) {
  const sheetKey = JSON.stringify([view.log.length, view.seats.map((s) => s.name)]);
  if (sheetKey === sheetFor) return;
  sheetFor = sheetKey;
  sheetNumbers(view);
  sheetVersion++;
  loadSheet(`/api/tables/${view.table}/sheet.svg?v=${sheetVersion}`, sheetVersion, isPrivate);
}

// The scoresheet image; a private table's is fetched with its key.
async function loadSheet(path, version, isPrivate) {
  try {
    const url = await fileUrl(path, isPrivate);
    if (version !== sheetVersion) {
      if (url.startsWith("blob:")) URL.revokeObjectURL(url);
      return;
    }
    if ($("sheet").src.startsWith("blob:")) URL.revokeObjectURL($("sheet").src);
    $("sheet").src = url;
    $("sheet-large").src = url;
    $("sheet-link").href = url;
  } catch (e) {
    $("sheet").alt = `the scoresheet: ${e.message}`;
  }
}

// In the side panel the sheet is a thumbnail; larger, it opens in a modal dialog (Esc, the
// close button or a click beside it closes it; the table cannot be clicked meanwhile).
$("sheet-size").addEventListener("click", () => $("sheet-dialog").showModal());
$("sheet-dialog").addEventListener("click", (e) => {
  if (e.target === $("sheet-dialog")) $("sheet-dialog").close();
});

// The sheet in numbers, for those who cannot read the drawing (a screen reader reads the
// picture as one word): a row a seat, its pool, mountain and the whists it wrote on each.
function sheetNumbers(view) {
  const name = (i) => view.seats[i]?.name ?? `seat ${i}`;
  const seats = view.seats.map((_, i) => i);
  const head = el("tr", {}, el("th", { scope: "col", text: "player" }), el("th", { scope: "col", text: "pool" }), el("th", { scope: "col", text: "mountain" }),
    ...seats.map((i) => el("th", { scope: "col", text: `whists on ${name(i)}` })));
  const rows = (view.sheet ?? []).map((r, s) => el("tr", {}, el("th", { scope: "row", text: name(s) }), el("td", { text: String(r.pool) }), el("td", { text: String(r.mountain) }),
    ...seats.map((on) => el("td", { text: on === s ? "—" : String(r.whists[on] ?? 0) }))));
  $("sheet-numbers").replaceChildren(el("caption", { text: "the scoresheet's totals" }), head, ...rows);
}
