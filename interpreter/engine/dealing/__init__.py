"""The deal: the shuffle, a fresh hand dealt from it, a rigged deal checked first."""
