"""The tablerules playground: a Streamlit app to step through hands, play a seat through a
match, edit a rule file and compare or simulate what the edit does (`app.py`; see
docs/playground.md)."""
