"""The served playground in a real browser: headless Debian Chromium driven by Selenium.

Marked `e2e`, which the normal test run deselects; `make e2e` installs Chromium, its driver
and the fonts, then runs these tests with TABLERULES_E2E=1 (with it set, a missing browser
fails the run instead of skipping it). Each test opens a fresh Streamlit session and waits
for the app's own ready state, never for a fixed time. The modules are the journeys of a
user: learning a hand (the first screen, stepping and jumping, the settlement, a hand
learnt step by step in each language), playing a seat (to the end by clicking cards, a
seat's view, a seat through a three-hand match), editing and comparing (an upload in every
tab, an edit whose log replays, a typo found and jumped to, comparing variants and an edit
with the file as saved), the place kept (a reload and Back landing in the same place),
golden scenarios (run, and an edited hand saved as a scenario and loaded back), statistics
(many hands while the hand is stepped), a phone. `browser/` holds the driver's helpers, a
module per job, `conftest.py` the server and the browser, shared by every module; each
click's time to settle is measured and checked last (`test_timings.py`), and the
screenshots docs/playground.md shows are saved (in build/e2e/, or TABLERULES_SCREENSHOTS:
`make screenshots` writes them over docs/img/).
"""
