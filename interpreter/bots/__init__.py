"""Bots that play any rule file from the legal choices, the compiled rules and their own
cards alone (`players`: random and greedy, and a bot by its name); a bot that searches
(`sampling`); and how far a hand is from complete, which guides them (`distance`)."""
