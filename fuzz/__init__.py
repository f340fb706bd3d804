"""Fuzzing the inputs the tool reads from others: rule files, card notation, hands files,
play logs, scenario files and checkpoints; and rule files with scoring played, settled and
simulated, their CSV and JSON outputs parsed. `python -m fuzz.run` (`make fuzz`) runs the
long campaign; tests/test_fuzz.py runs a short one in the suite. See docs/reliability.md."""
