"""`python -m tablerules`: the same command as the `tablerules` script."""

import sys

from tablerules.cli.main import main

sys.exit(main())
