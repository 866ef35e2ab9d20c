"""Test settings: the project's settings with a fast password hasher (the real one takes a
third of a second per login on purpose, which only slows the suite)."""

from config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
