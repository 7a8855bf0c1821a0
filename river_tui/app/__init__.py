"""The app: River TUI's shell (`river_app.RiverApp`), its looks, colour filters and keymap."""
