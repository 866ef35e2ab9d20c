#!/usr/bin/env python
"""Django's command-line utility for the club manager."""

import os
import sys


def development_defaults(environ):
    """On a machine without SECRET_KEY (a production site always has one: the settings
    refuse to start without it) every command runs with DEBUG on unless DEBUG is set, so
    that each command the README shows works on a fresh checkout. With SECRET_KEY set the
    commands follow DEBUG as set (off when unset), as the site under gunicorn always does."""
    if not environ.get("SECRET_KEY"):
        environ.setdefault("DEBUG", "1")


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    development_defaults(os.environ)
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
