"""Settings for the club manager, read from the environment (the README's Configuration
table lists every variable).

DEBUG is off unless asked for (DEBUG=1); `manage.py` turns it on for every command on a
machine without SECRET_KEY (a laptop). With DEBUG off the settings refuse to load without
SECRET_KEY, the site (config.wsgi) refuses to start without ALLOWED_HOSTS (commands serve
no requests and need none), and it runs with HTTPS-only defaults (SSL redirect, HSTS,
secure cookies) that variables loosen for a site without TLS.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from whitenoise.storage import CompressedManifestStaticFilesStorage

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name, default):
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean; use 1/0, true/false or yes/no.")


def env_int(name, default):
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None


def env_list(name):
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


def proxy_ssl_header(raw):
    """SECURE_PROXY_SSL_HEADER from "X-Forwarded-Proto: https" (a header and the value the
    proxy gives it on HTTPS requests)."""
    name, colon, value = raw.partition(":")
    name, value = name.strip(), value.strip()
    if not colon or not name or not value:
        raise ImproperlyConfigured(
            f"SECURE_PROXY_SSL_HEADER={raw!r}: write the header and its value on HTTPS, "
            "e.g. \"X-Forwarded-Proto: https\".")
    meta = name.upper().replace("-", "_")
    return (meta if meta.startswith("HTTP_") else f"HTTP_{meta}", value)


# Off unless asked for: a server started without DEBUG is a production server.
DEBUG = env_flag("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off (a production site). Set SECRET_KEY to "
            "50 random characters, or DEBUG=1 on a development machine.")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"

# Empty with DEBUG off: Django then answers no host at all, and the site refuses to start
# (config.wsgi); management commands serve no requests and may leave it out.
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS")
if not ALLOWED_HOSTS and DEBUG:
    ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", "testserver"]

INSTALLED_APPS = [
    "config.apps.ClubAdminConfig",  # django.contrib.admin with the project's site
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    "django_htmx",
    "simple_history",
    "csp",
    "axes",
    "django_otp",
    "django_otp.plugins.otp_totp",
    "scoring",
    "club",
    "reports",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages only (whitenoise answers static files above): CSP, Permissions-Policy, and
    # no-store on the director's pages.
    "csp.middleware.CSPMiddleware",
    "club.middleware.SecurityHeadersMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # request.user.is_verified(): has this session given its second factor's code?
    "django_otp.middleware.OTPMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "club.middleware.DatabaseBusyMiddleware",
    # Last, as django-axes asks: turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "club.context_processors.director",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

# Connections are kept for a minute (CONN_MAX_AGE) rather than opened for every request,
# and checked before reuse (CONN_HEALTH_CHECKS), so a restarted database costs no error page.
# PostgreSQL's check looks at the connection's socket instead of querying the server
# (config.postgresql).
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("CONN_MAX_AGE", 60),
        conn_health_checks=env_flag("CONN_HEALTH_CHECKS", True),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["ENGINE"] = "config.postgresql"
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Two directors saving at once: a write transaction takes the write lock when it
    # begins (IMMEDIATE), so the second waits for the first (up to `timeout` seconds)
    # instead of failing with "database is locked" halfway through; WAL lets the pages
    # read while someone writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    })

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


# Room in the try counts' store: a count per guessing phone and address for a minute.
COUNT_ENTRIES = 100_000


def cache_settings(url, *, counts=False):
    """Django's cache from CACHE_URL: local memory (one cache per server process, the
    default), or one cache shared by every process and server: redis://host:6379/0 (the
    `redis` package), memcached://host:11211[,host2:11211] (`pymemcache`), db://table (the
    database itself, after `manage.py createcachetable`); dummy:// keeps nothing.
    Written here rather than taken from django-cache-url, which maps memcached:// to pylibmc
    and pymemcached:// to a backend Django 4.1 removed.

    `counts=True` gives the store of the try counts (table codes, password resets): apart
    from the pages' cache and with room for one count per guessing address, since a cache
    full of rendered pages, or of a guesser's addresses, culls entries and would forget
    counts (docs/architecture.md, "Table codes")."""
    scheme, _sep, rest = url.strip().partition("://")
    scheme = scheme.lower()
    if scheme in ("", "locmem"):
        location = rest or "club"
        if counts:
            return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                    "LOCATION": f"{location}-counts", "OPTIONS": {"MAX_ENTRIES": COUNT_ENTRIES}}
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "LOCATION": location, "OPTIONS": {"MAX_ENTRIES": 1000}}
    prefix = {"KEY_PREFIX": "counts"} if counts else {}
    if scheme in ("redis", "rediss"):
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url,
                **prefix}
    if scheme == "memcached" and rest:
        return {"BACKEND": "django.core.cache.backends.memcached.PyMemcacheCache",
                "LOCATION": [host for host in rest.split(",") if host], **prefix}
    if scheme == "db" and rest:
        # Both stores share the table, and either one's culling empties a third of it.
        return {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": rest,
                "OPTIONS": {"MAX_ENTRIES": COUNT_ENTRIES}, **prefix}
    if scheme == "dummy":
        return {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    raise ImproperlyConfigured(
        f"CACHE_URL={url!r}: use locmem://, redis://HOST:6379/0, memcached://HOST:11211, "
        "db://TABLE or dummy://.")


# The pages' cache: the live standings as rendered for each version of a session (their key
# names the version, so they never go stale; PAGE_CACHE_SECONDS only bounds how long an
# entry is kept, 0 turns it off), and the count of wrong table codes per client address.
# Several gunicorn workers each keep their own local-memory cache; several servers need a
# shared one (CACHE_URL) for the table codes' limit to hold across them.
# "recent": the live blocks' micro-cache (club.stats.kept), always this process's own
# memory: a write here forgets it, and another process's write is at most
# MICRO_CACHE_SECONDS old to it (0 turns it off).
CACHES = {"default": cache_settings(os.environ.get("CACHE_URL", "")),
          "counts": cache_settings(os.environ.get("CACHE_URL", ""), counts=True),
          "recent": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                     "LOCATION": "recent", "OPTIONS": {"MAX_ENTRIES": 1000}}}
MICRO_CACHE_SECONDS = env_int("MICRO_CACHE_SECONDS", 1)
# django-ratelimit counts in the try counts' store.
RATELIMIT_USE_CACHE = "counts"
PAGE_CACHE_SECONDS = env_int("PAGE_CACHE_SECONDS", 600)
# Boards a player needs to appear in the public ratings list (docs/ratings.md): below it a
# rating is still mostly the starting 0.
RATINGS_MIN_BOARDS = env_int("RATINGS_MIN_BOARDS", 50)


def public_url(raw):
    """PUBLIC_URL: the address players' phones open the site at, e.g.
    "https://club.example.org" or "http://192.168.1.20:8000" (scheme and host, maybe a
    port and a path prefix); "" when unset (the pages then use the address the director's
    browser used)."""
    raw = raw.strip().rstrip("/")
    if not raw:
        return ""
    scheme, _, rest = raw.partition("://")
    if scheme.lower() not in ("http", "https") or not rest or rest.startswith("/"):
        raise ImproperlyConfigured(
            f"PUBLIC_URL={raw!r} is not an address: write the scheme and the host the "
            "players' phones reach the site at, e.g. https://club.example.org or "
            "http://192.168.1.20:8000.")
    return raw


# The QR codes of the table cards and the guide cards' address (club.qr.public_address).
PUBLIC_URL = public_url(os.environ.get("PUBLIC_URL", ""))

# The double-dummy analysis of imported or dealt hand records runs in a thread of the server
# process after the deals are stored, the page showing its progress
# (club.services.analysis). The tests turn it off: the analysis then runs at once, in the
# request, so that what they check is settled when the call returns.
ANALYSIS_IN_BACKGROUND = True

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# django-axes first: it refuses a locked-out login before the password is even hashed.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("ru", _("Russian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Static files with hashed, compressed names once `collectstatic` has written its
    manifest, and their plain names (whitenoise serves them from the app folders) while
    there is none: a server started without collectstatic renders its pages instead of
    answering 500 ("Missing staticfiles manifest entry"). collectstatic itself always
    writes the manifest. The manifest is read when the process starts."""

    def stored_name(self, name):
        if not self.hashed_files:
            return name
        return super().stored_name(name)


STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": ("django.contrib.staticfiles.storage.StaticFilesStorage" if DEBUG
                    else "config.settings.StaticFilesStorage"),
    },
}
# Serve collected files when present, and the app folders directly otherwise, so
# `gunicorn config.wsgi` works on a laptop without running collectstatic first.
WHITENOISE_USE_FINDERS = True

LOGIN_URL = "login"
# One address for everyone; the view sends directors to their home, others to the list.
LOGIN_REDIRECT_URL = "after-login"
LOGOUT_REDIRECT_URL = "session-list"

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5-responsive.html"

# --- e-mail (password reset) ---------------------------------------------------------------
# Printed on the console unless a backend is configured, e.g.
# EMAIL_BACKEND=django.core.mail.backends.smtp.EmailBackend with EMAIL_HOST and friends.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND",
                               "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_flag("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_flag("EMAIL_USE_SSL", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
PASSWORD_RESET_TIMEOUT = 60 * 60 * 24  # a reset link works for a day

# --- failed logins (django-axes) ------------------------------------------------------------
# Five wrong passwords for one username from one address lock that pair out for 15
# minutes (each further try starts the 15 minutes again); a good login clears the count.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.views.locked_out"  # the page says when to try again
# The log names who failed and from where (the password is never logged).
AXES_SENSITIVE_PARAMETERS = []
# Behind reverse proxies every request comes from the nearest proxy's address: with
# PROXY_COUNT=1 (one proxy) the client's address is the one that proxy added to
# X-Forwarded-For (config.views.client_address).
PROXY_COUNT = env_int("PROXY_COUNT", 0)
AXES_CLIENT_IP_CALLABLE = "config.views.client_address"
# What a client sends, made storable (a username cut to its column, headers without NUL
# bytes), so that no attempt fails to be counted (config.lockout).
AXES_HANDLER = "config.lockout.LoginCounter"
AXES_USERNAME_CALLABLE = "config.lockout.login_username"

# --- second factor (django-otp, TOTP) -------------------------------------------------------
# A user with a confirmed authenticator device gives its 6-digit code after the password
# before the director's pages and the admin open (club.permissions, config.second_factor).
# SECOND_FACTOR_REQUIRED=1 sends every staff user without one to set one up first.
SECOND_FACTOR_REQUIRED = env_flag("SECOND_FACTOR_REQUIRED", False)
OTP_TOTP_ISSUER = "Bridge club"  # the name the authenticator app shows beside the username
OTP_ADMIN_HIDE_SENSITIVE_DATA = True  # the admin lists devices without their keys

# --- security headers -----------------------------------------------------------------------
# No inline scripts or styles anywhere (static/js holds every script).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
# Features the site never uses, refused to every page (club.middleware).
PERMISSIONS_POLICY = ("accelerometer=(), camera=(), geolocation=(), gyroscope=(), "
                      "magnetometer=(), microphone=(), payment=(), usb=()")

LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True

# A TLS-terminating proxy in front: it tells Django the request came in over HTTPS, e.g.
# SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto: https" (the proxy must set that header
# itself, overwriting whatever the client sent).
if os.environ.get("SECURE_PROXY_SSL_HEADER", "").strip():
    SECURE_PROXY_SSL_HEADER = proxy_ssl_header(os.environ["SECURE_PROXY_SSL_HEADER"])
# Origins trusted for POSTs besides the site's own, e.g. https://club.example.org:8443.
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

if not DEBUG:
    # HTTPS only, unless a site without TLS loosens it (README, Configuration).
    SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", True)
    # The load balancer's health check may come over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^health/$"]
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_flag("SECURE_HSTS_PRELOAD", False)
    SESSION_COOKIE_SECURE = env_flag("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE

# Preloading commits the whole registered domain (and every subdomain) to HTTPS in the
# browsers' built-in lists; that is the domain owner's decision (SECURE_HSTS_PRELOAD=1),
# not a default, so `check --deploy` is not asked to warn about it.
SILENCED_SYSTEM_CHECKS = [] if DEBUG or SECURE_HSTS_PRELOAD else ["security.W021"]

# --- logging --------------------------------------------------------------------------------
# Errors (with their tracebacks) and failed logins go to stderr, where gunicorn's or the
# service manager's log collects them.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr",
                   "formatter": "plain"},
    },
    "loggers": {
        "django.request": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "django.security": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        # Bots asking for other host names: not worth a line each.
        "django.security.DisallowedHost": {"handlers": [], "level": "ERROR",
                                           "propagate": False},
        "axes": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        "club": {"handlers": ["stderr"], "level": "ERROR"},  # an analysis that failed
        "config": {"handlers": ["stderr"], "level": "WARNING"},  # the health check's
    },
}
