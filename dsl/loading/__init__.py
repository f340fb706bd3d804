"""A path or a text in, checked IR and diagnostics out (`loader`, the front door): the bases
`extends` names, found, confined and composed; the bundled rule files; and the cache of
files already checked."""
