"""River TUI as one SSH session sees it: the app, opening on the server's lobby."""

from __future__ import annotations

from collections.abc import Callable

from textual.filter import LineFilter

from ..app.river_app import RiverApp
from .lobby.screen import LobbyScreen
from .auth import Identity
from .driver import TITLE
from ..patches import one_of_many_sessions, shared_filters
from .tables import TableRegistry


class RemoteApp(RiverApp):
    """The app for one SSH session: the lobby first, tables shared through ``registry``."""

    ENABLE_COMMAND_PALETTE = False
    """The palette's commands act on the machine running the app (a screenshot is
    a file written there): not for remote players."""

    BINDING_PACKAGES = (*RiverApp.BINDING_PACKAGES, "river_tui.net.lobby")

    set_title: Callable[[str], None] | None = None
    """Sets the player's terminal title (tab bars show it); the session's driver gives it."""

    def __init__(self, identity: Identity, registry: TableRegistry) -> None:
        super().__init__(no_color=False)  # the session's driver says, from what the client sent
        one_of_many_sessions(self)
        self.identity = identity
        self.registry = registry
        self.retitled = False
        """Whether the terminal's title says it is this player's move (until their next key)."""

    def get_default_screen(self) -> LobbyScreen:  # type: ignore[override]
        return LobbyScreen(self.registry, self.identity)

    def on_mount(self) -> None:
        self.registry.arrive(self, self.identity)

    def key_pressed(self) -> None:
        """A key reached this session (its SSH session says): its person is at the keyboard."""
        self.registry.key_pressed(self)
        if self.retitled:
            self._retitle(TITLE, retitled=False)

    def your_move(self, sentence: str, title: str) -> None:
        """A seat of this player's has come to act while they look elsewhere or are
        away from the keyboard: ring the bell, say ``sentence``, and put ``title`` in
        the terminal's title until they press a key."""
        self.bell()
        self.notify(sentence, markup=False)
        self._retitle(title, retitled=True)

    def _retitle(self, title: str, retitled: bool) -> None:
        if self.set_title is not None:
            self.set_title(title)
            self.retitled = retitled

    def filters_in_order(self) -> list[LineFilter]:
        """The app's filters, as objects every session with the same settings shares."""
        return shared_filters(super().filters_in_order())

    def last_change(self) -> float:
        """When what this session looks at last changed (its table, or the lobby's tables):
        a session is idle only if that, too, is older than the idle timeout."""
        return self.registry.last_change(self)

    def on_unmount(self) -> None:
        self.registry.forget(self)
