/* The table's phone pages, made sturdy on a flaky Wi-Fi (the forms work without this file:
 * plain POST, redirect, GET).
 *
 * A form marked data-resend is sent with fetch(). The form carries the key it was rendered
 * with, so sending it again is harmless: the server answers a key it has seen with the
 * entry it made. When the answer does not come back (no network, a dropped connection,
 * a busy server) the form says so ("not sent yet - retrying") and sends it again, waiting
 * longer each time (1, 2, 4 ... 15 s), and at once when the phone is back online. When the
 * server answers, the browser goes where the server sends it; a refused form (its errors)
 * is posted again the ordinary way so that the page shows them.
 *
 * Also: the tricks buttons say what each number means for the chosen level ("=", "+1",
 * "-2"). */
(function () {
  "use strict";

  const MAX_WAIT = 15000;

  function message(form, name) {
    return form.getAttribute("data-" + name) || document.body.getAttribute("data-" + name) || "";
  }

  function formData(form, submitter) {
    const data = new FormData(form);
    if (submitter && submitter.name) {
      data.append(submitter.name, submitter.value);
    }
    return data;
  }

  function send(form, submitter, attempt) {
    const status = form.querySelector(".send-status");
    const buttons = form.querySelectorAll("button[type=submit]");
    buttons.forEach(function (button) { button.disabled = true; });
    fetch(form.action, {
      method: "POST", body: formData(form, submitter), credentials: "same-origin",
      headers: {"X-Requested-With": "fetch"}, redirect: "follow", cache: "no-store",
    }).then(function (response) {
      if (response.status >= 500) {
        throw new Error("server busy");
      }
      if (response.redirected) {
        window.location.assign(response.url);
        return;
      }
      // Not redirected: the server refused the form (its errors) or the page changed.
      form.dataset.native = "1";
      buttons.forEach(function (button) { button.disabled = false; });
      if (submitter && form.requestSubmit) {
        form.requestSubmit(submitter);
      } else {
        form.submit();
      }
    }).catch(function () {
      const wait = Math.min(1000 * Math.pow(2, attempt), MAX_WAIT);
      if (status) {
        status.hidden = false;
        status.classList.add("not-sent");
        status.textContent = message(status, "retrying");
      }
      let timer = null;
      function again() {
        window.removeEventListener("online", again);
        clearTimeout(timer);
        send(form, submitter, attempt + 1);
      }
      timer = setTimeout(again, wait);
      window.addEventListener("online", again);
    });
  }

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.matches("form[data-resend]") || form.dataset.native === "1" || !window.fetch) {
      return;
    }
    event.preventDefault();
    const status = form.querySelector(".send-status");
    if (status) {
      status.hidden = false;
      status.classList.remove("not-sent");
      status.textContent = message(status, "sending");
    }
    send(form, event.submitter, 0);
  });

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

  document.addEventListener("change", function (event) {
    if (event.target.name === "level") {
      showRelative();
    }
  });
  document.addEventListener("DOMContentLoaded", showRelative);
})();
