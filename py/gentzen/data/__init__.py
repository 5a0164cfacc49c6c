"""gentzen.data."""
