"""Rule files in the playground: the bundled ones and uploads, the text being edited
(`drafts`), untrusted text tried in a worker under a CPU and memory budget (`budget`,
`trial`), and the rules in effect written out (`expanded`)."""
