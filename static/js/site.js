/* Small behaviours of every page, kept out of the HTML so that the Content-Security-Policy
 * needs no inline script:
 *   <select data-submit-on-change>  posts its form when the choice changes (the language
 *                                   switcher; without JavaScript its button does);
 *   <button data-print>             opens the browser's print dialog (table cards). */
(function () {
  "use strict";

  document.addEventListener("change", function (event) {
    const select = event.target;
    if (select.matches && select.matches("select[data-submit-on-change]") && select.form) {
      select.form.submit();
    }
  });

  document.addEventListener("click", function (event) {
    const button = event.target.closest ? event.target.closest("[data-print]") : null;
    if (button) {
      event.preventDefault();
      window.print();
    }
  });
})();
