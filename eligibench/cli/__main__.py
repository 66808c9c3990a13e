"""`python -m eligibench.cli` = the `benyfits` command."""
import sys

from eligibench.cli.main import main

sys.exit(main())
