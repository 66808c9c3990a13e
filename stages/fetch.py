"""Stage `fetch`: pull NYC Open Data kvhd-5fmu (live, else the snapshot in $BENYFITS_NYC_SNAPSHOT)."""
import sys

from eligibench import params, paths
from eligibench.catalog import pull
from eligibench.errors import run_main
from eligibench.files import write_json

OUT = paths.SOURCE


def main() -> None:
    p = params.section(params.load(), "fetch")
    pulled = pull(
        url=params.get(p, "fetch.url", str),
        timeout_s=params.get(p, "fetch.timeout_s", (int, float), 0.1, 600),
        page_size=params.get(p, "fetch.page_size", int, 1, 50000),
    )
    write_json(OUT, pulled.to_dict())
    print(f"fetch: {pulled.origin} ({pulled.location or pulled.note}), {len(pulled.rows)} rows -> {OUT}")


if __name__ == "__main__":
    sys.exit(run_main("stage fetch", main))
