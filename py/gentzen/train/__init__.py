"""gentzen.train: supervised training (`sft`) and sample data for smoke tests (`samples`)."""
