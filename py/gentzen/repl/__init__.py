"""gentzen.repl."""
