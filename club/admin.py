"""The admin: for the club's admin, not the director's evening (directors use their own
pages). It can do no more than the services allow: sessions, pairs and results are shown
with their history but changed only on the director's pages; players, boards and
compensation tables are changed through their services, which may refuse."""

import json

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from club.models import (
    AwardScheme,
    Board,
    CarryOver,
    Event,
    MasterpointAward,
    Pair,
    Player,
    Result,
    Season,
    Session,
)
from club.services.boards import BOARD_DETAILS, update_board
from club.services.compensation_tables import change_refusal, copy_table, create_table, replace_rows
from club.services.players import PLAYER_FIELDS, save_player
from scoring.models import CompensationRow, CompensationTable


class ThroughServices:
    """Admin changes made by a service: when it refuses (having written nothing), the page
    shows why instead of "changed successfully", and no change is logged."""

    def apply(self, request, change):
        try:
            change()
        except ValidationError as err:
            request.service_refusal = err.messages

    def _refused(self, request):
        refusal = getattr(request, "service_refusal", None)
        if refusal is None:
            return None
        for message in refusal:
            self.message_user(request, message, messages.ERROR)
        return HttpResponseRedirect(request.get_full_path())

    def response_add(self, request, obj, post_url_continue=None):
        return self._refused(request) or super().response_add(request, obj, post_url_continue)

    def response_change(self, request, obj):
        return self._refused(request) or super().response_change(request, obj)

    def log_addition(self, request, obj, message):
        if getattr(request, "service_refusal", None) is None:
            return super().log_addition(request, obj, message)
        return None

    def log_change(self, request, obj, message):
        if getattr(request, "service_refusal", None) is None:
            return super().log_change(request, obj, message)
        return None


class HistoryAdmin(SimpleHistoryAdmin):
    """History pages that show and never write. simple-history's page of a past version is
    a form whose "Revert" saves that version as it was, around the services (a result
    keeping its old score, no version bump): here it shows the version read-only, without
    the button, and refuses anything but GET."""

    def revert_disabled(self, request, obj=None):
        return True

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        if request.method not in ("GET", "HEAD"):
            return HttpResponseNotAllowed(["GET", "HEAD"])
        request.past_version = True
        return super().history_form_view(request, object_id, version_id, extra_context)

    def get_readonly_fields(self, request, obj=None):
        if getattr(request, "past_version", False):
            return [f.name for f in self.model._meta.fields if f.editable and not f.primary_key]
        return super().get_readonly_fields(request, obj)


class ReadOnly:
    """Shown (with history) but changed only through the director's pages."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Player)
class PlayerAdmin(ThroughServices, HistoryAdmin):
    list_display = ["name", "membership_number", "federation_number", "active"]
    list_filter = ["active"]
    search_fields = ["name", "membership_number", "federation_number"]

    def has_delete_permission(self, request, obj=None):
        return False  # players keep their pairs' history; mark them inactive instead

    def save_model(self, request, obj, form, change):
        fields = {name: getattr(obj, name) for name in PLAYER_FIELDS}

        def saved():
            obj.pk = save_player(fields, player_id=obj.pk if change else None).pk

        self.apply(request, saved)


class PairInline(ReadOnly, admin.TabularInline):
    model = Pair
    extra = 0
    fields = ["number", "player1", "player2"]


@admin.register(Session)
class SessionAdmin(ReadOnly, HistoryAdmin):
    list_display = ["name", "date", "status", "movement", "tables", "rounds",
                    "boards_per_round", "duplicated", "compensation_table", "policy"]
    list_filter = ["status", "movement", "duplicated", "policy", "compensation_table"]
    search_fields = ["name"]
    date_hierarchy = "date"
    inlines = [PairInline]


@admin.register(Pair)
class PairAdmin(ReadOnly, HistoryAdmin):
    list_display = ["number", "session", "player1", "player2"]
    list_filter = ["session"]
    search_fields = ["player1__name", "player2__name", "session__name"]
    list_select_related = ["session", "player1", "player2"]


class BoardAdminForm(forms.ModelForm):
    """A board's details, with the values the page showed (`loaded`): the admin builds its
    form from the board as stored when the change is posted, so without them a change made
    meanwhile by a director would be overwritten unseen."""

    loaded = forms.CharField(widget=forms.HiddenInput, required=False)

    class Meta:
        model = Board
        fields = list(BOARD_DETAILS)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.initial["loaded"] = json.dumps(
            {name: getattr(self.instance, name) for name in BOARD_DETAILS})

    def shown(self):
        """{field: value the page showed}; the stored values when the post lacks them."""
        try:
            shown = json.loads(self.cleaned_data.get("loaded") or "")
        except ValueError:
            shown = None
        if not isinstance(shown, dict) or set(shown) != set(BOARD_DETAILS):
            raise ValidationError(gettext("The page was incomplete; open the board again."))
        return shown


@admin.register(Board)
class BoardAdmin(ThroughServices, HistoryAdmin):
    list_display = ["number", "session", "dealer_display", "vulnerability_display", "ns_hcp"]
    list_filter = ["session"]
    search_fields = ["session__name"]
    list_select_related = ["session"]
    form = BoardAdminForm
    fields = ["session", "number", *BOARD_DETAILS, "loaded"]
    readonly_fields = ["session", "number"]

    def has_add_permission(self, request):
        return False  # a session's boards follow its setup

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=_("dealer"))
    def dealer_display(self, obj):
        return obj.dealer.value

    @admin.display(description=_("vulnerability"))
    def vulnerability_display(self, obj):
        return obj.vulnerability.value

    def save_model(self, request, obj, form, change):
        def changed():
            shown = form.shown()
            # Only what the user changed on the page; a change made meanwhile to one of
            # those fields refuses the save (StaleValue), the others are left alone.
            changes = {name: form.cleaned_data[name] for name in BOARD_DETAILS
                       if form.cleaned_data[name] != shown[name]}
            update_board(obj.pk, changes, expected={name: shown[name] for name in changes})

        self.apply(request, changed)


@admin.register(Result)
class ResultAdmin(ReadOnly, HistoryAdmin):
    list_display = ["board_number", "session", "ns_pair", "ew_pair", "round", "table", "text",
                    "ns_score", "ns_compensation", "ns_net", "ns_imps", "ew_imps",
                    "is_adjusted"]
    list_filter = ["board__session", "ns_adjustment", "ew_adjustment", "assigned"]
    search_fields = ["board__session__name", "ns_pair__player1__name",
                     "ns_pair__player2__name", "ew_pair__player1__name",
                     "ew_pair__player2__name"]
    list_select_related = ["board__session", "ns_pair__session", "ns_pair__player1",
                           "ns_pair__player2", "ew_pair__session", "ew_pair__player1",
                           "ew_pair__player2"]

    @admin.display(description=_("board"), ordering="board__number")
    def board_number(self, obj):
        return obj.board.number

    @admin.display(description=_("session"), ordering="board__session")
    def session(self, obj):
        return obj.board.session

    @admin.display(description=_("adjusted"), boolean=True)
    def is_adjusted(self, obj):
        return obj.is_adjusted


# --- compensation tables ----------------------------------------------------------------------

class CompensationRowInline(admin.TabularInline):
    model = CompensationRow
    extra = 0
    max_num = 20
    ordering = ["hcp"]

    def _editable(self, obj):
        return obj is None or not change_refusal(obj)

    def has_add_permission(self, request, obj=None):
        return self._editable(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request, obj=None):
        return self._editable(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self._editable(obj) and super().has_delete_permission(request, obj)


@admin.register(CompensationTable)
class CompensationTableAdmin(ThroughServices, admin.ModelAdmin):
    """A table is made with its rows (create_table), its values changed while it has scored
    nothing (replace_rows), copied (copy_table). It is never deleted here (a session may
    choose it at any moment) and keeps the name it was made with."""

    list_display = ["name", "builtin", "created_at"]
    list_filter = ["builtin"]
    search_fields = ["name"]
    inlines = [CompensationRowInline]
    actions = ["copy_tables"]

    def has_change_permission(self, request, obj=None):
        if obj is not None and change_refusal(obj):
            return False  # the page still opens, read-only, saying why
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return False

    def get_readonly_fields(self, request, obj=None):
        return ["name"] if obj is not None else []

    def change_view(self, request, object_id, form_url="", extra_context=None):
        table = self.get_object(request, object_id)
        if table is not None and request.method == "GET":
            refusal = change_refusal(table)
            if refusal:
                self.message_user(request, refusal, messages.WARNING)
        return super().change_view(request, object_id, form_url, extra_context)

    def save_model(self, request, obj, form, change):
        pass  # the table and its rows are written together by a service (save_formset)

    def save_formset(self, request, form, formset, change):
        # The rows are written by the service, all at once; the admin's change message
        # reads these lists.
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        rows = sorted((f.cleaned_data["hcp"], f.cleaned_data["not_vul"], f.cleaned_data["vul"])
                      for f in formset.forms
                      if f.cleaned_data and not f.cleaned_data.get("DELETE"))
        table = form.instance
        if change:
            self.apply(request, lambda: replace_rows(table.pk, rows))
            return

        def created():
            table.pk = create_table(form.cleaned_data["name"], rows).pk

        self.apply(request, created)

    @admin.action(description=_("Copy the selected tables to new club tables"))
    def copy_tables(self, request, queryset):
        for table in queryset:
            copy_table(table.pk)
        count = queryset.count()
        self.message_user(request, ngettext("Copied %(count)s table.", "Copied %(count)s tables.",
                                            count) % {"count": count}, messages.SUCCESS)


# --- seasons and events (changed on the director's pages, through club.services.seasons) -----

@admin.register(Season)
class SeasonAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["name", "start", "end", "min_sessions", "best_of"]
    search_fields = ["name"]
    filter_horizontal = ["sessions"]


class CarryOverInline(ReadOnly, admin.TabularInline):
    model = CarryOver
    extra = 0
    fields = ["player", "partner", "imps"]


@admin.register(Event)
class EventAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["name", "scoring", "season"]
    list_filter = ["scoring", "season"]
    search_fields = ["name"]
    list_select_related = ["season"]
    inlines = [CarryOverInline]


@admin.register(AwardScheme)
class AwardSchemeAdmin(ReadOnly, HistoryAdmin):
    """Shown with history; directors change schemes on their masterpoints page, which
    recomputes the published sessions' awards."""

    list_display = ["name", "top_fixed", "top_per_table", "scoring_numerator",
                    "scoring_denominator", "minimum", "win_bonus"]


@admin.register(MasterpointAward)
class MasterpointAwardAdmin(ReadOnly, HistoryAdmin):
    list_display = ["session", "player", "line", "rank", "points", "scheme"]
    list_filter = ["scheme"]
    search_fields = ["player__name", "session__name"]
