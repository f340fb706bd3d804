"""The Streamlit playground (a later milestone): edit rule files, step through hands."""
