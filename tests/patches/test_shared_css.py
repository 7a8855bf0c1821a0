"""CSS parsed once per server process (patches/shared_css.py): a session's stylesheet
holds the rules Textual's own would parse, the second session with the same CSS and
theme gets them without parsing, another theme parses its own, and a CSS error on
reparse leaves the rules as they were."""

from __future__ import annotations

import pytest
from textual.css.stylesheet import Stylesheet
from textual.css.tokenizer import TokenError

from river_tui.patches.shared_css import SharedStylesheet

pytestmark = pytest.mark.patches  # checks a patch: skipped when they are off

CSS = "Static { color: $accent; width: 3; } #board > .cell:focus { background: $panel 50%; }"
DARK = {"accent": "#ff0000", "panel": "#101010"}
LIGHT = {"accent": "#0000ff", "panel": "#f0f0f0"}


def parsed(sheet: Stylesheet, css: str = CSS) -> Stylesheet:
    sheet.add_source(css, read_from=("test.tcss", ""))
    sheet.parse()
    return sheet


def test_a_shared_stylesheet_holds_the_rules_textual_parses():
    mine, textuals = parsed(SharedStylesheet(variables=DARK)), parsed(Stylesheet(variables=DARK))
    assert [rule.css for rule in mine.rules] == [rule.css for rule in textuals.rules]
    assert "#FF0000" in " ".join(rule.css for rule in mine.rules)


def test_the_same_css_and_theme_are_parsed_once_another_theme_again():
    first, second = parsed(SharedStylesheet(variables=DARK)), parsed(SharedStylesheet(variables=DARK))
    assert all(a is b for a, b in zip(first.rules, second.rules, strict=True))
    light = parsed(SharedStylesheet(variables=LIGHT))
    assert not any(a is b for a, b in zip(first.rules, light.rules, strict=True))
    assert "#0000FF" in " ".join(rule.css for rule in light.rules)


def test_a_reparse_that_fails_leaves_the_rules_as_they_were():
    sheet = parsed(SharedStylesheet(variables=DARK))
    before = [rule.css for rule in sheet.rules]
    sheet.add_source("Static { colour: nonsense; ", read_from=("broken.tcss", ""))
    with pytest.raises(TokenError):
        sheet.reparse()
    assert [rule.css for rule in sheet.rules] == before
