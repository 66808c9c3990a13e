"""`python -m leaderboard [options]`: serve the leaderboard (same options as `benyfits leaderboard`)."""
import sys

from leaderboard.app import main

if __name__ == "__main__":
    sys.exit(main())
