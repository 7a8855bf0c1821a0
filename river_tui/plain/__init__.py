"""Plain mode (`river-tui --plain`): every screen of River TUI as lines of text,
each printed once, in the order things happen, with no colour, no cursor movement
and no full-screen drawing, for screen readers, braille displays and programs.

It sits beside the app in the import layers and never imports Textual: it talks
to a game through the same table (`play/table.py`) and the same rules, so a seat
sees exactly what its `Game.view` shows. Moves are typed in the move notation
(docs/notation.md).
"""
