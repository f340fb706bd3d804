"""A played hand told to people: in sentences, seats and cards by the rule file's names
(`narrate`), and its money reckoned in words and numbers (`reckoning`)."""
