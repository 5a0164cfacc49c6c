"""gentzen.train."""
