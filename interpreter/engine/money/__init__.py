"""Money beyond a win's settlement: payments at a drawn hand between seats chosen by their
hands, and the payments of named actions handed back or passed on."""
