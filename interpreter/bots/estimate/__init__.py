"""What a seat estimates from what it can see (`in_sight`): the cards another seat cannot
hold (`seen_absent`), how many cards to come would improve a hand (`acceptance`), how
likely a discard is to be won on (`danger`), and what a hand may be paid (`hand_value`,
with the exact chances of card counts: `count_reach`). They read the hand's measures
(`bots.measure`), never the bots."""
