"""Which Chromium the browser tests launch (tests/e2e/conftest.py): Debian's headless shell
when it is installed, else the full browser."""

from tests.e2e.conftest import FULL_BROWSER, HEADLESS_SHELL, chromium_path


def test_the_headless_shell_when_it_is_installed():
    assert chromium_path(installed=lambda path: True) == HEADLESS_SHELL
    assert chromium_path(installed=lambda path: path == HEADLESS_SHELL) == HEADLESS_SHELL


def test_the_full_browser_without_it():
    assert chromium_path(installed=lambda path: path == FULL_BROWSER) == FULL_BROWSER
