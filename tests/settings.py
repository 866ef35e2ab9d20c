"""Test settings: the project's settings as on a development machine (DEBUG on unless the
environment says otherwise, so no HTTPS redirect for the test client), with a fast password
hasher (the real one takes a third of a second per login on purpose, which only slows the
suite). The production settings are tested in child processes (tests/config)."""

import os

os.environ.setdefault("DEBUG", "1")

from config.settings import *  # noqa: E402, F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
