"""gentzen.models."""
