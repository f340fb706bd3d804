"""Fuzzing the inputs the tool reads from others: rule files, card notation, hands files and
play logs. `python -m fuzz.run` (`make fuzz`) runs the long campaign; tests/test_fuzz.py
runs a short one in the suite. See docs/reliability.md."""
