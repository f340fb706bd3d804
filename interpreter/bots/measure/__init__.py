"""Measures of a hand the bots read, from the compiled rules and the hand alone: how far it
is from complete (`distance`, with its winning forms, wild cards, plans and memory), which
cards bring it nearer or may be spared (`lacking`), and which cards complete it into a
winning hand (`winning_waits`)."""
