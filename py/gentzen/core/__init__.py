"""gentzen.core."""
