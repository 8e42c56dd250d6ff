"""Drive the rules engine with one hand's events: ``replay(hand) -> Replay``.

One pass over the events does the replay's jobs, each in its own module:

* ``facts``: record what each line says (money put in, folds, shows, collections, the
  sections and the summary) and the checks that need only the lines;
* ``feed``: feed the engine (checking each betting action, draw and showdown line against
  docs/rules.md), with its recovery when the engine refuses a line;
* ``hero``: check the hero's cards line by line, for the feed;
* ``result``: build the ``Replay`` and run the checks that need the whole hand (pots, summary,
  structure) on it.

This is the hot path of ``audit``: per event, the loop below makes one dispatch (the feed's
handler records the line's facts, then feeds the engine), with no copies of the state unless
``trace=True`` and no scan ahead for ``Hand cancelled`` (the pass stops there instead).
"""

from __future__ import annotations

from histparse.events import CapReached, Chat, Hand, HandCancelled, PlayerStatus
from histparse.replayer.facts import RECORD_HANDLERS, Cancelled, Facts
from histparse.replayer.feed import HANDLERS, Feed, draws_of
from histparse.replayer.findings import Code, Finding
from histparse.replayer.hero import HeroCards
from histparse.replayer.result import build_facts, build_result
from histparse.replayer.types import Replay, StateAfter
from histparse.sites import SiteProfile, profile_for

__all__ = ["read_facts", "replay"]

# Lines that may stand between a capping action and 'Betting is capped'.
_CAP_NEUTRAL = (CapReached, Chat, PlayerStatus)


def replay(hand: Hand, *, profile: SiteProfile | None = None, trace: bool = False) -> Replay:
    """Replay ``hand`` through the rules engine and check it (see ``Replay``).

    ``profile`` defaults to the hand's site profile. With ``trace=True`` the result holds a
    snapshot of the engine state after every event.
    """
    profile = profile or profile_for(hand.site)
    if hand.partial:
        job = _job(hand, profile, trace)
        job.seat()
        _record_lines(job)
        job.findings.clear()  # not checked: the record keeps what the lines it has say
        job.cancelled = True
        job.add(Code.HAND_PARTIAL, "the site printed only part of this hand; it is not replayed")
        return build_result(job, job.findings, check=False)
    # A cancelled hand is not replayed at all. Rather than scan every hand's events for
    # 'Hand cancelled' first, the pass stops when it meets one (``Cancelled``) and a fresh
    # start builds the cancelled result: the same result, since nothing of the pass is kept.
    # An error on the way to such a line would not have happened without the pass.
    try:
        return _pass(_job(hand, profile, trace))
    except Cancelled:
        pass
    except Exception:
        if HandCancelled not in map(type, hand.events):
            raise
    job = _job(hand, profile, trace)
    job.seat()
    _record_lines(job)
    job.findings.clear()  # a cancelled hand is not checked: its record keeps the lines alone
    job.cancelled = True
    job.add(Code.HAND_CANCELLED, "the site cancelled this hand; it is not replayed")
    return build_result(job, job.findings, check=False)


def _job(hand: Hand, profile: SiteProfile, trace: bool) -> Feed:
    """The pass's state: the facts and the feed jobs in one object (``Feed`` is a ``Facts``)."""
    findings: list[Finding] = []
    return Feed(hand, profile, trace, findings, HeroCards(hand, findings))


def _pass(job: Feed) -> Replay:
    job.start()
    handlers = HANDLERS.get
    events = job.events
    if job.trace:
        states = job.states
        for index, event in enumerate(events):
            job.index = index
            if job.cap_due is not None and not isinstance(event, _CAP_NEUTRAL):
                job.cap_missing()
            handler = handlers(type(event))
            if handler is not None:
                handler(job, event)
            if job.state is not None:
                states.append(StateAfter(index, event.line, job.state.snapshot()))
    else:  # the same loop without the snapshots: this is the hot one
        for index, event in enumerate(events):
            job.index = index
            if job.cap_due is not None and not isinstance(event, _CAP_NEUTRAL):
                job.cap_missing()
            handler = handlers(type(event))
            if handler is not None:
                handler(job, event)
    if job.cap_due is not None:
        job.cap_missing()
    job.finish()
    return build_result(job, job.findings, check=True)


def _record_lines(facts: Facts) -> None:
    """The facts of every line, with no engine (a cancelled or partial hand, ``read_facts``)."""
    handlers = RECORD_HANDLERS.get
    for event in facts.hand.events:
        handler = handlers(type(event))
        if handler is not None:
            handler(facts, event)


def read_facts(hand: Hand, *, profile: SiteProfile | None = None) -> Replay:
    """The record of ``hand`` from its lines alone, without the rules engine: the same
    ``body`` (line facts) as ``replay`` gives, no verdicts and no findings (``audited`` is
    False). What the tables and statistics need when no audit is asked for."""
    profile = profile or profile_for(hand.site)
    facts = Facts(hand, [], draws_of(hand), profile)
    facts.seat()
    _record_lines(facts)
    if hand.partial:
        facts.cancelled = True
    return build_facts(facts)
