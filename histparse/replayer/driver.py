"""Drive the rules engine with one hand's events: ``replay(hand) -> Replay``.

One pass over the events does the replay's jobs, each in its own module:

* ``facts``: record what each line says (money put in, folds, shows, collections, the
  sections and the summary) and the checks that need only the lines;
* ``feed``: feed the engine (checking each betting action, draw and showdown line against
  docs/rules.md), with its recovery when the engine refuses a line;
* ``hero``: check the hero's cards line by line, for the feed;
* ``result``: build the ``Replay`` and run the checks that need the whole hand (pots, summary,
  structure) on it.

This is the hot path of ``audit``: per event, the loop below calls the facts job then the feed
(one dispatch each), with no copies of the state unless ``trace=True`` and no scan ahead for
``Hand cancelled`` (the pass stops there instead).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from histparse.events import CapReached, Chat, Hand, HandCancelled, PlayerStatus
from histparse.replayer.facts import FACT_HANDLERS, Cancelled, Facts
from histparse.replayer.feed import FEED_HANDLERS, Feed, draws_of
from histparse.replayer.findings import Code, Finding, make_finding
from histparse.replayer.hero import HeroCards
from histparse.replayer.result import build_result
from histparse.replayer.types import Replay, StateAfter
from histparse.sites import SiteProfile, profile_for

__all__ = ["replay"]

# Lines that may stand between a capping action and 'Betting is capped'.
_CAP_NEUTRAL = (CapReached, Chat, PlayerStatus)


def replay(hand: Hand, *, profile: SiteProfile | None = None, trace: bool = False) -> Replay:
    """Replay ``hand`` through the rules engine and check it (see ``Replay``).

    ``profile`` defaults to the hand's site profile. With ``trace=True`` the result holds a
    snapshot of the engine state after every event.
    """
    profile = profile or profile_for(hand.site)
    # A cancelled hand is not replayed at all. Rather than scan every hand's events for
    # 'Hand cancelled' first, the pass stops when it meets one (``Cancelled``) and a fresh
    # start builds the cancelled result: the same result, since nothing of the pass is kept.
    # An error on the way to such a line would not have happened without the pass.
    try:
        return _replay(hand, profile, trace)
    except Cancelled:
        pass
    except Exception:
        if HandCancelled not in map(type, hand.events):
            raise
    findings: list[Finding] = []
    facts, feed = _jobs(hand, profile, trace, findings)
    facts.cancelled = True
    facts.feed = None  # not needed after the pass (see _replay)
    findings.append(
        make_finding(hand, Code.HAND_CANCELLED, "the site cancelled this hand; it is not replayed")
    )
    return build_result(facts, feed, findings, check=False)


def _jobs(
    hand: Hand, profile: SiteProfile, trace: bool, findings: list[Finding]
) -> tuple[Facts, Feed]:
    """The facts and feed jobs of one replay, reporting to ``findings``."""
    facts = Facts(hand, findings, draws_of(hand))
    feed = Feed(hand, profile, trace, findings, facts, HeroCards(hand, findings))
    facts.feed = feed
    return facts, feed


# Each event class's handlers, the facts job's then the feed's: one lookup per event. A job
# that does not look at the class has None (a test is cheaper than a call that does nothing).
_HANDLERS: dict[
    type, tuple[Callable[[Facts, Any], None] | None, Callable[[Feed, Any], None] | None]
] = {
    kind: (FACT_HANDLERS.get(kind), FEED_HANDLERS.get(kind))
    for kind in (*FACT_HANDLERS, *FEED_HANDLERS)
}
_SKIPS = (None, None)


def _replay(hand: Hand, profile: SiteProfile, trace: bool) -> Replay:
    findings: list[Finding] = []
    facts, feed = _jobs(hand, profile, trace, findings)
    try:
        return _pass(hand, facts, feed, findings)
    finally:
        # The two jobs refer to each other: break the cycle here, so that each replay is freed
        # as it ends rather than left for the cyclic garbage collector (a tenth of the time).
        facts.feed = None


def _pass(hand: Hand, facts: Facts, feed: Feed, findings: list[Finding]) -> Replay:
    feed.start()
    handlers = _HANDLERS.get
    if feed.trace:
        states = feed.states
        for index, event in enumerate(hand.events):
            feed.index = index
            if feed.cap_due is not None and not isinstance(event, _CAP_NEUTRAL):
                feed.cap_missing()
            on_facts, on_feed = handlers(type(event), _SKIPS)
            if on_facts is not None:
                on_facts(facts, event)
            if on_feed is not None:
                on_feed(feed, event)
            if feed.state is not None:
                states.append(StateAfter(index, event.line, feed.state.snapshot()))
    else:  # the same loop without the snapshots: this is the hot one
        for index, event in enumerate(hand.events):
            feed.index = index
            if feed.cap_due is not None and not isinstance(event, _CAP_NEUTRAL):
                feed.cap_missing()
            on_facts, on_feed = handlers(type(event), _SKIPS)
            if on_facts is not None:
                on_facts(facts, event)
            if on_feed is not None:
                on_feed(feed, event)
    if feed.cap_due is not None:
        feed.cap_missing()
    feed.finish()
    return build_result(facts, feed, findings, check=True)
