"""gentzen.engines."""
