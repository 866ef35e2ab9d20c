"""Who may direct: staff users in the "Directors" group (created by a migration), whose
session has given its second factor's code when the account has one.

Anonymous visitors of a director's page go to the login page; a session that owes its code
(or, with SECOND_FACTOR_REQUIRED, a staff account without a second factor) goes to the page
asking for it (setting it up); a signed-in account that may not direct gets a 403 page
saying so and what to do (ask the club's admin to add it to the group)."""

from functools import wraps

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.views import redirect_to_login
from django.db.models import Exists, OuterRef
from django.shortcuts import render
from django_otp.plugins.otp_totp.models import TOTPDevice

DIRECTORS_GROUP = "Directors"
# The pages (config.urls) of each step a session may owe: its code, or setting one up.
SECOND_FACTOR_PAGES = {"code": "second-factor", "enrol": "second-factor-setup"}


def _account(user):
    """(in the Directors group, has a confirmed second factor) for this user, read once per
    request and in one query: the director's pages run a fixed number of them."""
    if not hasattr(user, "_account"):
        group = Group.objects.filter(name=DIRECTORS_GROUP, user=OuterRef("pk"))
        device = TOTPDevice.objects.filter(user=OuterRef("pk"), confirmed=True)
        user._account = (get_user_model().objects.filter(pk=user.pk)
                         .values_list(Exists(group), Exists(device)).first()
                         or (False, False))
    return user._account


def second_factor_step(user):
    """What this staff user's session still owes before the director's pages and the admin
    open to it: "code" (the account has a confirmed device and this session has not given
    its code: a password alone, or a session from before the device), "enrol" (none yet,
    and SECOND_FACTOR_REQUIRED), else None."""
    if not (user.is_authenticated and user.is_staff):
        return None
    verified = getattr(user, "is_verified", None)  # django_otp's OTPMiddleware
    if verified is not None and verified():
        return None
    if _account(user)[1]:
        return "code"
    return "enrol" if settings.SECOND_FACTOR_REQUIRED else None


def second_factor_redirect(request, next_url=None):
    """The redirect to the page of the step this session owes (then on to `next_url`, by
    default this page), or None when it owes nothing."""
    step = second_factor_step(request.user)
    if step is None:
        return None
    return redirect_to_login(next_url or request.get_full_path(), SECOND_FACTOR_PAGES[step])


def is_director(user):
    if not (user.is_authenticated and user.is_active and user.is_staff):
        return False
    if second_factor_step(user):
        return False
    return user.is_superuser or _account(user)[0]


def not_director(request):
    """403: this account may not direct, and how it can."""
    return render(request, "registration/not_director.html", {"group": DIRECTORS_GROUP},
                  status=403)


def director_refusal(request):
    """The answer to a request that may not open a director's page, or None when it may:
    anonymous users go to the login page, a session owing its second factor to that
    factor's page; signed-in non-directors get 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    owed = second_factor_redirect(request)
    if owed:
        return owed
    if not is_director(request.user):
        return not_director(request)
    return None


def director_required(view):
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        return director_refusal(request) or view(request, *args, **kwargs)

    return wrapped
