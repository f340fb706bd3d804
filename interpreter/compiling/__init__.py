"""A checked rule set compiled once into what evaluation and play run on (`compiled`): the
deck and its card notation, group patterns as card multisets and the deck's blocks, the
signature layout, expressions, win conditions, the hand's quantities, hand patterns and
scores (and why a pattern did not hold), and the words that explain a win and its money."""
