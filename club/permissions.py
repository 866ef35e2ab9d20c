"""Who may direct: staff users in the "Directors" group (created by a migration).

Anonymous visitors of a director's page go to the login page; a signed-in account that may
not direct gets a 403 page saying so and what to do (ask the club's admin to add it to the
group)."""

from functools import wraps

from django.contrib.auth.mixins import AccessMixin
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import render

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


def not_director(request):
    """403: this account may not direct, and how it can."""
    return render(request, "registration/not_director.html", {"group": DIRECTORS_GROUP},
                  status=403)


def director_required(view):
    """Anonymous users go to the login page; signed-in non-directors get 403."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_director(request.user):
            return not_director(request)
        return view(request, *args, **kwargs)

    return wrapped


class DirectorRequiredMixin(AccessMixin):
    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        if not is_director(request.user):
            return not_director(request)
        return super().dispatch(request, *args, **kwargs)
