"""`import-inspect` trusts a log with its dialogs and predictions only: a forged log whose labels
equal its predictions scores what our checkers say, a log claiming the sealed split is refused,
and a zip bomb is refused before it is unpacked, at a low memory peak."""
from __future__ import annotations

import subprocess
import sys
import time
import tracemalloc
import zipfile
from pathlib import Path

import pytest

from eligibench.errors import BenyfitsError
from eligibench.evaluation.inspect_task import figures, import_log
from eligibench.evaluation.inspect_task.archive import UnsafeLog, check_log_file
from eligibench.evaluation.inspect_task.scorer import DIALOG
from eligibench.evaluation.inspect_task.tasks import META
from eligibench.results import ResultStore
from tests.evaluation.inspect_task.scripted import opportunity_ids, run_task, small_project, submit

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    return small_project(tmp_path_factory.mktemp("attacks"))


@pytest.fixture(scope="module")
def honest(project, tmp_path_factory):
    """A real log: the model says every opportunity is eligible at once (no question)."""
    return run_task(project, lambda messages, n: submit({o: True for o in opportunity_ids(messages)}),
                    tmp_path_factory.mktemp("logs"))


def _forged(log, path: Path, edit) -> Path:
    from inspect_ai.log import read_eval_log, write_eval_log

    forged = read_eval_log(log.location)
    edit(forged)
    write_eval_log(forged, str(path))
    return path


def _labels_equal_predictions(log) -> None:
    for s in log.samples:
        for sc in s.scores.values():
            record = sc.metadata[DIALOG]
            record["labels"] = {o: bool(v) for o, v in record["predictions"].items()}


def test_a_forged_log_scores_what_our_checkers_say(project, honest, tmp_path):
    forged = _forged(honest, tmp_path / "forged.eval", _labels_equal_predictions)
    store = tmp_path / "r.duckdb"
    got = import_log(forged, store, project)
    stored = {m["name"]: m["value"] for m in ResultStore(store).metrics(got.run_id) if m["dataset"] == "diverse"}
    ours = figures([d for d in ResultStore(store).dialog_results(got.run_id)])
    # our checkers' labels: the honest log's own figures (its scorer used our rows), never 100
    logged = {name: m.value for s in honest.results.scores for name, m in s.metrics.items()}
    assert stored["f1"] == pytest.approx(logged["f1"]) == pytest.approx(ours["f1"])
    assert stored["f1"] < 100.0
    assert got.label_disagreements > 0  # reported: the log's labels differ from ours on these pairs
    for d in ResultStore(store).dialog_results(got.run_id):
        row = project_rows(project)[d.row_id]
        assert d.labels == dict(zip(row.opportunities, row.labels))


def project_rows(project: Path):
    from eligibench.evaluation.inspect_task import load_source

    return load_source("diverse", project).rows


def test_an_honest_log_reports_no_disagreement(project, honest, tmp_path):
    got = import_log(Path(honest.location), tmp_path / "r.duckdb", project)
    assert got.label_disagreements == 0


def test_the_cli_says_the_labels_were_ignored(project, honest, tmp_path):
    forged = _forged(honest, tmp_path / "forged.eval", _labels_equal_predictions)
    r = subprocess.run([sys.executable, "-m", "eligibench.cli", "import-inspect", str(forged), "--store",
                        str(tmp_path / "r.duckdb"), "--project", str(project)], capture_output=True, text=True,
                       cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr[-800:]
    assert "labels differ from our checkers'" in r.stdout and "ignored" in r.stdout


def _claims_sealed(log) -> None:
    meta = log.eval.metadata[META]
    meta["args"]["split"] = "sealed"
    meta["protocol"]["split"] = "sealed"


def _protocol_claims_sealed(log) -> None:
    log.eval.metadata[META]["protocol"]["split"] = "sealed"


@pytest.mark.parametrize("edit", [_claims_sealed, _protocol_claims_sealed])
def test_a_log_claiming_the_sealed_split_is_refused(project, honest, tmp_path, edit):
    forged = _forged(honest, tmp_path / "sealed.eval", edit)
    store = tmp_path / "r.duckdb"
    with pytest.raises(BenyfitsError, match="claims the sealed split.*never handed out"):
        import_log(forged, store, project)
    assert not store.exists()
    r = subprocess.run([sys.executable, "-m", "eligibench.cli", "import-inspect", str(forged), "--store", str(store),
                        "--project", str(project)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 2 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "sealed" in r.stderr and not store.exists()  # no empty store left behind


def _first_household_removed(log) -> None:
    first = log.samples[0].id
    log.samples = [s for s in log.samples if s.id != first]


def test_a_log_of_chosen_households_is_refused(project, honest, tmp_path):
    """A protocol counts households, it does not name them: a log keeping households 2..N (the first
    one, say the one its model got wrong, removed) imported under the protocol of an honest
    `--limit N-1` log, ranked beside it."""
    assert len(honest.samples) >= 2
    forged = _forged(honest, tmp_path / "chosen.eval", _first_household_removed)
    store = tmp_path / "r.duckdb"
    with pytest.raises(BenyfitsError, match=r"not the first \d+ of the task's diverse households.*--limit N"):
        import_log(forged, store, project)
    assert not store.exists()


def _bomb(path: Path, mb: int = 400) -> Path:
    """A .eval-named zip whose one member unpacks to `mb` MB of zeros (about mb KB packed)."""
    chunk = b"\0" * 2**20
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        with z.open("samples/1_epoch_1.json", "w", force_zip64=True) as f:
            for _ in range(mb):
                f.write(chunk)
    return path


@pytest.fixture(scope="module")
def bomb(tmp_path_factory) -> Path:
    return _bomb(tmp_path_factory.mktemp("bomb") / "bomb.eval")


def test_a_zip_bomb_is_refused_fast_at_a_low_memory_peak(bomb, project, tmp_path):
    assert bomb.stat().st_size < 1_000_000  # 400 MB of zeros packs to about 400 KB
    tracemalloc.start()
    start = time.perf_counter()
    try:
        with pytest.raises(UnsafeLog, match="over the 64 MB cap on one member"):
            import_log(bomb, tmp_path / "r.duckdb", project)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert time.perf_counter() - start < 5.0
    assert peak < 8 * 2**20, peak  # refused from the archive's directory: nothing is unpacked
    assert not (tmp_path / "r.duckdb").exists()


def test_a_bomb_under_the_member_cap_is_refused_by_its_ratio(tmp_path):
    small = _bomb(tmp_path / "ratio.eval", mb=20)
    with pytest.raises(UnsafeLog, match="times its packed size"):
        check_log_file(small)


def test_many_members_add_up_to_the_total_cap(tmp_path):
    path = tmp_path / "many.eval"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as z:
        for i in range(5):
            z.writestr(f"samples/{i}.json", b"x" * 2000)
    with pytest.raises(UnsafeLog, match="unpacks to over"):
        check_log_file(path, max_total=5000)
    with pytest.raises(UnsafeLog, match="5 archive entries, over the cap of 4"):
        check_log_file(path, max_entries=4)


def test_an_archive_whose_directory_lies_fails_as_damaged(tmp_path):
    path = tmp_path / "lies.eval"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("samples/1.json", b"y" * 100_000)
    data = bytearray(path.read_bytes())
    # shrink the declared size in the central directory (offset 24 of its entry) and local header (22)
    cd = data.rfind(b"PK\x01\x02")
    data[cd + 24:cd + 28] = (1000).to_bytes(4, "little")
    data[22:26] = (1000).to_bytes(4, "little")
    path.write_bytes(bytes(data))
    with pytest.raises(UnsafeLog, match="damaged"):
        check_log_file(path)


def _lying_zstd_bomb(path: Path, mb: int = 100) -> Path:
    """A .eval zip as Inspect writes it (zstd) whose one member unpacks to `mb` MB of zeros while its
    directory and local header declare 1,000 bytes: the declared sizes pass every cap."""
    import inspect_ai._util.zipfile  # noqa: F401 - Inspect's zstd method for zipfile (as its logs are written)

    chunk = b"\0" * 2**20
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_ZSTANDARD) as z:
        with z.open("samples/1_epoch_1.json", "w") as f:
            for _ in range(mb):
                f.write(chunk)
    data = bytearray(path.read_bytes())
    cd = data.rfind(b"PK\x01\x02")
    data[cd + 24:cd + 28] = (1000).to_bytes(4, "little")
    data[22:26] = (1000).to_bytes(4, "little")
    path.write_bytes(bytes(data))
    return path


def test_a_zstd_member_whose_directory_lies_is_unpacked_a_chunk_at_a_time(tmp_path):
    # Python 3.11's zip reader decompresses a zstd member's packed bytes whole, whatever size is asked
    # for: before, this check held the member's 100 MB at once (the 400 MB case peaked at 980 MB)
    bomb = _lying_zstd_bomb(tmp_path / "zstd.eval")
    assert bomb.stat().st_size < 100_000
    tracemalloc.start()
    try:
        with pytest.raises(UnsafeLog, match="damaged") as refused:
            check_log_file(bomb)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * 2**20, peak  # one 1 MB chunk at a time (before: 100 MB + its copy)
    assert "past the 1000 bytes its directory declares" in str(refused.value)


def test_an_honest_zstd_log_passes_and_other_methods_are_refused(honest, tmp_path):
    check_log_file(Path(honest.location))  # Inspect's own zstd members: read, counted, CRC checked
    path = tmp_path / "lzma.eval"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_LZMA) as z:
        z.writestr("samples/1.json", b"{}")
    with pytest.raises(UnsafeLog, match="compression method 14; a .eval log's members are zstd or deflate"):
        check_log_file(path)


def test_the_cli_refuses_a_bomb_in_one_line(bomb, project, tmp_path):
    store = tmp_path / "r.duckdb"
    # VmHWM, not getrusage's ru_maxrss: the latter survives exec and so reports the pytest worker's own
    # peak (542 MB on CI) for a child started by vfork; VmHWM is this process's address space alone
    code = ("import re, sys\nfrom eligibench.cli.main import main\nrc = main(sys.argv[1:])\n"
            "hwm = re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1)\n"
            "print('peak_kb', hwm, file=sys.stderr)\nsys.exit(rc)\n")
    r = subprocess.run([sys.executable, "-c", code, "import-inspect", str(bomb), "--store", str(store), "--project",
                        str(project)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    lines = [x for x in r.stderr.strip().splitlines() if not x.startswith("peak_kb")]
    assert r.returncode == 2 and len(lines) == 1 and "cap" in lines[0], r.stderr[-800:]
    peak_kb = int(r.stderr.rsplit("peak_kb", 1)[1].split()[0])
    assert peak_kb < 400 * 1024, peak_kb  # the whole CLI with its imports (measured 153 MB): far below 977 MB
    assert not store.exists()
