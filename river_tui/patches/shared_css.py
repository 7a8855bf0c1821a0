"""CSS parsed once per server process, not once per session.

Textual parses an app's CSS (its file, every widget's DEFAULT_CSS, every screen's
CSS) into rule sets in each app's own `Stylesheet`, and again from scratch at every
`reparse` (a screen with its own CSS, a theme change): some 10 ms for each new
session and more for each first game screen, all in the loop every session
shares. The rules depend only on the CSS text and the theme's variables, the same
for every session with that theme (no player's data is in them), and Textual
already hands one parsed rule set to every node it matches (the values are read,
never changed), so sessions may share them too.
"""

from __future__ import annotations

from textual.cache import LRUCache
from textual.css.model import RuleSet
from textual.css.stylesheet import CSSLocation, Stylesheet

_PARSED: LRUCache[tuple[object, ...], list[RuleSet]] = LRUCache(512)
"""Parsed rules by (CSS, where it was read from, its kind, the theme's variables)."""
_VARIABLE_SETS: dict[tuple[tuple[str, str], ...], int] = {}
"""A number for each set of CSS variables seen (one per theme): a short key."""


class SharedStylesheet(Stylesheet):
    """A `Stylesheet` whose parsed rules come from, and go to, one cache for the process."""

    def __init__(self, *, variables: dict[str, str] | None = None) -> None:
        super().__init__(variables=variables)
        self._variables_key: int | None = None

    def set_variables(self, variables: dict[str, str]) -> None:
        super().set_variables(variables)
        self._variables_key = None

    def copy(self) -> SharedStylesheet:
        stylesheet = SharedStylesheet(variables=self._variables.copy())
        stylesheet.source = self.source.copy()
        return stylesheet

    def _parse_rules(
        self,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        if self._variables_key is None:
            variables = tuple(sorted(self._variables.items()))
            self._variables_key = _VARIABLE_SETS.setdefault(variables, len(_VARIABLE_SETS))
        key = (css, read_from, is_default_rules, tie_breaker, scope, self._variables_key)
        rules = _PARSED.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            _PARSED.set(key, rules)
        return rules

    def reparse(self) -> None:
        """As Textual's, through the shared cache: parse the sources in a fresh
        stylesheet (so an error leaves this one as it was), then take its rules."""
        fresh = SharedStylesheet(variables=self._variables)
        fresh.source = dict(self.source)
        try:
            fresh.parse()
        except Exception:
            self._invalid_css.update(fresh._invalid_css)
            raise
        self._rules = fresh._rules
        self._rules_map = None
        self._require_parse = False
