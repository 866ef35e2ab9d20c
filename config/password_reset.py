"""Password reset by e-mail, limited and sent after the response.

Django's view looks the address up and sends the mail inside the request: anyone could
have a director's mailbox flooded, and the time the page takes would tell which addresses
have an account. Here a client address may ask a few times an hour, an e-mail address
gets at most one mail every few minutes (both counted in the cache, whether an account
has the address or not), and the page is answered before the account is looked up: that
happens once the response has gone out (Django's request_finished), and the mail is
rendered and sent in a thread of its own, so a slow mail server holds nobody up."""

import hashlib
import logging
import threading

from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.core.cache import caches
from django.core.signals import request_finished
from django.http import HttpResponseRedirect
from django.utils import translation
from django.utils.translation import gettext
from django_ratelimit.core import is_ratelimited

from config.views import client_address

logger = logging.getLogger(__name__)

REQUESTS_PER_ADDRESS = 5  # requests from one client address per hour
MAIL_INTERVAL = 15 * 60  # one mail to an e-mail address per 15 minutes

_after_response = threading.local()  # the request's jobs, run when its response is closed
_senders = []  # mail threads that may still be sending (wait_for_mail)


def after_response(job):
    """Run job() once this request's response has been sent (request_finished)."""
    if not hasattr(_after_response, "jobs"):
        _after_response.jobs = []
    _after_response.jobs.append(job)


def _run_after_response(sender, **kwargs):
    jobs, _after_response.jobs = getattr(_after_response, "jobs", []), []
    for job in jobs:
        try:
            job()
        except Exception:
            logger.exception("Password reset: the work after the response failed")


request_finished.connect(_run_after_response, dispatch_uid="config.password_reset")


def wait_for_mail(timeout=10):
    """Wait until the mail threads started so far are done (tests, a clean shutdown)."""
    for thread in list(_senders):
        thread.join(timeout)
    _senders[:] = [thread for thread in _senders if thread.is_alive()]


def address_refused(request):
    """Counts this request for its client address (django-ratelimit's hour-long windows);
    True past the limit."""
    return is_ratelimited(request, group="password-reset", key=lambda _g, r: client_address(r),
                          rate=f"{REQUESTS_PER_ADDRESS}/h", increment=True)


def mail_allowed(email):
    """True for the first request for this e-mail address in MAIL_INTERVAL, counted from
    it (atomic in the cache: two requests at once cannot both pass)."""
    digest = hashlib.sha256(email.strip().casefold().encode()).hexdigest()
    return caches["counts"].add(f"password-reset-mail:{digest}", True, MAIL_INTERVAL)


class BackgroundResetForm(PasswordResetForm):
    """Renders and sends each mail in a thread, in the language of the request."""

    def send_mail(self, *args, **kwargs):
        language = translation.get_language()
        parent = super()

        def send():
            with translation.override(language):
                parent.send_mail(*args, **kwargs)  # logs a failure to send

        thread = threading.Thread(target=send, name="password-reset-mail")
        _senders[:] = [*(t for t in _senders if t.is_alive()), thread]
        thread.start()


class PasswordResetView(auth_views.PasswordResetView):
    form_class = BackgroundResetForm

    def form_valid(self, form):
        if address_refused(self.request):
            form.add_error(None, gettext(
                "Too many password-reset requests from your address: try again in an hour, "
                "or ask the club's admin."))
            return self.render_to_response(self.get_context_data(form=form), status=429)
        if mail_allowed(form.cleaned_data["email"]):
            options = {
                "use_https": self.request.is_secure(),
                "domain_override": self.request.get_host(),
                "token_generator": self.token_generator,
                "from_email": self.from_email,
                "email_template_name": self.email_template_name,
                "subject_template_name": self.subject_template_name,
                "html_email_template_name": self.html_email_template_name,
                "extra_email_context": self.extra_email_context,
            }
            language = translation.get_language()

            def send():
                with translation.override(language):
                    form.save(**options)

            after_response(send)
        return HttpResponseRedirect(self.get_success_url())
