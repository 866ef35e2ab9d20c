"""django-axes' failed-login count, fed only what its tables can store.

What a client sends is its own choice: a username longer than any account's (the form's
limit is only an HTML attribute), a NUL byte in its User-Agent or Accept header. Stored as
sent, PostgreSQL refuses them (a 500) and the attempt goes uncounted. Here the username
is cut to its column and the headers lose their NUL bytes, so every attempt is counted.
The client's address is checked where it is read (config.views.client_address)."""

from axes.conf import settings as axes_settings
from axes.handlers.database import AxesDatabaseHandler
from axes.models import AccessAttempt

USERNAME_LENGTH = AccessAttempt._meta.get_field("username").max_length


def storable(text):
    return text.replace("\0", "") if isinstance(text, str) else text


def login_username(request, credentials=None):
    """AXES_USERNAME_CALLABLE: the username an attempt is counted for, as django-axes would
    take it, cut to its column (a longer one names no account anyway)."""
    field = axes_settings.AXES_USERNAME_FORM_FIELD
    if credentials:
        username = credentials.get(field)
    else:
        username = getattr(request, "data", request.POST).get(field)
    return storable(username)[:USERNAME_LENGTH] if isinstance(username, str) else username


class LoginCounter(AxesDatabaseHandler):
    """AXES_HANDLER: django-axes' database handler, with the client's headers storable."""

    @staticmethod
    def _clean(request):
        if request is not None:
            for name in ("axes_user_agent", "axes_http_accept", "axes_path_info"):
                setattr(request, name, storable(getattr(request, name, "")))

    def user_login_failed(self, sender, credentials, request=None, **kwargs):
        self._clean(request)
        return super().user_login_failed(sender, credentials, request, **kwargs)

    def user_logged_in(self, sender, request, user, **kwargs):
        self._clean(request)
        return super().user_logged_in(sender, request, user, **kwargs)

    def user_logged_out(self, sender, request, user, **kwargs):
        self._clean(request)
        return super().user_logged_out(sender, request, user, **kwargs)
