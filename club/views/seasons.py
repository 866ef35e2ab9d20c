"""The director's pages for seasons and events: the list, creating, changing and deleting
them, and the IMPs an entry carries into an event. Every change goes through
club.services.seasons; the public pages (reports) show the ladders and standings."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.forms.seasons import CarryOverForm, EventForm, SeasonForm
from club.forms.setup import add_problems
from club.models import CarryOver, Event, Season
from club.permissions import director_required
from club.services.seasons import (
    delete_carry_over,
    delete_event,
    delete_season,
    save_event,
    save_season,
    set_carry_over,
)


def refused(form, err):
    """Put a service's refusal on the form (fields it names, or the whole form)."""
    if hasattr(err, "error_dict"):
        add_problems(form, err.message_dict)
    else:
        form.add_error(None, err)


def confirm_delete(request, thing, kind, delete, deleted):
    """A season's or event's confirmation page, then the POST that deletes it; `deleted`:
    the message once it is gone ("%(name)s" its name)."""
    if request.method == "POST":
        try:
            delete(thing.pk)
        except ValidationError as err:
            messages.error(request, " ".join(err.messages))
        else:
            messages.success(request, deleted % {"name": thing.name})
        return redirect("director-seasons")
    return render(request, "club/seasons/delete.html", {"thing": thing, "kind": kind})


@director_required
@require_GET
def season_list(request):
    return render(request, "club/seasons/list.html", {
        "seasons": Season.objects.order_by("-id"),
        "events": Event.objects.select_related("season").order_by("-id"),
    })


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def season_form(request, season_id=None):
    """Create a season (no id) or change one."""
    season = get_object_or_404(Season, pk=season_id) if season_id else None
    form = SeasonForm(request.POST or None, season=season)
    if request.method == "POST" and form.is_valid():
        try:
            saved = save_season(form.season_fields(), form.session_ids(),
                                season_id=season.pk if season else None)
        except ValidationError as err:
            refused(form, err)
        else:
            messages.success(request, gettext("Season “%(name)s” saved.") % {
                "name": saved.name})
            return redirect("director-seasons")
    return render(request, "club/seasons/season_form.html", {"form": form, "season": season})


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def season_delete(request, season_id):
    return confirm_delete(request, get_object_or_404(Season, pk=season_id), "season",
                          delete_season, gettext("Season “%(name)s” deleted."))


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def event_form(request, event_id=None):
    """Create an event (no id) or change one; the page of an event also lists its
    carry-overs, with the form to add one."""
    event = get_object_or_404(Event, pk=event_id) if event_id else None
    form = EventForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        try:
            saved = save_event(form.event_fields(), form.session_ids(),
                               event_id=event.pk if event else None)
        except ValidationError as err:
            refused(form, err)
        else:
            messages.success(request, gettext("Event “%(name)s” saved.") % {
                "name": saved.name})
            return redirect("director-event", saved.pk)
    return render(request, "club/seasons/event_form.html", {
        "form": form, "event": event,
        "carry_form": CarryOverForm(event=event) if event else None,
        "carry_overs": carry_overs(event)})


def carry_overs(event):
    if event is None:
        return []
    return list(CarryOver.objects.filter(event=event).select_related("player", "partner"))


@director_required
@require_POST
def carry_over_add(request, event_id):
    event = get_object_or_404(Event, pk=event_id)
    form = CarryOverForm(request.POST, event=event)
    if form.is_valid():
        player_id, partner_id = form.ids()
        try:
            set_carry_over(event.pk, player_id, partner_id, form.cleaned_data["imps"])
        except ValidationError as err:
            refused(form, err)
        else:
            messages.success(request, gettext("Carry-over saved."))
            return redirect("director-event", event.pk)
    return render(request, "club/seasons/event_form.html", {
        "form": EventForm(event=event), "event": event, "carry_form": form,
        "carry_overs": carry_overs(event)}, status=200)


@director_required
@require_POST
def carry_over_delete(request, event_id, row_id):
    event = get_object_or_404(Event, pk=event_id)
    try:
        delete_carry_over(event.pk, row_id)
    except ValidationError as err:
        messages.error(request, " ".join(err.messages))
    else:
        messages.success(request, gettext("Carry-over removed."))
    return redirect("director-event", event.pk)


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def event_delete(request, event_id):
    return confirm_delete(request, get_object_or_404(Event, pk=event_id), "event",
                          delete_event, gettext("Event “%(name)s” deleted."))
