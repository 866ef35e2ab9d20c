#!/usr/bin/env python
"""Django's command-line utility for the club manager."""

import os
import sys

# Commands for working on a laptop. Without SECRET_KEY in the environment (a production
# site always has one: the settings refuse to start without it) these run with DEBUG on
# unless DEBUG is set, so that `python manage.py demo` works on a fresh checkout. Every
# other command, and the site under gunicorn, follows DEBUG as set (off when unset).
DEVELOPMENT_COMMANDS = {
    "runserver", "demo", "test", "shell", "migrate", "makemigrations", "createsuperuser",
    "makemessages", "compilemessages", "bench_pages",
}


def development_defaults(argv, environ):
    command = argv[1] if len(argv) > 1 else ""
    if command in DEVELOPMENT_COMMANDS and not environ.get("SECRET_KEY"):
        environ.setdefault("DEBUG", "1")


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    development_defaults(sys.argv, os.environ)
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
