"""The server's memory kept out of the way of a click.

Streamlit collects all of the process's garbage after every run of the page, a fragment's
included (`runner.postScriptGC`). With every bundled game compiled in memory (the
Statistics tab offers them all) that full collection walked some 240,000 objects: about a
tenth of a second of CPU per click, spent before the page was back in step. The playground
turns it off, and once its first page is drawn (the modules imported, the bundled games
compiled) it freezes what is then in memory (`gc.freeze`): Python's own collections still
free what the clicks leave behind, without walking through the server's lasting objects.
"""

from __future__ import annotations

import gc

import streamlit as st
from streamlit import config

COLLECT_AFTER_RUNS = "runner.postScriptGC"


def no_collection_after_runs() -> None:
    """No full collection after each run (.streamlit/config.toml says so too, but is read
    only from the folder the server starts in)."""
    if config.get_option(COLLECT_AFTER_RUNS):
        config.set_option(COLLECT_AFTER_RUNS, False)


@st.cache_resource(show_spinner=False)
def freeze_lasting_objects() -> int:
    """Collect once, then move every object left to the collector's permanent generation;
    once per server process (the number of objects frozen)."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
