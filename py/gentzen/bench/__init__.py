"""gentzen.bench."""
