"""A small server-rendered SVG line chart (no JavaScript): a pair's running IMP total."""

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

WIDTH, HEIGHT = 640, 180
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 10, 22


def signed(value):
    return f"{value:+d}".replace("-", "−") if value else "0"


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
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = inner_w / len(points)

    def x(i):
        return round(LEFT + i * step, 1)

    def y(value):
        return round(TOP + (high - value) * inner_h / (high - low), 1)

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
