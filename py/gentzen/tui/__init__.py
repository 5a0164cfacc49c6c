"""gentzen.tui."""
