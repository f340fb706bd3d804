"""Semantic checks on a composed rule set: names resolve, values fit their types, numbers
add up and the size limits hold; `checker` runs them, one module per part of the language."""
