"""gentzen.eval."""
