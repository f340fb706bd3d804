"""The Streamlit page's own plumbing: the place kept in the address (`address`, `place`),
small components (`components`, the rule `editor`), what every tab is given (`context`),
failures told in words (`guard`), the keys (`keys`) and timed reruns (`ticker`)."""
