"""gentzen.tui: the `gentzen tui` terminal UI (textual, from the `tui` extra).

`app.GentzenApp` picks a mode — prove, file, set or run — from its argument; `session` and
`rundir` hold the UI-free logic the screens (prove.py, file.py, set.py, run.py) display.
"""
