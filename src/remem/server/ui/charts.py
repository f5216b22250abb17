"""Charts as inline SVG, drawn on the server (no script, no library), and the
lifecycle page: the health report of ``remem report`` for the caller's scope."""

from __future__ import annotations

from collections.abc import Sequence

from remem.lifecycle import report
from remem.model import utcnow
from remem.server.ui.html import Markup, h, join, table
from remem.server.ui.web import Html, View, page

COLORS = ("#2a9d8f", "#e9c46a", "#8d99ae", "#457b9d", "#bbbbbb", "#e76f51", "#6a4c93")


def factor_bars(factors: Sequence[tuple[str, float]]) -> Markup:
    """Horizontal bars, one a score factor (0..1, or a little over for boosts)."""
    if not factors:
        return Markup("")
    top = max(1.0, *(v for _, v in factors))
    row, label_w, bar_w = 18, 90, 240
    parts = []
    for i, (name, value) in enumerate(factors):
        y = i * row
        width = max(0.0, value) / top * bar_w
        parts.append(
            h(
                '<text x="0" y="{}" class="lbl">{}</text>'
                '<rect x="{}" y="{}" width="{}" height="12" fill="#457b9d"></rect>'
                '<text x="{}" y="{}" class="val">{}</text>',
                y + 12,
                name,
                label_w,
                y + 2,
                f"{width:.1f}",
                label_w + width + 4,
                y + 12,
                f"{value:.3g}",
            )
        )
    height = row * len(factors)
    return h(
        '<svg class="chart bars" role="img" aria-label="score factors" width="{}" height="{}" '
        'viewBox="0 0 {} {}">{}</svg>',
        label_w + bar_w + 50,
        height,
        label_w + bar_w + 50,
        height,
        join(parts),
    )


def column_chart(title: str, data: Sequence[tuple[str, float]]) -> Markup:
    """Vertical columns with their values, labels under them."""
    width, height, pad, base = 480, 220, 20, 180
    n = max(1, len(data))
    step = (width - 2 * pad) / n
    top = max([1.0, *(v for _, v in data)])
    parts = []
    for i, (label, value) in enumerate(data):
        bar = value / top * (base - 20)
        x = pad + i * step + step * 0.15
        parts.append(
            h(
                '<rect x="{}" y="{}" width="{}" height="{}" fill="{}"><title>{}: {}</title></rect>'
                '<text x="{}" y="{}" class="val" text-anchor="middle">{}</text>'
                '<text x="{}" y="{}" class="lbl" text-anchor="middle">{}</text>',
                f"{x:.1f}",
                f"{base - bar:.1f}",
                f"{step * 0.7:.1f}",
                f"{bar:.1f}",
                COLORS[i % len(COLORS)],
                label,
                _num(value),
                f"{x + step * 0.35:.1f}",
                f"{base - bar - 4:.1f}",
                _num(value),
                f"{x + step * 0.35:.1f}",
                base + 16,
                label,
            )
        )
    return _figure(title, width, height, join(parts))


def line_chart(
    title: str, xs: Sequence[str], series: Sequence[tuple[str, Sequence[float]]]
) -> Markup:
    """Lines over shared x labels, with a legend."""
    width, height, pad, base = 420, 220, 36, 170
    top = max([1e-9, *(v for _, values in series for v in values)])
    n = max(1, len(xs) - 1)
    parts = [
        h(
            '<line x1="{}" y1="{}" x2="{}" y2="{}" class="axis"></line>',
            pad,
            base,
            width - 10,
            base,
        ),
        h('<text x="4" y="{}" class="lbl">{}</text>', 24, _num(top)),
        h('<text x="4" y="{}" class="lbl">0</text>', base),
    ]
    for k, (name, values) in enumerate(series):
        color = COLORS[(k * 3) % len(COLORS)]
        points = " ".join(
            f"{pad + i / n * (width - pad - 20):.1f},{base - v / top * (base - 20):.1f}"
            for i, v in enumerate(values)
        )
        parts.append(
            h(
                '<polyline points="{}" fill="none" stroke="{}" stroke-width="2"></polyline>',
                points,
                color,
            )
        )
        for point in points.split():
            cx, cy = point.split(",")
            parts.append(h('<circle cx="{}" cy="{}" r="3" fill="{}"></circle>', cx, cy, color))
        parts.append(
            h(
                '<rect x="{}" y="{}" width="10" height="10" fill="{}"></rect>',
                pad + k * 190,
                height - 14,
                color,
            )
        )
        parts.append(
            h('<text x="{}" y="{}" class="lbl">{}</text>', pad + 14 + k * 190, height - 5, name)
        )
    stride = max(1, len(xs) // 6)
    for i in range(0, len(xs), stride):
        x = pad + i / n * (width - pad - 20)
        parts.append(
            h(
                '<text x="{}" y="{}" class="lbl" text-anchor="middle">{}</text>',
                f"{x:.1f}",
                base + 16,
                xs[i],
            )
        )
    return _figure(title, width, height, join(parts))


def _figure(title: str, width: int, height: int, content: Markup) -> Markup:
    return h(
        '<figure class="chart"><svg role="img" aria-label="{}" width="{}" height="{}" viewBox="0 0 {} {}">'
        "{}</svg><figcaption>{}</figcaption></figure>",
        title,
        width,
        height,
        width,
        height,
        content,
        title,
    )


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.3g}"


@page("/lifecycle")
def lifecycle(view: View) -> Html:
    with view.ctx.memory() as mem:
        r = report.health(mem.store, mem.config, utcnow(), scope=view.scope)
    statuses = ("archived", "cold", "superseded", "forgotten", "purged")
    distribution = [("fresh", float(r.fresh)), ("stale", float(r.stale))] + [
        (s, float(r.by_status.get(s, 0))) for s in statuses
    ]
    created = active = 0
    cumulative: list[float] = []
    still: list[float] = []
    for _, c, a in r.growth:
        created, active = created + c, active + a
        cumulative.append(created)
        still.append(active)
    days = [f"{d}d" for d, _, _ in r.decay]
    charts = join(
        [
            column_chart("Memories: active (fresh / stale) and the rest", distribution),
            line_chart(
                "Growth by week", [w[5:] for w, _, _ in r.growth] or ["-"],
                [("created (cumulative)", cumulative or [0]), ("still active", still or [0])],
            ),
            line_chart(
                "Decay if unused from now on", days,
                [("mean effective score", [m for _, m, _ in r.decay]),
                 ("share below the purge line", [p for _, _, p in r.decay])],
            ),
            column_chart("Active memories by effective score", [(k, float(n)) for k, n in r.score_bands.items()]),
        ]
    )  # fmt: skip
    total = sum(r.by_status.values())
    summary = h(
        "<p>As of {} UTC: {} memories in this scope, {} active ({} fresh, {} stale).</p>",
        r.now,
        total,
        r.by_status.get("active", 0),
        r.fresh,
        r.stale,
    )
    tables = join(
        [
            h(
                '<div class="tables"><div><h2>By category (active)</h2>{}</div>',
                table(("category", "memories"), r.by_category.items()),
            ),
            h(
                "<div><h2>By kind (active)</h2>{}</div>",
                table(("kind", "memories"), sorted(r.by_kind.items())),
            ),
            h(
                "<div><h2>By tier / status</h2>{}</div></div>",
                table(("tier / status", "memories"), sorted(r.by_tier.items())),
            ),
        ]
    )
    return Html(
        "Lifecycle",
        join([summary, h('<div class="charts">{}</div>', charts), tables]),
        section="lifecycle",
    )
