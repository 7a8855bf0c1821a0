"""Started by startup.py in a fresh process: open an app headless, exit once its
first screen has been painted. ``river`` = River TUI's menu, ``bare`` = a bare
Textual app (Header, one Static, Footer)."""

from __future__ import annotations

import sys


def bare_app():
    from textual.app import App
    from textual.widgets import Footer, Header, Static

    class Bare(App):
        def compose(self):
            yield Header()
            yield Static("hello")
            yield Footer()

    return Bare


def river_app():
    from river_tui.app.river_app import RiverApp

    return RiverApp


def main() -> None:
    base = river_app() if sys.argv[1] == "river" else bare_app()

    class Probe(base):
        def on_mount(self) -> None:
            if hasattr(super(), "on_mount"):
                super().on_mount()
            self.call_after_refresh(self.exit)

    Probe().run(headless=True, size=(120, 40))


if __name__ == "__main__":
    main()
