"""gentzen.ttrl: test-time RL on a theorem list (`gentzen ttrl`): the variant curriculum, six arms,
cut composition, matched compute, resumable run directories (docs/ttrl.md, docs/run-dirs.md)."""
