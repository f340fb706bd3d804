"""The playground's tabs, one module each: `TITLE` and `render(context)`."""
