"""How a hand is packed into one integer: a byte per card kind, its top bit a guard."""

FIELD_SHIFT = 3
FIELD_BITS = 1 << FIELD_SHIFT  # one byte per card kind
GUARD_BIT = 1 << (FIELD_BITS - 1)  # set above every count so a subtraction never borrows across
MAX_COUNT = GUARD_BIT - 1
