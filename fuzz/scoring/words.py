"""The words and numbers the generated files are made of: the rule id each clause cites,
numbers small and huge, comparisons, payment labels (a spreadsheet would read some as
formulas), the contexts and seats of a win."""

CITE = "[FZ-1]"
# the discard a hand was won on (`won on discard after replacement|last card`)
DISCARD_AFTER = ["won on discard after replacement", "won on discard after last card"]
NUMBERS = ["0", "1", "2", "3", "5", "8", "13", "16", "20", "100", "1000000000"]
HUGE = ["(1000000000 ^ 9)", "(2 ^ 1000)", "(0 - (1000000000 ^ 64))"]  # at the 2^256 cap
COMPARE = ["=", "!=", "<", "<=", ">", ">=", "≥"]
LABELS = ["fz", "=1+1", "+cmd", "-2", "@sum", "=HYPERLINK(1)", "-", "a,b", "a;b", "馬"]
CONTEXTS = ["draw", "replacement", "discard", "added card", "deal card", "deal"]
WHO = ["", " by self", " by others", " by next", " by anyone"]
