"""Browser tests: Playwright driving Debian's chromium (its headless shell) against
pytest-django's live server.

Screenshots go to test-artifacts/ (kept by CI as artifacts).
"""

import os
from pathlib import Path

import pytest
from django.contrib.auth.models import Group

from club.permissions import DIRECTORS_GROUP

# Playwright's sync API runs an event loop in this thread; the live server's database work
# happens in Django's own threads, but fixtures touch the ORM here too.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Debian's chromium-headless-shell: the same Chromium build as the browser, without its
# windowing layers (the headless shell Playwright itself runs for headless tests). The 30
# browser tests take half the CPU they take in the full browser's headless mode (on two
# workers: 73 s, 122 s with /usr/bin/chromium); the full browser serves where the shell is
# not installed.
HEADLESS_SHELL, FULL_BROWSER = "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"


def chromium_path(installed=os.path.exists):
    return HEADLESS_SHELL if installed(HEADLESS_SHELL) else FULL_BROWSER


CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

DIRECTOR_USERNAME = "e2e-director"
DIRECTOR_PASSWORD = "e2e-password-1"


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True,
                                             args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phones(browser, request):
    """Phone-sized pages, each in its own context (a table's phone): as many as the test
    module's PHONES (3 unless it says)."""
    count = getattr(request.module, "PHONES", 3)
    contexts = [browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                    locale="en-US") for _ in range(count)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.set_default_timeout(15_000)
    yield pages
    for context in contexts:
        context.close()


@pytest.fixture
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def screenshot(page, artifacts):
    def take(name):
        page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)

    return take


@pytest.fixture
def e2e_director(transactional_db, django_user_model):
    user = django_user_model.objects.create_user(DIRECTOR_USERNAME, password=DIRECTOR_PASSWORD,
                                                 is_staff=True)
    user.groups.add(Group.objects.get(name=DIRECTORS_GROUP))
    return user


@pytest.fixture
def logged_in_page(page, live_server, e2e_director):
    """A page signed in as a director through the real login form."""
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", DIRECTOR_USERNAME)
    page.fill("#id_password", DIRECTOR_PASSWORD)
    page.press("#id_password", "Enter")
    page.wait_for_load_state()
    return page
