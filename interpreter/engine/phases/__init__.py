"""The phases before play: an exchange of cards and a declaration, every seat at once,
after the deal and before the dealer's first turn."""
