"""Every kind of page in chromium under the site's Content-Security-Policy (no inline
script or style allowed): nothing is refused, neither while the page loads nor when its
scripts run (htmx entry, the language switcher, the print button)."""

import pytest
from django.urls import reverse

from club.management.bench import build_session
from tests.factories import make_session

# Recorded from the first script on: the browser reports each refusal as this event.
LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ` +
                              `${event.sourceFile}:${event.lineNumber}`);
});
"""


@pytest.fixture
def violations():
    """Watch a page: CSP refusals seen by the page (event) or printed by chromium
    ("Refused to ..."), and script errors."""
    found = []

    def watch(page):
        page.add_init_script(LISTEN)
        page.on("console", lambda message: found.append(f"console: {message.text}")
                if "Content Security Policy" in message.text
                or message.text.startswith("Refused to") else None)
        page.on("pageerror", lambda error: found.append(f"script error: {error}"))
        return page

    def check(page, what):
        reported = page.evaluate("window.__cspViolations || []")
        problems = found + [f"violation: {v}" for v in reported]
        found.clear()
        assert problems == [], f"{what}: {problems}"

    watch.check = check
    return watch


def settle(page):
    """Wait until the page's scripts have run and any refusal has been reported: the load
    event (every script and style fetched and run), then a task after the next frame (a
    refusal's event is dispatched as a task). The pages fetch nothing after they load, so
    this is all Playwright's "networkidle" waited for, without its half second of quiet."""
    page.wait_for_load_state("load")
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => setTimeout(done)))")


def visit(page, violations, url, what):
    response = page.goto(url)
    assert response.status < 400, f"{what}: {response.status}"
    assert "script-src 'self'" in response.headers["content-security-policy"]
    settle(page)
    violations.check(page, what)


def test_the_watch_sees_what_the_policy_refuses(page, live_server, violations):
    """The watch and `settle` have teeth: the login page served with an inline script and
    an inline style added (and the site's policy header) is reported as refused."""
    violations(page)
    login = live_server.url + reverse("login")

    def with_inline_code(route):
        response = route.fetch()
        body = response.text().replace(
            "</body>", '<p style="color: red">x</p><script>window.ran = 1;</script></body>')
        route.fulfill(response=response, body=body)

    page.route(login, with_inline_code)
    response = page.goto(login)
    assert "script-src 'self'" in response.headers["content-security-policy"]
    settle(page)
    with pytest.raises(AssertionError) as refused:
        violations.check(page, "login with inline code")
    assert "script-src" in str(refused.value) and "style-src" in str(refused.value)
    assert page.evaluate("window.ran === undefined")


def test_public_pages_and_logins_run_under_the_policy(page, live_server, violations,
                                                      transactional_db, screenshot):
    violations(page)
    session = build_session(4, 4, name="Policy evening")
    base = live_server.url
    for what, url in [
        ("session list", reverse("session-list")),
        ("standings", reverse("standings", args=[session.pk])),
        ("board report with a deal", reverse("board-report", args=[session.pk, 1])),
        ("scorecard", reverse("pair-scorecard", args=[session.pk, 1])),
        ("login", reverse("login")),
        ("password reset", reverse("password_reset")),
        ("admin login", reverse("admin:login")),
    ]:
        visit(page, violations, base + url, what)
    assert page.locator("#id_username").is_visible()  # the admin's login form did render
    board = base + reverse("board-report", args=[session.pk, 1])
    visit(page, violations, board, "board report")
    assert page.locator(".deal .hand").count() == 4

    # The language switcher's script (static/js/site.js) submits on change.
    with page.expect_navigation():
        page.select_option("#language-select", "ru")
    settle(page)
    assert page.locator("html").get_attribute("lang") == "ru"
    violations.check(page, "language switch")
    screenshot("security-board-report-ru")


def test_director_pages_run_under_the_policy(logged_in_page, live_server, violations,
                                             screenshot):
    page = violations(logged_in_page)
    page.reload()
    session = make_session(tables=3, boards_per_round=2, status="running", name="CSP night")
    base = live_server.url
    visit(page, violations, base + reverse("director-home"), "director home")
    visit(page, violations, base + reverse("entry-session", args=[session.pk]), "entry page")
    visit(page, violations, base + reverse("setup-table-cards", args=[session.pk]),
          "table cards")

    # The print button works without an inline handler.
    page.evaluate("window.print = () => { window.__printed = true; }")
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("window.__printed === true")
    violations.check(page, "print button")

    # The traveller, with an htmx save swapping a row in place.
    visit(page, violations, base + reverse("entry-traveller", args=[session.pk, 1]),
          "traveller")
    page.fill("#id_board_hcp_ns_hcp", "20")
    with page.expect_navigation():
        page.press("#id_board_hcp_ns_hcp", "Enter")
    row = page.locator("form.entry-row").first
    row.locator("input.result-input").fill("3NT= N")
    with page.expect_response(lambda response: "/rounds/" in response.url):
        row.locator("input.result-input").press("Enter")
    page.wait_for_selector("form.entry-row[data-outcome=saved]")
    settle(page)
    violations.check(page, "traveller after an htmx save")
    screenshot("security-traveller")
