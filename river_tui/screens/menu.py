"""The menu River TUI opens with."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

BANNER = """\
 ~~~  River TUI  ~~~
four river games for the terminal"""


class MenuScreen(Screen[None]):
    """New game, learn to play, continue, load, records, help, quit."""

    BINDINGS = [
        Binding("n", "choose('new')", "New game", id="menu_new"),
        Binding("t", "choose('learn')", "Learn", id="menu_learn"),
        Binding("c", "choose('continue')", "Continue", id="menu_continue"),
        Binding("l", "choose('load')", "Load", id="menu_load"),
        Binding("r", "choose('records')", "Records", id="menu_records"),
        Binding("question_mark", "choose('help')", "Help", id="menu_help"),
        Binding("q", "choose('quit')", "Quit", id="menu_quit"),
    ]

    DEFAULT_CSS = """
    MenuScreen #banner { width: auto; color: $text-accent; text-style: bold; text-align: center; margin-bottom: 1; }
    MenuScreen OptionList { width: 36; height: auto; border: round $primary; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        with Middle():
            with Center():
                yield Static(BANNER, id="banner")
            with Center():
                yield OptionList(
                    Option("New game            n", id="new"),
                    Option("Learn to play       t", id="learn"),
                    Option("Continue            c", id="continue"),
                    Option("Load a save         l", id="load"),
                    Option("Records             r", id="records"),
                    Option("Help                ?", id="help"),
                    Option("Quit                q", id="quit"),
                    id="menu",
                )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id)

    def action_choose(self, choice: str) -> None:
        app = self.app
        if choice == "new":
            from .setup import SetupScreen

            app.push_screen(SetupScreen())
        elif choice == "learn":
            from .learn import LearnScreen

            app.push_screen(LearnScreen())
        elif choice == "continue":
            app.continue_latest()
        elif choice == "load":
            from .load import LoadScreen

            app.push_screen(LoadScreen())
        elif choice == "records":
            from .records import RecordsScreen

            app.push_screen(RecordsScreen())
        elif choice == "help":
            from .help import HelpScreen

            app.push_screen(HelpScreen())
        elif choice == "quit":
            app.exit()
