"""The login forms (the site's and the admin's)."""

from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext


class UsernameLength:
    """Django's login forms pass a username longer than any account's to authenticate()
    (so django-axes counts the attempt: its limit is only an HTML attribute) and then say
    only that the pair did not match; this says what is wrong with it."""

    def clean(self):
        try:
            return super().clean()
        except ValidationError:
            username = self.cleaned_data.get("username") or ""
            limit = self.fields["username"].max_length
            if len(username) > limit:
                self.add_error("username", gettext(
                    "A username has at most %(limit)d characters; this one has %(length)d.")
                    % {"limit": limit, "length": len(username)})
            raise


class LoginForm(UsernameLength, AuthenticationForm):
    pass


class AdminLoginForm(UsernameLength, AdminAuthenticationForm):
    pass
