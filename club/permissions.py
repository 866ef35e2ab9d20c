"""Who may direct: staff users in the "Directors" group (created by a migration)."""

from functools import wraps

from django.contrib.auth.mixins import AccessMixin
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied

DIRECTORS_GROUP = "Directors"


def is_director(user):
    if not (user.is_authenticated and user.is_active and user.is_staff):
        return False
    if user.is_superuser:
        return True
    # Cached on the user object so a page checks the group once, whatever it renders.
    if not hasattr(user, "_is_director"):
        user._is_director = user.groups.filter(name=DIRECTORS_GROUP).exists()
    return user._is_director


def director_required(view):
    """Anonymous users go to the login page; signed-in non-directors get 403."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_director(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapped


class DirectorRequiredMixin(AccessMixin):
    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        if not is_director(request.user):
            raise PermissionDenied
        return super().dispatch(request, *args, **kwargs)
