/* The table's phone pages, made sturdy on a flaky Wi-Fi (the forms work without this file:
 * plain POST, redirect, GET).
 *
 * Offline. A service worker (/t/sw.js, club.phones.views.service_worker) keeps a copy of
 * the table's pages: those opened, and the round's boards, put in its cache here while
 * the connection works. The result being entered (the picks) is kept in the phone's
 * storage as it is typed, so a reload or a lost connection keeps it. A result entered
 * without a connection is kept in a queue in the phone's storage and sent when the
 * connection returns, from whichever table page is open; the panel at the top of every
 * table page (#send-queue) says what is waiting and what has been sent.
 *
 * A form marked data-resend is sent with fetch(). The form carries the key it was rendered
 * with, so sending it again is harmless: the server answers a key it has seen with the
 * entry it made. When the answer does not come back (no network, a dropped connection,
 * a busy server) the form says so and sends it again, waiting longer each time (1, 2, 4 ...
 * 15 s), and at once when the phone is back online. When the server answers, the browser
 * goes where the server sends it; a refused form (its errors) is posted again the ordinary
 * way so that the page shows them. An entry form (data-queue) is also put in the queue
 * first, so that leaving the page does not lose it.
 *
 * Also: the tricks buttons say what each number means for the chosen level ("=", "+1",
 * "-2"). */
(function () {
  "use strict";

  const MAX_WAIT = 15000;
  const QUEUE = "table-queue";
  const SENT = "table-sent";
  const DRAFT = "table-draft:";
  const SENT_SHOWN = 30 * 60 * 1000; // how long "sent" stays in the panel (ms)
  const PAGES = "table-pages-v1"; // the service worker's cache of the pages
  const sending = {}; // the queued keys being sent now
  let retryTimer = null;
  let retryAttempt = 0;

  // --- the phone's storage (none in a private window: then nothing is kept) -------------

  function load(name, fallback) {
    try {
      const text = window.localStorage.getItem(name);
      return text ? JSON.parse(text) : fallback;
    } catch (error) {
      return fallback;
    }
  }

  function store(name, value) {
    try {
      if (value === null) {
        window.localStorage.removeItem(name);
      } else {
        window.localStorage.setItem(name, JSON.stringify(value));
      }
    } catch (error) {
      // full or forbidden: the page still works, it only keeps less
    }
  }

  function message(element, name) {
    return element.getAttribute("data-" + name) || "";
  }

  function formFields(form, submitter) {
    const fields = [];
    new FormData(form).forEach(function (value, name) { fields.push([name, value]); });
    if (submitter && submitter.name) {
      fields.push([submitter.name, submitter.value]);
    }
    return fields;
  }

  function body(fields) {
    const data = new FormData();
    fields.forEach(function (field) { data.append(field[0], field[1]); });
    return data;
  }

  function post(url, fields) {
    return fetch(url, {
      method: "POST", body: body(fields), credentials: "same-origin",
      headers: {"X-Requested-With": "fetch"}, redirect: "follow", cache: "no-store",
    }).then(function (response) {
      if (response.status >= 500) {
        throw new Error("server busy");
      }
      return response;
    });
  }

  // --- the result being entered, kept as it is picked ------------------------------------

  function draftName(form) {
    return DRAFT + new URL(form.action, window.location.href).pathname;
  }

  function saveDraft(form) {
    const picks = formFields(form).filter(function (field) {
      return field[0] !== "key" && field[0] !== "csrfmiddlewaretoken" && field[1] !== "";
    });
    store(draftName(form), picks.length ? picks : null);
  }

  function restoreDraft(form) {
    // A form the server sent back with its errors shows what was posted: left as it is.
    if (form.querySelector(".errorlist, .message.error")) {
      return;
    }
    load(draftName(form), []).forEach(function (field) {
      form.querySelectorAll("[name='" + field[0] + "']").forEach(function (input) {
        if (input.type === "radio" || input.type === "checkbox") {
          input.checked = input.value === field[1];
        } else if (input.type !== "hidden" && !input.value) {
          input.value = field[1];
        }
      });
    });
  }

  // --- the queue of entries waiting for the connection -----------------------------------

  function queue() {
    return load(QUEUE, []);
  }

  function enqueue(item) {
    const items = queue();
    const at = items.findIndex(function (other) { return other.key === item.key; });
    if (at === -1) {
      items.push(item);
    } else {
      items[at] = item; // in its place: the queue is sent oldest first
    }
    store(QUEUE, items);
  }

  /* The entry is off the queue: the server answered. One that had to wait is listed as
   * sent (or refused) in the panel; one sent at once needs no word. */
  function dequeue(item, refused) {
    store(QUEUE, queue().filter(function (other) { return other.key !== item.key; }));
    if (!item.waited) {
      return;
    }
    const now = Date.now();
    const sent = load(SENT, []).filter(function (other) {
      return other.key !== item.key && now - other.at < SENT_SHOWN;
    });
    sent.push({key: item.key, board: item.board, page: item.page, at: now, refused: refused});
    store(SENT, sent.slice(-12));
  }

  function boardLabel(panel, item) {
    return message(panel, "board").replace("#", item.board);
  }

  function showQueue() {
    const panel = document.getElementById("send-queue");
    if (!panel) {
      return;
    }
    const waiting = queue();
    const now = Date.now();
    const sent = load(SENT, []).filter(function (item) { return now - item.at < SENT_SHOWN; });
    panel.textContent = "";
    function line(css, text, items, link) {
      if (!items.length) {
        return;
      }
      const p = document.createElement("p");
      p.className = css;
      p.appendChild(document.createTextNode(text + " "));
      items.forEach(function (item, index) {
        const label = link ? document.createElement("a") : document.createElement("strong");
        if (link) {
          label.href = item.page;
        }
        label.textContent = boardLabel(panel, item);
        label.setAttribute("data-board", item.board);
        p.appendChild(label);
        if (index < items.length - 1) {
          p.appendChild(document.createTextNode(", "));
        }
      });
      panel.appendChild(p);
    }
    if (navigator.onLine === false) {
      const p = document.createElement("p");
      p.className = "offline";
      p.textContent = message(panel, "offline");
      panel.appendChild(p);
    }
    line("waiting", message(panel, "waiting"), waiting, false);
    line("refused", message(panel, "refused"), sent.filter(function (i) { return i.refused; }),
         true);
    line("sent", message(panel, "sent"), sent.filter(function (i) { return !i.refused; }),
         false);
    panel.hidden = !panel.firstChild;
  }

  function retryLater() {
    if (retryTimer !== null || !queue().length) {
      return;
    }
    const wait = Math.min(1000 * Math.pow(2, retryAttempt), MAX_WAIT);
    retryAttempt += 1;
    retryTimer = setTimeout(function () {
      retryTimer = null;
      flush();
    }, wait);
  }

  /* Send one queued entry; a promise of whether the server answered. `onAnswer(response)`,
   * when given, handles the answer (the page the entry was typed on); otherwise the entry
   * is marked sent, or refused. */
  function sendQueued(item, onAnswer) {
    if (sending[item.key]) {
      return Promise.resolve(false);
    }
    sending[item.key] = true;
    return post(item.url, item.fields).then(function (response) {
      delete sending[item.key];
      retryAttempt = 0;
      // A redirect is the entry stored (or a key seen before); a 409 is an entry not
      // stored because the board had one already (the server keeps the message saying
      // which for the next page); another page is the form refused, which the page the
      // entry was typed on shows itself.
      const refused = !response.redirected;
      dequeue(onAnswer && refused && response.status !== 409 ? {key: item.key} : item,
              refused);
      showQueue();
      if (onAnswer) {
        onAnswer(response);
      }
      return true;
    }).catch(function () {
      delete sending[item.key];
      markWaiting(item);
      showQueue();
      retryLater();
      return false;
    });
  }

  /* The queue, one entry after the other (the server takes a session's writes in turn
   * anyway), the oldest first; stops at the first that cannot be sent, to retry later. */
  let flushing = false;
  function flush() {
    const items = queue();
    if (flushing || !items.length) {
      return;
    }
    flushing = true;
    const form = currentForm(items[0]);
    sendQueued(items[0], form ? answered(form, null) : null).then(function (done) {
      flushing = false;
      if (done) {
        flush();
      }
    });
  }

  function markWaiting(item) {
    item.waited = true;
    if (queue().some(function (other) { return other.key === item.key; })) {
      enqueue(item);
    }
  }

  function currentForm(item) {
    const form = document.querySelector("form[data-queue]");
    if (form && form.elements.key && form.elements.key.value === item.key) {
      return form;
    }
    return null;
  }

  // --- sending a form ---------------------------------------------------------------------

  function setStatus(form, name) {
    const status = form.querySelector(".send-status");
    if (status) {
      status.hidden = false;
      status.classList.toggle("not-sent", name !== "sending");
      status.textContent = message(status, name);
    }
  }

  /* What the page does with the server's answer to its own form: go where the server sends
   * it, or post the form the ordinary way to show the server's refusal. */
  function answered(form, submitter) {
    return function (response) {
      if (response.redirected) {
        window.location.assign(response.url);
        return;
      }
      if (response.status === 409) { // the board's page says what it has instead
        window.location.assign(form.action);
        return;
      }
      form.dataset.native = "1";
      form.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = false; });
      if (submitter && form.requestSubmit) {
        form.requestSubmit(submitter);
      } else {
        form.submit();
      }
    };
  }

  function send(form, submitter, attempt) {
    const buttons = form.querySelectorAll("button[type=submit]");
    buttons.forEach(function (button) { button.disabled = true; });
    post(form.action, formFields(form, submitter))
      .then(answered(form, submitter))
      .catch(function () {
        setStatus(form, "retrying");
        let timer = null;
        function again() {
          window.removeEventListener("online", again);
          clearTimeout(timer);
          send(form, submitter, attempt + 1);
        }
        timer = setTimeout(again, Math.min(1000 * Math.pow(2, attempt), MAX_WAIT));
        window.addEventListener("online", again);
      });
  }

  function queueForm(form, submitter) {
    const item = {url: form.action, fields: formFields(form, submitter),
                  key: form.elements.key.value, board: form.getAttribute("data-board"),
                  page: window.location.pathname, at: Date.now(),
                  waited: navigator.onLine === false};
    enqueue(item);
    store(draftName(form), null); // the queue holds it now
    form.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = true; });
    showQueue();
    if (navigator.onLine === false) {
      setStatus(form, "queued");
      retryLater();
      return;
    }
    sendQueued(item, answered(form, submitter));
    // Said when the answer is slow to come: the entry is safe on the phone meanwhile.
    setTimeout(function () {
      if (queue().some(function (other) { return other.key === item.key; })) {
        setStatus(form, "queued");
      }
    }, 1500);
  }

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.matches("form[data-resend]") || form.dataset.native === "1" || !window.fetch) {
      return;
    }
    event.preventDefault();
    setStatus(form, "sending");
    if (form.hasAttribute("data-queue")) {
      queueForm(form, event.submitter);
    } else {
      send(form, event.submitter, 0);
    }
  });

  // --- the picks ----------------------------------------------------------------------------

  function showRelative() {
    const level = document.querySelector("input[name=level]:checked");
    document.querySelectorAll("[data-tricks]").forEach(function (span) {
      if (!level) {
        span.removeAttribute("data-relative");
        return;
      }
      const diff = Number(span.getAttribute("data-tricks")) - 6 - Number(level.value);
      span.setAttribute("data-relative", diff === 0 ? "=" : (diff > 0 ? "+" + diff : "\u2212" + -diff));
    });
  }

  function keepPicks(event) {
    const form = event.target.form;
    if (form && form.hasAttribute("data-queue")) {
      saveDraft(form);
    }
  }

  document.addEventListener("change", function (event) {
    if (event.target.name === "level") {
      showRelative();
    }
    keepPicks(event);
  });
  document.addEventListener("input", keepPicks);

  // --- the service worker and the round's pages in its cache ------------------------------

  function keepPagesForOffline(page) {
    const ready = function () { document.body.setAttribute("data-offline-ready", "1"); };
    if (!("serviceWorker" in navigator) || !window.caches || !page.getAttribute("data-sw")) {
      return;
    }
    navigator.serviceWorker.register(page.getAttribute("data-sw"),
                                     {scope: page.getAttribute("data-scope")})
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function () { return caches.open(PAGES); })
      .then(function (cache) {
        const urls = (page.getAttribute("data-prefetch") || "").split(" ").filter(Boolean);
        return Promise.all(urls.map(function (url) {
          return cache.match(url, {ignoreVary: true}).then(function (kept) {
            return kept || cache.add(url);
          });
        }));
      })
      .then(ready, ready);
  }

  document.addEventListener("DOMContentLoaded", function () {
    showRelative();
    const form = document.querySelector("form[data-queue]");
    if (form) {
      restoreDraft(form);
      showRelative();
    }
    showQueue();
    window.addEventListener("online", function () {
      retryAttempt = 0;
      showQueue();
      flush();
    });
    window.addEventListener("offline", showQueue);
    if (navigator.onLine !== false) {
      flush();
    } else {
      retryLater();
    }
    const page = document.getElementById("table-page");
    if (page && navigator.onLine !== false) {
      keepPagesForOffline(page);
    }
  });
})();
