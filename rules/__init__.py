"""The rule files bundled with tablerules (data: the package only marks where they are)."""
