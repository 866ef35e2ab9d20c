"""WSGI entry point: `gunicorn config.wsgi`."""

import os

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = get_wsgi_application()

# Without ALLOWED_HOSTS a production site would answer every request 400: refuse to start
# instead, naming the variable. (The management commands, which serve no requests, do not
# need it; runserver refuses by itself.)
if not settings.DEBUG and not settings.ALLOWED_HOSTS:
    raise ImproperlyConfigured(
        "ALLOWED_HOSTS must be set when DEBUG is off (a production site): the site's host "
        "names, comma-separated, e.g. ALLOWED_HOSTS=club.example.org.")
