"""The one-line input a player at a server table, or in its lobby, writes in (``c``):
Enter sends, Esc cancels. "@Name words" whispers to the seat named Name; the label says to
whom the line will go as it is typed. A line the server refuses (too fast, a
watcher's whisper) stays in the input with the reason shown, to send again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Input, Label

from ..safe_text import plain
from .box_screen import BoxScreen

if TYPE_CHECKING:
    from ..net.chat import ChatWindow

HINT = "Enter sends · Esc cancels"
WHISPER_HINT = f"{HINT} · @Name whispers"


class ChatLineInput(Input):
    """An input that takes pastes as plain text, in order: control characters
    dropped, line breaks made spaces, and cut once, at the room left (said so),
    rather than refused whole."""

    def on_paste(self, event: events.Paste) -> None:
        event.prevent_default()  # instead of Input's own, which refuses a paste that does not fit
        text = plain(event.text).strip()
        start, end = sorted(self.selection)
        room = self.max_length - (len(self.value) - (end - start))
        if text and room > 0:
            self.replace(text[:room], start, end)
        if len(text) > max(room, 0):
            self.notify(f"A line holds {self.max_length} characters: your paste was cut there.", severity="warning")


class ChatInputScreen(BoxScreen[None]):
    """A line to the table (or a whisper) or the lobby, over the bottom of the screen."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="chat_cancel")]

    DEFAULT_CSS = """
    ChatInputScreen { align: center bottom; background: $background 20%; }
    ChatInputScreen #chat-box { height: 1; width: 100%; background: $panel; }
    ChatInputScreen #chat-to { width: auto; padding: 0 1; }
    ChatInputScreen Input { width: 1fr; }
    """

    def __init__(self, chat: ChatWindow) -> None:
        super().__init__()
        self.chat = chat

    def compose(self) -> ComposeResult:
        with Horizontal(id="chat-box"):
            yield Label(self.chat.audience, id="chat-to")
            hint = WHISPER_HINT if self.chat.whispers else HINT
            yield ChatLineInput(placeholder=hint, max_length=self.chat.max_chars, compact=True, id="chat-line")

    def on_input_changed(self, event: Input.Changed) -> None:
        addressee = self.chat.addressee(event.value)
        label = self.chat.audience if addressee is None else f"Whisper to {plain(addressee, 24)}:"
        self.query_one("#chat-to", Label).update(Text(label))  # a name is never markup

    def on_input_submitted(self, event: Input.Submitted) -> None:
        refusal = self.chat.say(event.value)
        if refusal is not None:
            self.notify(refusal, title="Not sent", severity="warning", markup=False)
            return
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
