"""Issue 32's acceptance run: on N generated hands of each site (reshuffled all-ins among
them), every parsed hand is in ``stats`` and in the exported dataset, and every all-in
showdown has an EV (or says why not).

For each site: ``histparse generate --site S --focus reshuffle,all-in``, then

* ``parse``: the hands read, parsed and rejected;
* the tables from text (``histparse.tables``, the path ``stats`` takes): one ``hands`` row per
  parsed hand, one ``players`` row per player dealt in;
* ``export`` into a fresh dataset (audit on, all-in EV on): its exit status and its ``hands``;
* the all-in showdowns (a ``hands`` row with ``has_showdown`` whose players went all in): how
  many have an EV (``allin_method`` set) and how many a note (``allin_ev_note``), by reason;
* how many hands saw ``The deck is reshuffled`` (or needed it) before the all-in.

Run: ``python bench/check_one_reading.py [--hands N] [--seed S] [--sites a,b]``; it prints one
block per site and exits 1 if any hand is missing anywhere or an all-in showdown has neither an
EV nor a note.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
from collections import Counter
from pathlib import Path

from histparse import read_histories, tables
from histparse.cli import main
from histparse.events import Hand
from histparse.export import load
from histparse.replayer import read_facts

SITES = ("pokerstars", "fulltilt", "winamax", "kingsclub", "merge")


def _run(argv: list[str]) -> int:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return main(argv)


def _reshuffled(hand: Hand) -> bool:
    """Whether the hand needed a reshuffle (R-DRAW-3), printed or not: more cards served than
    the deck holds."""
    body = read_facts(hand).body
    served = 5 * len(body.seats) + sum(d.discarded for d in body.draw_records)
    return bool(body.reshuffles) or served > 52


def check(site: str, hands: int, seed: int, tmp: Path) -> bool:
    """One site's run; True when nothing is missing."""
    ext = "xml" if site == "merge" else "txt"
    path = tmp / f"{site}.{ext}"
    status = _run(
        ["generate", "--hands", str(hands), "--seed", str(seed), "--site", site,
         "--focus", "reshuffle,all-in", "--out", str(path), "-q"]
    )  # fmt: skip
    assert status == 0, f"generate --site {site} exited {status}"
    parsed = list(read_histories(path))
    reshuffled = sum(map(_reshuffled, parsed))
    t = tables(parsed)
    out = tmp / f"{site}-ds"
    exported = _run(["export", str(path), "--out", str(out), "-q", "--jobs", "2"])
    ds = load(out)
    players = ds.players
    allin_hands = set(
        players.loc[players["allin_equity"].notna(), "hand_id"].astype(str)
    )  # fmt: skip
    notes = Counter(str(n).split(":")[0] for n in ds.hands["allin_ev_note"].dropna())
    in_showdown = ds.hands[ds.hands["has_showdown"]]
    all_in_players = set(
        players.loc[players["went_to_showdown"] & (players["allin_draws_left"].notna()
                    | players["allin_equity"].notna()), "hand_id"].astype(str)
    )  # fmt: skip
    noted = set(ds.hands.loc[ds.hands["allin_ev_note"].notna(), "hand_id"].astype(str))
    ok = (
        len(t.hands) == len(parsed) == len(ds.hands)
        and len(t.players) == len(players)
        and exported == 0
        and all_in_players <= allin_hands | noted
    )
    print(
        f"{site:>10}: {len(parsed):,} parsed, {len(t.hands):,} hands rows from text, "
        f"{len(ds.hands):,} exported (exit {exported}); {len(t.players):,} / {len(players):,} "
        f"players rows; {reshuffled:,} hands that needed a reshuffle; "
        f"{len(in_showdown):,} showdowns, "
        f"{len(allin_hands):,} all-in showdowns with an EV, {len(noted):,} with a note "
        f"{dict(notes) or ''} -> {'ok' if ok else 'MISSING'}"
    )
    return ok


def main_() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--sites", default=",".join(SITES))
    args = parser.parse_args()
    good = True
    with tempfile.TemporaryDirectory() as tmp:
        for site in args.sites.split(","):
            good &= check(site, args.hands, args.seed, Path(tmp))
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main_())
