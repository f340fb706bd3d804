"""The Streamlit playground driven through AppTest: the first screen, every bundled file,
editing, stepping, keeping one's place, playing a seat by clicking cards, uploads,
comparing variants, golden scenarios and logs. (The page's content is tested without
Streamlit in test_hand_page.py; the real browser in tests/e2e/.)"""
