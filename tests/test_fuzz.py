"""A bounded, seeded fuzz run (issue 22): mutated real hands go through parse, audit, tables,
stats, show, export and load, and no exception escapes any of them. Each mutation is a text
edit a damaged or hostile file could hold; what the pipeline does with it (reject, finding,
refusal) is the other tests' business, here only that it never stops the run."""

from __future__ import annotations

import random
from pathlib import Path

from histparse.auditor import audit_results
from histparse.events import Hand
from histparse.export import load
from histparse.export.parallel import export_results
from histparse.frames import tables
from histparse.parsing import parse_results, read_histories
from histparse.show import render_hand
from histparse.sites import SITES
from histparse.stats import player_stats

DATA = Path(__file__).resolve().parent / "data"
SEED = 22
MUTANTS = 1500
_NASTY = ["\x00", "\x1b[2J", "\u202e", "9" * 5000, "-1", "$-0.10", "\r", "", "=1+1", "é", "\ufeff"]


# The folders whose names are not the site's, lower case.
_FOLDERS = {"Kings Club": "kingsclub", "Merge": "merge_carbon"}


def _sources() -> dict[str, list[str]]:
    """The real hands of every site the registry parses (``histparse.sites.SITES``: a site
    added there joins the fuzz with its files in ``real_histories/<site name, lower case>/``
    or the folder ``_FOLDERS`` names),
    by site; the hand-written PokerStars ones too."""
    by_site: dict[str, list[str]] = {site.name: [] for site in SITES if site.expected}
    for name, texts in by_site.items():
        folder = DATA / "real_histories" / _FOLDERS.get(name, name.lower().replace(" ", "_"))
        for hand in read_histories(str(folder)):
            if hand.site == name:
                texts.append(hand.source.text.replace("\r\n", "\n").strip("\n"))
    for f in sorted((DATA / "hardening").glob("*.txt")):
        text = f.read_text(encoding="utf-8")
        by_site["PokerStars"] += [h.strip("\n") for h in text.split("\n\n\n") if h.strip()]
    return by_site


def _mutate(rng: random.Random, hand: str) -> str:
    lines = hand.split("\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        op = rng.randrange(7)
        if op == 0 and len(lines) > 1:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3 and lines[i]:
            k = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:k] + rng.choice(_NASTY) + lines[i][k + 1 :]
        elif op == 4:
            digits = [k for k, c in enumerate(lines[i]) if c.isdigit()]
            if digits:
                k = rng.choice(digits)
                lines[i] = lines[i][:k] + str(rng.randrange(10)) + lines[i][k + 1 :]
        elif op == 5:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        else:
            lines.insert(i, "")
    return "\n".join(lines)


def test_mutated_real_hands_never_stop_a_command(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    sources = _sources()
    for site, texts in sources.items():
        # Winamax has 2 real 2-7 hands, Kings Club 8: the round robin below mutates each often.
        assert texts, f"{site}: no real hands to mutate"
    sites = sorted(sources)
    # Round robin over the sites, so that each gets its share whatever its file count.
    mutants = (_mutate(rng, rng.choice(sources[sites[k % len(sites)]])) for k in range(MUTANTS))
    text = "\n\n\n".join(mutants) + "\n"
    results = parse_results(text, "fuzz.txt")
    hands = [r for r in results if isinstance(r, Hand)]
    assert {h.site for h in hands} == set(sites)  # most mutants of every site still parse
    run = audit_results(results)
    findings = list(run)
    assert run.counts.read == len(results)
    refused: list[object] = []
    t = tables(hands, findings, on_error=lambda h, e: refused.append(e))
    player_stats(t)
    for hand in hands:
        try:
            render_hand(hand)
        except Exception as exc:  # pragma: no cover - the assertion names the hand
            raise AssertionError(f"show failed on {hand.hand_id}: {exc!r}") from exc
    export_results(results, tmp_path / "ds")
    loaded = load(tmp_path / "ds")
    assert len(loaded.hands) <= len(hands)
