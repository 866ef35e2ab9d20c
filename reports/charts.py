"""Small server-rendered SVG charts (no JavaScript): a pair's running IMP total, a player's
evenings, a player's rating month by month. Numbers inside the SVG are never
locale-formatted (coordinates need a decimal point)."""

from dataclasses import dataclass

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
    count = len(points)
    every = max(1, count // 12)  # keep board labels readable on long evenings
    dots = [Dot(i, total, _("Board %(board)s: %(total)s") % {
                "board": label, "total": signed(total)},
                label if i % every == 0 or i == count else None)
            for i, (label, total) in enumerate(points, start=1)]
    line = [(0, 0)] + [(dot.position, dot.value) for dot in dots]
    return _chart(_("Running total of IMPs, board by board"), line, dots, slots=count,
                  tick_format=signed, widen_flat=True)


def per_board(value):
    return f"{value:+.2f}".replace("-", "−") if value else "0"


def trend_svg(points):
    """An inline <svg> of a player's evenings: a dot for each evening's IMPs per board
    (green above zero, red below) and the line of IMPs per board so far.

    `points`: (label, IMPs per board that evening, IMPs per board so far), oldest first.
    """
    if not points:
        return ""
    every = max(1, len(points) // 8)
    dots = [Dot(i + 0.5, evening,
                _("%(date)s: %(evening)s per board (so far %(so_far)s)") % {
                    "date": label, "evening": per_board(evening), "so_far": per_board(so_far)},
                _every_label(label, i, every, len(points)))
            for i, (label, evening, so_far) in enumerate(points)]
    line = [(i + 0.5, so_far) for i, (_label, _evening, so_far) in enumerate(points)]
    return _chart(_("IMPs per board, evening by evening"), line, dots, slots=len(points),
                  tick_format=per_board)


def rating_trend_svg(points):
    """An inline <svg> of a player's rating over time: a line through the rating at the
    end of each month played, a dot for each with a tooltip, the zero line (the club's
    average player).

    `points`: (label, rating), oldest first; the labels name the months."""
    if not points:
        return ""
    every = max(1, len(points) // 8)
    dots = [Dot(i + 0.5, rating,
                _("%(month)s: rating %(rating)s") % {"month": label,
                                                      "rating": per_board(rating)},
                _every_label(label, i, every, len(points)))
            for i, (label, rating) in enumerate(points)]
    return _chart(_("Rating at the end of each month played"),
                  [(dot.position, dot.value) for dot in dots], dots, slots=len(points),
                  tick_format=per_board, css_class="chart rating-trend")


@dataclass(frozen=True)
class Dot:
    """One point of a chart: where along the x axis (in slots), its value, its tooltip,
    and the label written under it (None: no label, to keep long axes readable)."""

    position: float
    value: float
    tip: str
    label: str | None


def _every_label(label, index, every, count):
    return label if index % every == 0 or index == count - 1 else None


def _chart(aria_label, line, dots, *, slots, tick_format, css_class="chart",
           widen_flat=False):
    """The frame every chart shares: the zero line and the y axis, ticks at the lowest,
    highest and zero values, a polyline through `line` ((position, value)), a dot with a
    tooltip for each of `dots`, coloured by its sign, and their labels under the x axis.
    `slots` divides the x axis; `widen_flat` ticks a flat line at -1 and +1 too."""
    values = [value for _position, value in line] + [dot.value for dot in dots] + [0]
    low, high = min(values), max(values)
    if widen_flat and low == high:
        low, high = low - 1, high + 1
    y = _scale(low, high, TOP, HEIGHT - BOTTOM)
    step = (WIDTH - LEFT - RIGHT) / slots

    def x(position):
        return round(LEFT + position * step, 1)

    parts = [
        f'<svg class="{css_class}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(aria_label)}" preserveAspectRatio="xMidYMid meet">',
        f'<line class="axis" x1="{LEFT}" y1="{y(0)}" x2="{WIDTH - RIGHT}" y2="{y(0)}"/>',
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}"/>',
    ]
    for value in sorted({low, high, 0}):
        parts.append(f'<text class="tick" x="{LEFT - 4}" y="{y(value) + 4}" '
                     f'text-anchor="end">{tick_format(value)}</text>')
    points = " ".join(f"{x(position)},{y(value)}" for position, value in line)
    parts.append(f'<polyline class="line" points="{points}"/>')
    for dot in dots:
        css = "pos" if dot.value > 0 else "neg" if dot.value < 0 else "zero"
        parts.append(f'<circle class="dot {css}" cx="{x(dot.position)}" cy="{y(dot.value)}" '
                     f'r="3"><title>{escape(dot.tip)}</title></circle>')
        if dot.label is not None:
            parts.append(f'<text class="tick" x="{x(dot.position)}" y="{HEIGHT - 6}" '
                         f'text-anchor="middle">{escape(dot.label)}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))


def _scale(low, high, top, bottom):
    """y(value) mapping [low, high] onto [bottom, top] pixels."""
    if low == high:
        low, high = low - 1, high + 1
    return lambda value: round(top + (high - value) * (bottom - top) / (high - low), 1)
