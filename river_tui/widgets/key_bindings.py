"""The keys a node binds, read through Textual's public API: its classes' ``BINDINGS``
and the player's keymap (keymap.py), as Textual applies them."""

from __future__ import annotations

from collections.abc import Mapping

from textual.binding import Binding
from textual.dom import DOMNode


def bound_to(node: DOMNode, key: str, keymap: Mapping[str, str] | None = None) -> list[Binding]:
    """``node``'s bindings for ``key``: those of the nearest of its classes that binds
    it (as Textual merges them), a binding the keymap (binding id -> keys) moves by its
    new keys."""
    for cls in type(node).__mro__:
        found = [binding for binding in _declared(cls, keymap or {}) if binding.key == key]
        if found:
            return found
    return []


def priority_actions(node: DOMNode) -> set[str]:
    """The actions ``node``'s classes bind with priority (their names, without arguments)."""
    return {binding.action.partition("(")[0] for cls in type(node).__mro__ for binding in _declared(cls, {})
            if binding.priority}  # fmt: skip


def _declared(cls: type, keymap: Mapping[str, str]) -> list[Binding]:
    bindings = []
    for binding in Binding.make_bindings(cls.__dict__.get("BINDINGS", ())):
        keys = keymap.get(binding.id or "")
        if keys is not None:
            binding = Binding(keys, binding.action, binding.description, show=binding.show,
                              priority=binding.priority, id=binding.id)  # fmt: skip
        bindings.extend(Binding.make_bindings([binding]))
    return bindings
