"""The replayer's money unit now lives in ``histparse.money``; this name stays for importers."""

from histparse.money import Money, Unrepresentable

__all__ = ["Money", "Unrepresentable"]
