from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from club.models import Board, Pair, Player, Result, Session


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "membership_number", "active"]
    list_filter = ["active"]
    search_fields = ["name", "membership_number"]


class PairInline(admin.TabularInline):
    model = Pair
    extra = 0
    autocomplete_fields = ["player1", "player2"]


@admin.register(Session)
class SessionAdmin(SimpleHistoryAdmin):
    list_display = ["name", "date", "status", "movement", "tables", "rounds",
                    "boards_per_round", "duplicated", "compensation_table", "policy"]
    list_filter = ["status", "movement", "duplicated", "policy", "compensation_table"]
    search_fields = ["name"]
    date_hierarchy = "date"
    inlines = [PairInline]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        # Scoring rules changed: every stored outcome must follow (one transaction).
        if change and {"compensation_table", "policy"} & set(form.changed_data):
            from scoring.services import rescore_session

            rescore_session(obj)


@admin.register(Pair)
class PairAdmin(admin.ModelAdmin):
    list_display = ["number", "session", "player1", "player2"]
    list_filter = ["session"]
    search_fields = ["player1__name", "player2__name", "session__name"]
    autocomplete_fields = ["player1", "player2"]
    list_select_related = ["session", "player1", "player2"]


@admin.register(Board)
class BoardAdmin(SimpleHistoryAdmin):
    list_display = ["number", "session", "dealer_display", "vulnerability_display", "ns_hcp"]
    list_filter = ["session"]
    search_fields = ["session__name"]
    list_select_related = ["session"]

    @admin.display(description=_("dealer"))
    def dealer_display(self, obj):
        return obj.dealer.value

    @admin.display(description=_("vulnerability"))
    def vulnerability_display(self, obj):
        return obj.vulnerability.value

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change:
            from scoring.services import rescore_board

            rescore_board(obj)


@admin.register(Result)
class ResultAdmin(SimpleHistoryAdmin):
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
    readonly_fields = ["ns_score", "ns_compensation", "ns_net", "ns_imps", "ew_imps",
                       "version"]

    @admin.display(description=_("board"), ordering="board__number")
    def board_number(self, obj):
        return obj.board.number

    @admin.display(description=_("session"), ordering="board__session")
    def session(self, obj):
        return obj.board.session

    @admin.display(description=_("adjusted"), boolean=True)
    def is_adjusted(self, obj):
        return obj.is_adjusted

    def save_model(self, request, obj, form, change):
        if change:
            obj.version += 1
        super().save_model(request, obj, form, change)
