"""The play log (JSON Lines): the kinds of events the engine logs (`event_kinds`), their
lines made from forms compiled once per game (`event_lines`, `line_forms`, `line_values`),
writing the file (`writer`) and reading it back, checked line by line (`reader`)."""
