"""Figures of a fairness report: observed against expected counts, and the tests' p-values."""

from __future__ import annotations

from math import log10

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from histparse.fairness import FairnessReport, FairnessTest

__all__ = ["plot_fairness"]

_OBSERVED = "#1f77b4"
_EXPECTED = "#bbbbbb"
_ALARM = "#d62728"
_CAP = 20.0  # -log10 p drawn at most this long, so the near-threshold bars stay readable


_X_LABELS = {
    "dealt-ranks": "rank of each dealt card",
    "dealt-classes": "starting-hand class of the five dealt cards",
}


def _bars(ax: Axes, test: FairnessTest, rotate: bool = False) -> None:
    labels = [c[0] for c in test.categories]
    observed = [c[1] for c in test.categories]
    expected = [c[2] for c in test.categories]
    x = list(range(len(labels)))
    ax.bar([i - 0.2 for i in x], expected, width=0.4, color=_EXPECTED, label="fair deal")
    ax.bar([i + 0.2 for i in x], observed, width=0.4, color=_OBSERVED, label="observed")
    ax.set_xticks(x, labels, rotation=45 if rotate else 0, ha="right" if rotate else "center")
    verdict = (
        "not enough hands"
        if not test.enough
        else f"p = {test.p_value:.3g}" + (" — ALARM" if test.alarm else "")
    )
    ax.set_title(f"{test.title} ({verdict})", color=_ALARM if test.alarm else "black")
    ax.set_ylabel(f"{test.unit if test.name != 'dealt-ranks' else 'cards'} (count)")
    ax.set_xlabel(_X_LABELS.get(test.name, "category"))
    # Headroom over the bars for the legend, which then hides none of them.
    ax.set_ylim(0, max([*observed, *expected, 1]) * 1.2)
    ax.legend(loc="upper right", fontsize="small", ncols=2)


def _p_values(ax: Axes, report: FairnessReport) -> None:
    tests = [t for t in report.tests if t.enough]
    if not tests:
        ax.text(0.5, 0.5, "not enough hands for any test", ha="center", va="center")
        ax.set_axis_off()
        return
    raw = [-log10(max(1.0 if t.p_value is None else t.p_value, 1e-300)) for t in tests]
    heights = [min(h, _CAP) for h in raw]
    names = [(" / ".join(t.group) + ": " if t.group else "") + t.name for t in tests]
    colors = [_ALARM if t.alarm else _OBSERVED for t in tests]
    y = list(range(len(tests)))
    ax.barh(y, heights, color=colors)
    ax.set_yticks(y, names, fontsize="small")
    ax.invert_yaxis()
    for yi, (h, full) in enumerate(zip(heights, raw, strict=True)):
        if full > _CAP:
            ax.text(h, yi, f" p < 1e-{int(_CAP)}", va="center", fontsize="small")
    # As wide as the longest bar or the strictest level needs (not always the cap): short
    # bars stay readable.
    widest = max([*heights, -log10(report.alpha / len(tests))])
    ax.set_xlim(0, min(_CAP, widest) * 1.15 + 0.5)
    n = len(tests)
    # Holm's step-down levels run from alpha / n (strictest) to alpha.
    ax.axvline(
        -log10(report.alpha / n),
        color=_ALARM,
        linestyle="--",
        label=f"alpha/{n} (Holm's first step)",
    )
    ax.axvline(-log10(report.alpha), color="gray", linestyle=":", label=f"alpha = {report.alpha}")
    ax.set_xlabel("-log10 p-value (longer bar: less like a fair deal)")
    ax.set_title(f"every test, family-wise level {report.alpha} ({report.correction})")
    ax.legend(loc="lower right", fontsize="small")


def plot_fairness(report: FairnessReport) -> Figure:
    """The report at a glance: dealt ranks and starting-hand classes of the first group against
    a fair deal, and every test's p-value against the corrected levels."""
    fig = Figure(figsize=(14.0, 10.0), layout="constrained")
    grid = fig.add_gridspec(2, 2)
    first = report.groups[0].tests if report.groups else ()
    by_name = {t.name: t for t in first}
    for spot, name, rotate in (((0, 0), "dealt-ranks", False), ((0, 1), "dealt-classes", True)):
        ax = fig.add_subplot(grid[spot])
        test = by_name.get(name)
        if test is None:
            ax.text(0.5, 0.5, "no hands", ha="center", va="center")
            ax.set_axis_off()
        else:
            _bars(ax, test, rotate)
    _p_values(fig.add_subplot(grid[1, :]), report)
    who = report.player or "the hero of each hand"
    group = " / ".join(report.groups[0].key) if report.groups and report.groups[0].key else ""
    fig.suptitle(
        f"Deal fairness for {who}: {report.hands_used} hands"
        + (f" (bars: {group})" if group else "")
        + f" — verdict: {report.verdict}"
    )
    return fig
