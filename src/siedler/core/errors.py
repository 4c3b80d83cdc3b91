"""Errors the public API raises; all are ``ValueError`` so callers can catch bad input in one place."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is not legal now, or text that does not parse; the game is left unchanged."""


class OptionError(ValueError):
    """An unknown rule set, an unknown option or an option value out of range."""


class RecordError(ValueError):
    """A game record or exported state that is malformed or does not replay."""
