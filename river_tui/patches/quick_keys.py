"""The footer's keys and a widget's scroll range, read and set straight in Textual's tables.

- `footer_keys`: Textual's ``Screen.active_bindings`` asks every binding on the
  focused chain's ``check_action`` (the map's and list's own keys, arrows and letters,
  are many and never shown); every seat's screen asks after every move whether its
  footer changed. Here only the keys with a shown binding are asked, the same winners
  picked (the first binding in the chain whose action is not hidden, a priority one
  before others): tests/screens/test_footers.py compares the two.
- `set_scroll_range`: a widget whose size its CSS sets (widgets/scroll_range.py) gets
  its scrollbars' range for new content as a layout would set it, without a layout of
  the whole screen (docs/decisions/0005).
"""

from __future__ import annotations

from textual.binding import Binding
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget


def footer_keys(screen: Screen) -> tuple[tuple[str, str, bool], ...]:
    """(key, action, enabled) of each key the footer shows, as ``active_bindings`` resolves them."""
    chain = screen._modal_binding_chain
    wanted = {key for _, bindings in chain for key, binding in bindings if binding.show}
    check = screen.app._check_action_state
    winners: dict[str, tuple[Binding, bool]] = {}
    for namespace, bindings in chain:
        for key, binding in bindings:
            if key not in wanted:
                continue
            state = check(binding.action, namespace)
            if state is False:
                continue
            held = winners.get(key)
            if held is None or (binding.priority and not held[0].priority):
                winners[key] = (binding, bool(state))
    return tuple((key, binding.action, enabled) for key, (binding, enabled) in winners.items() if binding.show)


def set_scroll_range(widget: Widget, size: Size) -> None:
    widget._scroll_update(size)
