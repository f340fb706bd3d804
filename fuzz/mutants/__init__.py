"""The mutation mode of the fuzzer: rule files an author might write by editing a bundled
one (`edits`, `constructs`), and every one that checks played (`play`, `steps`)."""
