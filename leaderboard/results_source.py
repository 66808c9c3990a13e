"""`--results PATH_OR_REPO`: the board read from a published results folder
(`benyfits export-results`) instead of the live store, as a hosted Space would.

A local folder is read in place; anything else is taken as a Hub dataset repo id and downloaded
(`snapshot_download`, cached by huggingface_hub). The folder's `data/<table>.parquet` files are
read as the board reads Parquet snapshots; uploads are off (there is no store to queue into).
"""
from __future__ import annotations

from pathlib import Path

from eligibench.errors import BenyfitsError


class ResultsNotFound(BenyfitsError):
    """--results names neither a results folder nor a reachable Hub dataset."""


def results_data_dir(value: str, token: str | None = None) -> Path:
    """The `data/` folder of the results given as a local path or a Hub dataset repo id."""
    local = Path(value).expanduser()
    if local.exists():
        folder = local
    elif value.count("/") == 1 and not value.startswith((".", "/", "~")):
        from huggingface_hub import snapshot_download

        try:
            folder = Path(snapshot_download(value, repo_type="dataset", token=token))
        except Exception as e:  # offline, no such repo, no access: say which and why
            raise ResultsNotFound(f"--results {value}: not a local folder, and the Hub dataset could not be "
                                  f"downloaded ({type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''})") from None
    else:
        raise ResultsNotFound(f"--results {value}: no such folder")
    data = folder / "data"
    if not (data / "runs.parquet").is_file():
        raise ResultsNotFound(f"--results {value}: {data}/runs.parquet is missing: not a folder written by "
                              "`benyfits export-results`")
    return data
