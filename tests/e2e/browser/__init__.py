"""The driver of the served playground in headless Chromium, by job: `launch` (the server
and the browser), `waits` (a proof on a ready page, and why not), `timing` (each click and
first load measured in the page), `page` (reading it), `widgets` (acting on it),
`journeys` (the steps several tests share) and `screenshots`."""
