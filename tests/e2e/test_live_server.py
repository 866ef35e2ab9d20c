"""The live server the browser tests drive answers requests that arrive together, each as
the site would (the live_server fixture of tests/conftest.py): on SQLite's in-memory test
database, requests that wrote at the same moment were refused as "database busy" (503),
which failed a browser evening at random on a loaded machine."""

import re
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from http.cookiejar import CookieJar

ATTEMPTS = 40  # half of them got a 503 before, eight at a time


def failed_login(base, number):
    """A login with a wrong password (django-axes writes down every failed attempt), from a
    browser of its own; the status of the answer."""
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    form = browser.open(f"{base}/accounts/login/", timeout=30).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)[1]
    data = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "username": f"nobody{number}",
                                   "password": "wrong"}).encode()
    request = urllib.request.Request(f"{base}/accounts/login/", data=data,
                                     headers={"Referer": f"{base}/accounts/login/"})
    try:
        return browser.open(request, timeout=30).status
    except urllib.error.HTTPError as err:
        return err.code


def test_writes_arriving_together_are_all_answered(live_server, transactional_db):
    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(lambda n: failed_login(live_server.url, n), range(ATTEMPTS)))
    assert statuses == [200] * ATTEMPTS  # the login form again, with its message
