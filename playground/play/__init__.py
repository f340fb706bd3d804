"""A hand and a match as the page plays them: the hand as a timeline of moves (`hands`,
`steps`), its page built without Streamlit (`hand_page`, drawing with `hand_table`,
`hand_seats`, `hand_moves`, `hand_choice` and `hand_result`), the match (`match_play`,
`match_view`) and where each player sits (`seats`)."""
