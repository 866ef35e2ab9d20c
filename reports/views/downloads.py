"""Downloads that only directors may have: the session's JSON archive (it carries the
players' membership numbers)."""

from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_safe

from club.io import archive
from club.models import Session
from club.permissions import director_required
from reports.views.common import download


@director_required
@require_safe
def session_archive(request, session_id):
    """The session's JSON archive as a download (directors: it has membership numbers)."""
    session = get_object_or_404(Session.objects.select_related("compensation_table"),
                                pk=session_id)
    return download(archive.dumps(archive.export_session(session)),
                    "application/json; charset=utf-8",
                    f"session-{session.date}-{session.id}.json")
