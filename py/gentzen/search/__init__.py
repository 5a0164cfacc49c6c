"""gentzen.search."""
