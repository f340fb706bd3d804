"""Bots that play any rule file from the legal choices, the compiled rules and their own
cards alone (`players`: random and greedy, and a bot by its name); bots that search
(`sampling`, and `value`, which plays for the money); the measures of a hand that guide
them (`measure`: how far it is from complete) and what a seat estimates from what it sees
(`estimate`: live cards, danger, a hand's worth)."""
