"""`python -m leaderboard [options]`: serve the leaderboard (same options as `benyfits leaderboard`)."""
import sys

from eligibench.extras import BOARD, exit_if_missing

if __name__ == "__main__":
    exit_if_missing(BOARD, "python -m leaderboard")  # gradio is the board extra: one line, not an ImportError
    from eligibench.errors import run_main
    from leaderboard.app import main

    sys.exit(run_main("python -m leaderboard", main))  # a bad option value or store: one line, as benyfits says it
