/* Result entry, keyboard first.
 *
 * Each row is a small form that htmx posts and swaps (hx-target="this",
 * hx-swap="outerHTML"). Once the new row is in, the cursor moves on: to the
 * same row's faulty field after an error, else to the next row still without
 * a result (never into a saved row: typing there would overwrite another
 * table's result), and when none is left below, to the next page (next board
 * or next table). Enter on an empty row skips it. PageDown / PageUp open the
 * next / previous page.
 *
 * The board's HCP form at the top of a traveller posts the whole page: it
 * carries what is typed in the rows not saved yet ("carry-<input id>"), and the
 * page comes back with it in place, to be saved with Enter.
 * Without JavaScript the rows post normally. */
(function () {
  "use strict";

  function fields(row) {
    return Array.from(row.querySelectorAll("input:not([type=hidden]):not([disabled])"));
  }

  function focus(input) {
    if (!input) return;
    input.focus();
    if (input.select) input.select();
  }

  function isOpen(row) {
    return row.matches(".entry-row") && row.dataset.state === "open" && fields(row).length > 0;
  }

  function nextOpenRow(row) {
    let next = row.nextElementSibling;
    while (next && !isOpen(next)) {
      next = next.nextElementSibling;
    }
    return next;
  }

  function moveOn(row) {
    const outcome = row.dataset.outcome;
    if (outcome === "error") {
      focus(row.querySelector("input[aria-invalid=true]") || fields(row)[0]);
      return;
    }
    if (outcome !== "saved" && outcome !== "unchanged") return;
    const next = nextOpenRow(row);
    if (next) {
      focus(fields(next)[0]);
      return;
    }
    const table = row.closest("[data-next-url]");
    if (table && table.dataset.nextUrl) window.location.assign(table.dataset.nextUrl);
  }

  htmx.onLoad(function (element) {
    if (element.matches && element.matches(".entry-row[data-outcome]")) {
      // After htmx has finished settling (it restores focus by id itself).
      setTimeout(function () { moveOn(element); }, 0);
    }
  });

  // Enter on a row where nothing is typed skips it (a slip that has not come in yet).
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || !event.target.matches || !event.target.matches("input")) return;
    const row = event.target.closest(".entry-row");
    if (!row || row.dataset.state !== "open") return;
    // The HCP may be filled in already (a scorecard shows the board's): only the rest counts.
    const typed = fields(row).filter(function (input) { return !input.matches(".hcp-input"); });
    if (typed.some(function (input) { return input.value.trim() !== ""; })) return;
    event.preventDefault();
    const next = nextOpenRow(row);
    if (next) focus(fields(next)[0]);
  });

  // The board's HCP form takes along what the rows not saved yet hold.
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.matches || !form.matches("#board-hcp")) return;
    form.querySelectorAll("input[data-carried]").forEach(function (input) { input.remove(); });
    document.querySelectorAll(".entry-row[data-state=open]").forEach(function (row) {
      fields(row).forEach(function (input) {
        if (!input.id || input.value.trim() === "") return;
        const carried = document.createElement("input");
        carried.type = "hidden";
        carried.name = "carry-" + input.id;
        carried.value = input.value;
        carried.dataset.carried = "";
        form.appendChild(carried);
      });
    });
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "PageDown" && event.key !== "PageUp") return;
    const link = document.querySelector(event.key === "PageDown" ? "a[rel=next]" : "a[rel=prev]");
    if (link) {
      event.preventDefault();
      window.location.assign(link.href);
    }
  });
})();
