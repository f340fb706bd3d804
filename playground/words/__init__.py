"""The page's words and small pieces of markup: its message catalogue (`page_messages`),
the language chosen (`language`), signs and names as the page writes them (`page_views`)
and the cards' faces (`cards`)."""
