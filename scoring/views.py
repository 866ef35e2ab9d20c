"""Public pages (no login): running and published sessions are visible to anyone, sessions
in setup (or finished and not yet published) only to directors. Also the exports, and the
director's import page.

Each page runs a fixed number of queries whatever the size of the session: it loads the
session, its pairs, boards and the results it shows in a few queries and builds its rows
in Python (links from prefix strings, not one reverse() per row).
"""

from django import forms
from django.contrib import messages
from django.db.models import Count, Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_tables2.export import TableExport

from club import archive, importers
from club.deals import DealError, hand_hcp, parse_deal
from club.models import SEATS, VULNERABILITIES, Result, Session
from club.movements import MovementError
from club.notation import contract_html, outcome_text, seat_display
from club.permissions import director_required, is_director
from club.services import session_schedule
from scoring.charts import running_total_svg
from scoring.models import CompensationTable
from scoring.standings import compute_standings, pair_entries, result_imps, session_pairs
from scoring.tables import EXPORT_FORMATS, ResultsTable, StandingsTable, results_rows, signed

SEAT_NAMES = dict(SEATS)
VULNERABILITY_NAMES = dict(VULNERABILITIES)
ADJUSTMENT_SHORT = {"ave+": gettext_lazy("Ave+"), "ave": gettext_lazy("Ave"),
                    "ave-": gettext_lazy("Ave−")}


# --- helpers ------------------------------------------------------------------------------

def visible_sessions(user):
    sessions = Session.objects.all()
    if not is_director(user):
        sessions = sessions.filter(status__in=[Session.Status.RUNNING, Session.Status.PUBLISHED])
    return sessions


def get_session(request, session_id):
    """The session if this visitor may see it; 404 otherwise (not even its existence)."""
    session = get_object_or_404(Session.objects.select_related("compensation_table"),
                                pk=session_id)
    if not session.is_public and not is_director(request.user):
        raise Http404
    return session


def url_prefix(name, session_id):
    """"/sessions/5/boards/" for "board-report": reverse once, append "<number>/" per row."""
    return reverse(name, args=[session_id, 0])[:-2]


def export_format(request):
    fmt = request.GET.get("_export")
    return fmt if fmt in EXPORT_FORMATS else None


def export_response(table, fmt, title, filename):
    # A spreadsheet's sheet name is at most 31 characters.
    exporter = TableExport(fmt, table, dataset_kwargs={"title": str(title)[:31]})
    return exporter.response(filename=f"{filename}.{fmt}")


def assigned_html(result):
    contract = result.assigned_contract
    if contract is None:
        return _("Pass")
    return format_html("{}{} {}", contract_html(contract),
                       outcome_text(contract, result.assigned_tricks),
                       seat_display(result.assigned_declarer))


def ruling_note(result):
    """What the director ruled, for a result marked as adjusted."""
    notes = []
    if result.assigned:
        notes.append(format_html("{} {}", _("assigned:"), assigned_html(result)))
    if result.ns_adjustment:
        notes.append(format_html("{} {}", _("NS"), ADJUSTMENT_SHORT[result.ns_adjustment]))
    if result.ew_adjustment:
        notes.append(format_html("{} {}", _("EW"), ADJUSTMENT_SHORT[result.ew_adjustment]))
    return mark_safe("; ".join(notes))


def imps_cell(value):
    css = "pos" if value > 0 else "neg" if value < 0 else ""
    return css, signed(value)


def pair_names(pairs):
    return {p.id: (p.number, p.players) for p in pairs}


# --- pages ------------------------------------------------------------------------------

def session_list(request):
    sessions = visible_sessions(request.user).order_by("-date", "-id")
    return render(request, "scoring/session_list.html", {
        "sessions": sessions,
        "standings_prefix": reverse("standings", args=[0])[:-2],
    })


def standings(request, session_id):
    session = get_session(request, session_id)
    pairs = session_pairs(session)
    rows = compute_standings(pair_entries(session, pairs), result_imps(session))
    table = StandingsTable(rows, scorecard_prefix=url_prefix("pair-scorecard", session.id))
    # django-tables2's ?sort=, limited to the table's columns (anything else is ignored).
    sort = request.GET.get("sort", "")
    if sort.removeprefix("-") in {column.name for column in table.columns}:
        table.order_by = sort
    fmt = export_format(request)
    if fmt:
        return export_response(table, fmt, _("Standings"),
                               f"standings-{session.date}-{session.id}")
    return render(request, "scoring/standings.html", {
        "session": session, "table": table, "export_formats": EXPORT_FORMATS,
    })


def board_list(request, session_id):
    """The boards of a session with links to their reports; exports every result."""
    session = get_session(request, session_id)
    fmt = export_format(request)
    if fmt:
        table = ResultsTable(results_rows(archive.export_session(session)))
        return export_response(table, fmt, _("Results"), f"results-{session.date}-{session.id}")
    boards = session.boards.annotate(result_count=Count("results")).order_by("number")
    prefix = url_prefix("board-report", session.id)
    rows = [{
        "number": b.number, "url": f"{prefix}{b.number}/",
        "dealer": b.dealer.value, "vulnerability": VULNERABILITY_NAMES[b.vulnerability.value],
        "ns_hcp": b.ns_hcp, "results": b.result_count,
    } for b in boards]
    return render(request, "scoring/board_list.html", {
        "session": session, "rows": rows, "export_formats": EXPORT_FORMATS,
    })


def deal_diagram(deal):
    """{seat: {"suits": [(symbol, css, cards)], "hcp": n}} for a PBN deal; None when the deal
    is not known (or cannot be read)."""
    if not deal:
        return None
    try:
        hands = parse_deal(deal)
    except DealError:
        return None
    suits = [("♠", "suit-S"), ("♥", "suit-H"), ("♦", "suit-D"), ("♣", "suit-C")]
    return {
        seat.lower(): {
            "name": SEAT_NAMES[seat],
            "suits": [(symbol, css, " ".join(cards).replace("T", "10") or "—")
                      for (symbol, css), cards in zip(suits, hands[seat], strict=True)],
            "hcp": hand_hcp(hands[seat]),
        }
        for seat in "NESW"
    }


def board_report(request, session_id, number):
    session = get_session(request, session_id)
    boards = list(session.boards.order_by("number"))
    index = next((i for i, b in enumerate(boards) if b.number == number), None)
    if index is None:
        raise Http404
    board = boards[index]
    board.session = session
    names = pair_names(session_pairs(session))
    scorecard = url_prefix("pair-scorecard", session.id)
    rows = []
    for result in Result.objects.filter(board=board).order_by():
        result.board = board
        contract = result.contract
        ns_number, ns_players = names[result.ns_pair_id]
        ew_number, ew_players = names[result.ew_pair_id]
        score = result.ns_score
        rows.append({
            "sort": (result.table is None, result.table or 0, ns_number),
            "table": result.table, "round": result.round,
            "ns": session.pair_label(ns_number), "ns_url": f"{scorecard}{ns_number}/",
            "ns_players": ns_players,
            "ew": session.pair_label(ew_number), "ew_url": f"{scorecard}{ew_number}/",
            "ew_players": ew_players,
            "contract": contract_html(contract), "declarer": seat_display(result.declarer),
            "outcome": outcome_text(contract, result.tricks), "tricks": result.tricks,
            "ns_hcp": result.effective_ns_hcp,
            "ns_score": score if score > 0 else "", "ew_score": -score if score < 0 else "",
            "passed": score == 0,
            "compensation": signed(result.ns_compensation), "net": signed(result.ns_net),
            "ns_imps": imps_cell(result.ns_imps), "ew_imps": imps_cell(result.ew_imps),
            "adjusted": result.is_adjusted,
            "ruling": ruling_note(result) if result.is_adjusted else "",
        })
    rows.sort(key=lambda r: r["sort"])
    prefix = url_prefix("board-report", session.id)
    return render(request, "scoring/board_report.html", {
        "session": session, "board": board, "rows": rows,
        "dealer": SEAT_NAMES[board.dealer.value],
        "vulnerability": VULNERABILITY_NAMES[board.vulnerability.value],
        "hands": deal_diagram(board.deal),
        "previous": boards[index - 1].number if index > 0 else None,
        "next": boards[index + 1].number if index + 1 < len(boards) else None,
        "board_prefix": prefix,
        "board_links": [(b.number, f"{prefix}{b.number}/") for b in boards],
    })


def sit_out_rounds(session, number, pair_count):
    """Rounds in which the pair sits out, from the movement (none for free seating)."""
    try:
        schedule = session_schedule(session, pairs=pair_count)
    except (MovementError, ValueError):
        return []  # a setup the movement cannot seat: show the boards played only
    return [s.round for s in schedule if s.is_sit_out and number in (s.ns, s.ew)]


def pair_scorecard(request, session_id, number):
    session = get_session(request, session_id)
    pairs = session_pairs(session)
    pair = next((p for p in pairs if p.number == number), None)
    if pair is None:
        raise Http404
    names = pair_names(pairs)
    board_prefix = url_prefix("board-report", session.id)
    scorecard = url_prefix("pair-scorecard", session.id)
    played = []
    for result in (Result.objects.filter(Q(ns_pair=pair) | Q(ew_pair=pair))
                   .select_related("board").order_by()):
        result.board.session = session
        is_ns = result.ns_pair_id == pair.id
        contract = result.contract
        opponent_number, opponent_players = names[result.ew_pair_id if is_ns else
                                                  result.ns_pair_id]
        side = 1 if is_ns else -1
        ns_hcp = result.effective_ns_hcp
        played.append({
            "sort": (result.round is None, result.round or 0, result.board.number),
            "round": result.round, "board": result.board.number,
            "board_url": f"{board_prefix}{result.board.number}/",
            "opponents": session.pair_label(opponent_number),
            "opponents_url": f"{scorecard}{opponent_number}/",
            "opponents_players": opponent_players,
            "direction": "NS" if is_ns else "EW",
            "contract": contract_html(contract), "declarer": seat_display(result.declarer),
            "outcome": outcome_text(contract, result.tricks), "tricks": result.tricks,
            "score": signed(side * result.ns_score),
            "hcp": ns_hcp if is_ns or ns_hcp is None else 40 - ns_hcp,
            "compensation": signed(side * result.ns_compensation),
            "imps_value": result.ns_imps if is_ns else result.ew_imps,
            "adjusted": result.is_adjusted,
            "ruling": ruling_note(result) if result.is_adjusted else "",
        })
    played.sort(key=lambda r: r["sort"])
    total = 0
    for row in played:
        total += row["imps_value"]
        row["imps"] = imps_cell(row["imps_value"])
        row["total"] = imps_cell(total)
        row["total_value"] = total
    rows = played + [{"sort": (False, r, 0), "round": r, "sit_out": True}
                     for r in sit_out_rounds(session, number, len(pairs))]
    rows.sort(key=lambda r: r["sort"])
    standing = next(r for r in compute_standings(pair_entries(session, pairs),
                                                 result_imps(session))
                    if r.number == number)
    return render(request, "scoring/pair_scorecard.html", {
        "session": session, "pair": pair, "label": session.pair_label(number),
        "players": names[pair.id][1], "rows": rows, "standing": standing,
        "total": imps_cell(standing.imps), "per_board": signed(standing.imps_per_board),
        "chart": running_total_svg([(str(r["board"]), r["total_value"]) for r in played]),
    })


# --- director: archive download and import ----------------------------------------------------

@director_required
def session_archive(request, session_id):
    """The session's JSON archive as a download (directors: it has membership numbers)."""
    session = get_object_or_404(Session.objects.select_related("compensation_table"),
                                pk=session_id)
    response = HttpResponse(archive.dumps(archive.export_session(session)),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="session-{session.date}-{session.id}.json"')
    return response


MAX_UPLOAD = 5 * 1024 * 1024


def check_upload(upload):
    if upload.size > MAX_UPLOAD:
        raise forms.ValidationError(
            _("The file is too large (%(size)s bytes); at most %(max)s bytes.")
            % {"size": upload.size, "max": MAX_UPLOAD})
    return upload


class CsvImportForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    date = forms.DateField(label=gettext_lazy("Date"),
                           widget=forms.DateInput(attrs={"type": "date"}),
                           help_text=gettext_lazy("YYYY-MM-DD"))
    policy = forms.ChoiceField(label=gettext_lazy("Compensation policy"),
                               choices=Session.Policy.choices, initial=Session.Policy.LINE)
    duplicated = forms.BooleanField(label=gettext_lazy("Duplicated boards"), required=False,
                                    initial=True)
    table = forms.ModelChoiceField(label=gettext_lazy("Compensation table"),
                                   queryset=CompensationTable.objects.all(),
                                   to_field_name="name", empty_label=None)
    boards = forms.FileField(
        label=gettext_lazy("Boards file (CSV)"),
        help_text=gettext_lazy("One result a line: board, NS pair, EW pair, contract, "
                               "declarer, tricks, NS HCP."))
    names = forms.FileField(label=gettext_lazy("Names file (CSV)"),
                            help_text=gettext_lazy("Pair number, player 1, player 2."))

    def clean_boards(self):
        return check_upload(self.cleaned_data["boards"])

    def clean_names(self):
        return check_upload(self.cleaned_data["names"])


class ArchiveImportForm(forms.Form):
    archive = forms.FileField(label=gettext_lazy("Session archive (JSON)"))

    def clean_archive(self):
        return check_upload(self.cleaned_data["archive"])


@director_required
def import_session(request):
    """Create a session from CSV files or a JSON archive (see club.importers / club.archive)."""
    csv_form = CsvImportForm(prefix="csv", initial={"table": "Moscow"})
    archive_form = ArchiveImportForm(prefix="archive")
    errors, which = [], None
    user = request.user
    if request.method == "POST":
        which = request.POST.get("which")
        try:
            if which == "archive":
                archive_form = ArchiveImportForm(request.POST, request.FILES, prefix="archive")
                if archive_form.is_valid():
                    upload = archive_form.cleaned_data["archive"]
                    session = archive.import_archive(upload.read(), upload.name, user=user)
                    return imported(request, session)
            else:
                csv_form = CsvImportForm(request.POST, request.FILES, prefix="csv")
                if csv_form.is_valid():
                    data = csv_form.cleaned_data
                    session = importers.import_csv(
                        name=data["name"], date=data["date"], policy=data["policy"],
                        duplicated=data["duplicated"], table_name=data["table"].name,
                        boards_data=data["boards"].read(), names_data=data["names"].read(),
                        boards_filename=data["boards"].name, names_filename=data["names"].name,
                        user=user)
                    return imported(request, session)
        except importers.ImportFailed as err:
            errors = err.errors
    return render(request, "scoring/import.html", {
        "csv_form": csv_form, "archive_form": archive_form, "errors": errors, "which": which,
    })


def imported(request, session):
    messages.success(request, _("Imported “%(name)s”: %(pairs)s pairs, %(results)s results.") % {
        "name": session.name, "pairs": session.pairs.count(),
        "results": Result.objects.filter(board__session=session).count()})
    return redirect("standings", session.id)
