"""Small presenters for the public pages: a result as a board report's row or a scorecard's
row (with the running total), a deal as a diagram, a ruling as a note. Plain functions of
loaded objects; no queries here."""

from django.urls import reverse
from django.utils.formats import date_format, number_format
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.models import SEATS, VULNERABILITIES
from club.notation import analysis_display, contract_html, hands, outcome_text, seat_display, signed
from club.services.scoring import line_compensation
from club.stats.methods import other_methods
from scoring.engine import MAX_HCP, Adjustment

SEAT_NAMES = dict(SEATS)
VULNERABILITY_NAMES = dict(VULNERABILITIES)


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
    for side, adjustment in ((_("NS"), result.ns_adjustment), (_("EW"), result.ew_adjustment)):
        if adjustment:
            notes.append(format_html("{} {}", side, _(Adjustment(adjustment).short)))
    return mark_safe("; ".join(notes))


def imps_cell(value):
    """(css class, text) for an IMPs figure: "pos"/"neg" colour it."""
    css = "pos" if value > 0 else "neg" if value < 0 else ""
    return css, signed(value)


def pair_names(pairs):
    return {p.id: (p.number, p.players) for p in pairs}


def deal_diagram(deal):
    """{seat: {"name", "suits": [(symbol, css, cards)], "hcp"}} for a PBN deal (the hand
    records page's hands, with each seat's name); None when the deal is not known (or
    cannot be read)."""
    diagram = hands(deal)
    if diagram is not None:
        for seat, hand in diagram.items():
            hand["name"] = SEAT_NAMES[seat.upper()]
    return diagram


def table_result_cells(result):
    """The contract, declarer, outcome and tricks cells of a result; a board not played
    says so and has none."""
    if result.not_played:
        return {"contract": _("Not played"), "declarer": "", "outcome": "", "tricks": None,
                "not_played": True}
    contract = result.contract
    return {"contract": contract_html(contract), "declarer": seat_display(result.declarer),
            "outcome": outcome_text(contract, result.tricks), "tricks": result.tricks,
            "not_played": False}


def board_rows(session, results, names, scorecard_prefix, par_score=None):
    """The board report's rows, by table (results without one last), then NS pair; with
    each NS score against par when the board has one, and each result's matchpoint
    percentages and Butler IMPs beside its compensation (club.stats.methods.other_methods).
    A board not played has no score, compensation or net: only each side's adjusted IMPs."""
    rows = []
    for result, methods in zip(results, other_methods(results), strict=True):
        ns_number, ns_players = names[result.ns_pair_id]
        ew_number, ew_players = names[result.ew_pair_id]
        score = result.ns_score
        not_played = result.not_played
        rows.append({
            "sort": (result.table is None, result.table or 0, ns_number),
            "table": session.table_label(result.table) if result.table else None,
            "round": result.round,
            "ns": session.pair_label(ns_number), "ns_url": f"{scorecard_prefix}{ns_number}/",
            "ns_players": ns_players,
            "ew": session.pair_label(ew_number), "ew_url": f"{scorecard_prefix}{ew_number}/",
            "ew_players": ew_players,
            **table_result_cells(result),
            "ns_hcp": result.effective_ns_hcp,
            "ns_score": score if score > 0 else "", "ew_score": -score if score < 0 else "",
            "passed": score == 0 and not not_played,
            "compensation": "" if not_played else signed(result.ns_compensation),
            "net": "" if not_played else signed(result.ns_net),
            "ns_imps": imps_cell(result.ns_imps), "ew_imps": imps_cell(result.ew_imps),
            "adjusted": result.is_adjusted,
            "ruling": ruling_note(result) if result.is_adjusted else "",
            "vs_par": "" if par_score is None or not_played else signed(score - par_score),
            "ns_percent": number_format(float(methods.ns_percent), 1),
            "ew_percent": number_format(float(methods.ew_percent), 1),
            "ns_butler": signed(methods.ns_butler), "ew_butler": signed(methods.ew_butler),
        })
    rows.sort(key=lambda r: r["sort"])
    return rows


def scorecard_rows(session, pair, results, names, board_prefix, scorecard_prefix,
                   sit_out_rounds=(), in_play=frozenset()):
    """A pair's scorecard: one row per board it played, from its own side (score, HCP,
    compensation and IMPs; a board not played only its adjusted IMPs), in playing order
    with the running total; a row for each round it sat out. A board still `in_play`
    elsewhere shows only that: no contract, score or IMPs, and it stays out of the running
    total (the pair's total in the standings counts it). Returns (rows, [(board label,
    running total)] for the chart)."""
    played = []
    for result in results:
        is_ns = result.ns_pair_id == pair.id
        opponent_number, opponent_players = names[result.ew_pair_id if is_ns else
                                                  result.ns_pair_id]
        number = result.board.number
        row = {
            "sort": (result.round is None, result.round or 0, number),
            "round": result.round, "board": number,
            "opponents": session.pair_label(opponent_number),
            "opponents_url": f"{scorecard_prefix}{opponent_number}/",
            "opponents_players": opponent_players,
            "direction": _("NS") if is_ns else _("EW"),
        }
        if number in in_play:
            played.append({**row, "in_play": True})
            continue
        side = 1 if is_ns else -1
        ns_hcp = result.effective_ns_hcp
        not_played = result.not_played
        played.append({
            **row, "board_url": f"{board_prefix}{number}/", **table_result_cells(result),
            "score": "" if not_played else signed(side * result.ns_score),
            "hcp": ns_hcp if is_ns or ns_hcp is None else MAX_HCP - ns_hcp,
            "compensation": "" if not_played else signed(side * result.ns_compensation),
            "net": "" if not_played else signed(side * result.ns_net),
            "imps_value": result.ns_imps if is_ns else result.ew_imps,
            "adjusted": result.is_adjusted,
            "ruling": ruling_note(result) if result.is_adjusted else "",
        })
    played.sort(key=lambda r: r["sort"])
    shown = [row for row in played if not row.get("in_play")]
    total = 0
    for row in shown:
        total += row["imps_value"]
        row["imps"] = imps_cell(row["imps_value"])
        row["total"] = imps_cell(total)
        row["total_value"] = total
    rows = played + [{"sort": (False, r, 0), "round": r, "sit_out": True}
                     for r in sit_out_rounds]
    rows.sort(key=lambda r: r["sort"])
    return rows, [(str(r["board"]), r["total_value"]) for r in shown]


def board_analysis(board, session):
    """What the cards allowed against what the HCP expect, for a board with a deal: the
    double-dummy table and par (club.notation.analysis_display), and the compensation the
    line holding 21+ HCP owes under the session's table. None without an analysed deal."""
    analysis = analysis_display(board)
    if analysis is None:
        return None
    expected = line_compensation(board, session)
    return {
        **analysis,
        "expected": None if expected is None else signed(expected),
        "par_minus_expected": None if expected is None else signed(board.par_score - expected),
    }


# --- across sessions: seasons, events, players ----------------------------------------------

def season_rules(season):
    """The rules of a season's ladder in plain sentences, for the top of its page."""
    if season.by_period:
        rules = [_("Published sessions from %(start)s to %(end)s count.") % {
            "start": date_format(season.start), "end": date_format(season.end)}]
    else:
        rules = [_("The published sessions the directors chose count (listed below).")]
    rules.append(_("Players are ranked by IMPs per board: the IMPs of their pairs over the "
                   "boards they played, whoever the partner."))
    rules.append(ngettext("A player is ranked after playing %(count)s session.",
                          "A player is ranked after playing at least %(count)s sessions.",
                          season.min_sessions) % {"count": season.min_sessions})
    if season.best_of:
        rules.append(ngettext(
            "Only each player's best evening (by IMPs per board) counts.",
            "Only each player's best %(count)s evenings (by IMPs per board) count.",
            season.best_of) % {"count": season.best_of})
    else:
        rules.append(_("Every evening counts."))
    return rules


def evening_partner(evening, names, player_prefix):
    """The partner cells of an evening: the partner's name and page; an individual's
    evening (no one partner) says so, its link the session's standings by player."""
    if evening.partner_id is None:
        return {"partner": _("individual: a new partner each round"), "partner_url": "",
                "scorecard_url": reverse("individual-standings", args=[evening.session_id])}
    return {"partner": names[evening.partner_id],
            "partner_url": f"{player_prefix}{evening.partner_id}/",
            "scorecard_url": reverse("pair-scorecard",
                                     args=[evening.session_id, evening.number])}


def evening_rows(played, names, player_prefix):
    """A player's (or partnership's) sessions as rows, newest first: the session (to its
    standings), the pair (to its scorecard), the partner (to their page) and the figures."""
    return [{
        "date": e.date, "session": e.session_name,
        "standings_url": reverse("standings", args=[e.session_id]),
        "pair": "" if e.partner_id is None else e.label,
        **evening_partner(e, names, player_prefix),
        "boards": e.boards, "imps": imps_cell(e.imps), "per_board": signed(e.imps_per_board),
    } for e in reversed(played)]


def trend_points(played):
    """(date, IMPs per board that evening, IMPs per board so far) for each evening, oldest
    first: the trend chart's points."""
    points, imps, boards = [], 0, 0
    for evening in played:
        imps += evening.imps
        boards += evening.boards
        points.append((str(evening.date), evening.imps / evening.boards, imps / boards))
    return points
