"""Small server-rendered SVG charts (no JavaScript): a pair's running IMP total, a player's
evenings, a player's rating month by month. Numbers inside the SVG are never
locale-formatted (coordinates need a decimal point)."""

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from club.notation import signed

WIDTH, HEIGHT = 640, 180
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 10, 22


def running_total_svg(points):
    """An inline <svg> of a running total.

    `points`: (label, total) after each board in playing order, e.g. ("5", 12). The line
    starts at 0; the zero line is drawn; each point carries a tooltip. Scales to its box.
    """
    if not points:
        return ""
    totals = [0] + [total for _label, total in points]
    low, high = min(totals), max(totals)
    if low == high:
        low, high = low - 1, high + 1
    y = _scale(low, high, TOP, HEIGHT - BOTTOM)
    step = (WIDTH - LEFT - RIGHT) / len(points)

    def x(i):
        return round(LEFT + i * step, 1)

    line = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(totals))
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(_("Running total of IMPs, board by board"))}" '
        'preserveAspectRatio="xMidYMid meet">',
        f'<line class="axis" x1="{LEFT}" y1="{y(0)}" x2="{WIDTH - RIGHT}" y2="{y(0)}"/>',
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}"/>',
    ]
    for value in sorted({high, low, 0}):
        parts.append(f'<text class="tick" x="{LEFT - 4}" y="{y(value) + 4}" '
                     f'text-anchor="end">{signed(value)}</text>')
    parts.append(f'<polyline class="line" points="{line}"/>')
    every = max(1, len(points) // 12)  # keep board labels readable on long evenings
    for i, (label, total) in enumerate(points, start=1):
        css = "pos" if total > 0 else "neg" if total < 0 else "zero"
        tip = escape(_("Board %(board)s: %(total)s") % {"board": label, "total": signed(total)})
        parts.append(f'<circle class="dot {css}" cx="{x(i)}" cy="{y(total)}" r="3">'
                     f"<title>{tip}</title></circle>")
        if i % every == 0 or i == len(points):
            parts.append(f'<text class="tick" x="{x(i)}" y="{HEIGHT - 6}" '
                         f'text-anchor="middle">{escape(label)}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))


def _scale(low, high, top, bottom):
    """y(value) mapping [low, high] onto [bottom, top] pixels."""
    if low == high:
        low, high = low - 1, high + 1
    return lambda value: round(top + (high - value) * (bottom - top) / (high - low), 1)


def per_board(value):
    return f"{value:+.2f}".replace("-", "−") if value else "0"


def trend_svg(points):
    """An inline <svg> of a player's evenings: a dot for each evening's IMPs per board
    (green above zero, red below) and the line of IMPs per board so far.

    `points`: (label, IMPs per board that evening, IMPs per board so far), oldest first.
    """
    if not points:
        return ""
    values = [v for _label, evening, so_far in points for v in (evening, so_far)] + [0]
    y = _scale(min(values), max(values), TOP, HEIGHT - BOTTOM)
    step = (WIDTH - LEFT - RIGHT) / max(len(points), 1)

    def x(i):
        return round(LEFT + (i + 0.5) * step, 1)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(_("IMPs per board, evening by evening"))}" '
        'preserveAspectRatio="xMidYMid meet">',
        f'<line class="axis" x1="{LEFT}" y1="{y(0)}" x2="{WIDTH - RIGHT}" y2="{y(0)}"/>',
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}"/>',
    ]
    for value in sorted({min(values), max(values), 0}):
        parts.append(f'<text class="tick" x="{LEFT - 4}" y="{y(value) + 4}" '
                     f'text-anchor="end">{per_board(value)}</text>')
    line = " ".join(f"{x(i)},{y(so_far)}" for i, (_l, _e, so_far) in enumerate(points))
    parts.append(f'<polyline class="line" points="{line}"/>')
    every = max(1, len(points) // 8)
    for i, (label, evening, so_far) in enumerate(points):
        css = "pos" if evening > 0 else "neg" if evening < 0 else "zero"
        tip = escape(_("%(date)s: %(evening)s per board (so far %(so_far)s)") % {
            "date": label, "evening": per_board(evening), "so_far": per_board(so_far)})
        parts.append(f'<circle class="dot {css}" cx="{x(i)}" cy="{y(evening)}" r="3">'
                     f"<title>{tip}</title></circle>")
        if i % every == 0 or i == len(points) - 1:
            parts.append(f'<text class="tick" x="{x(i)}" y="{HEIGHT - 6}" '
                         f'text-anchor="middle">{escape(label)}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))


def rating_trend_svg(points):
    """An inline <svg> of a player's rating over time: a line through the rating at the
    end of each month played, a dot for each with a tooltip, the zero line (the club's
    average player).

    `points`: (label, rating), oldest first; the labels name the months."""
    if not points:
        return ""
    values = [rating for _label, rating in points] + [0]
    y = _scale(min(values), max(values), TOP, HEIGHT - BOTTOM)
    step = (WIDTH - LEFT - RIGHT) / len(points)

    def x(i):
        return round(LEFT + (i + 0.5) * step, 1)

    parts = [
        f'<svg class="chart rating-trend" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(_("Rating at the end of each month played"))}" '
        'preserveAspectRatio="xMidYMid meet">',
        f'<line class="axis" x1="{LEFT}" y1="{y(0)}" x2="{WIDTH - RIGHT}" y2="{y(0)}"/>',
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}"/>',
    ]
    for value in sorted({min(values), max(values), 0}):
        parts.append(f'<text class="tick" x="{LEFT - 4}" y="{y(value) + 4}" '
                     f'text-anchor="end">{per_board(value)}</text>')
    line = " ".join(f"{x(i)},{y(rating)}" for i, (_label, rating) in enumerate(points))
    parts.append(f'<polyline class="line" points="{line}"/>')
    every = max(1, len(points) // 8)
    for i, (label, rating) in enumerate(points):
        css = "pos" if rating > 0 else "neg" if rating < 0 else "zero"
        tip = escape(_("%(month)s: rating %(rating)s") % {"month": label,
                                                          "rating": per_board(rating)})
        parts.append(f'<circle class="dot {css}" cx="{x(i)}" cy="{y(rating)}" r="3">'
                     f"<title>{tip}</title></circle>")
        if i % every == 0 or i == len(points) - 1:
            parts.append(f'<text class="tick" x="{x(i)}" y="{HEIGHT - 6}" '
                         f'text-anchor="middle">{escape(label)}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))
