"""Test settings: the project's settings as on a development machine (DEBUG on unless the
environment says otherwise, so no HTTPS redirect for the test client), with a fast password
hasher (the real one takes a third of a second per login on purpose, which only slows the
suite), and whitenoise finding static files when asked (pytest-django runs with DEBUG off,
and whitenoise would otherwise scan every static file each time a test client is made:
a fifth of a view test's time), and the analysis of hand records run at once instead of in a
thread. The production settings are tested in child processes
(tests/config), with whitenoise as it runs there."""

import os

os.environ.setdefault("DEBUG", "1")

from config.settings import *  # noqa: E402, F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
WHITENOISE_AUTOREFRESH = True
# The hand records' analysis runs at once (club.services.analysis), so that the tests are
# deterministic; the tests of the background thread turn it on.
ANALYSIS_IN_BACKGROUND = False
