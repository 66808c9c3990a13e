"""The installed llama.cpp build must run on any x86-64 CPU with AVX2: nothing beyond that baseline
(AVX-512, AMX, AVX-VNNI ...) compiled in. A native build on an AVX-512/AMX server crashed in
libggml-cpu.so on the first completion on other CPUs; README installs with -DGGML_NATIVE=OFF."""
from __future__ import annotations

import importlib.util
import platform
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from eligibench.models import embedded as embedded_mod
from eligibench.models.embedded import (
    NonPortableBuildWarning,
    llama_cpu_features,
    non_baseline_features,
    parse_system_info,
    warn_if_not_portable,
)
from eligibench.models.types import PORTABLE_REINSTALL

X86 = platform.machine() in ("x86_64", "AMD64")
NATIVE_SPR = ("CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | AVX_VNNI = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | BMI2 = 1 | "
              "AVX512 = 1 | AVX512_VBMI = 1 | AVX512_VNNI = 1 | AVX512_BF16 = 1 | AMX_INT8 = 1 | LLAMAFILE = 1 | "
              "OPENMP = 1 | REPACK = 1 | ")


def test_feature_parsing_flags_everything_beyond_avx2():
    features = parse_system_info(NATIVE_SPR)
    assert features["AVX2"] == 1 and features["REPACK"] == 1
    assert non_baseline_features(features) == ["AMX_INT8", "AVX512", "AVX512_BF16", "AVX512_VBMI", "AVX512_VNNI",
                                                "AVX_VNNI"]
    assert non_baseline_features(parse_system_info(NATIVE_SPR.replace("= 1 | AVX512", "= 0 | AVX512"))) != []
    assert non_baseline_features(parse_system_info("CPU : AVX2 = 1 | AVX512 = 0 | AMX_INT8 = 0 |")) == []


@pytest.mark.skipif(not X86, reason="the AVX2 baseline is an x86-64 notion")
def test_installed_build_has_no_instructions_beyond_avx2():
    features = llama_cpu_features()
    assert features, "could not read llama_cpp.llama_print_system_info()"
    # a SIMD-less build is portable too, but several times slower: ggml drops every x86 extension
    # when SOURCE_DATE_EPOCH is set during the build (GGML_NATIVE_DEFAULT then OFF)
    assert features.get("AVX2") == 1, f"AVX2 not compiled in: {features}"
    extra = non_baseline_features(features)
    assert not extra, f"llama-cpp-python carries {extra}; reinstall: {PORTABLE_REINSTALL}"


@pytest.mark.skipif(not X86, reason="zmm/tmm registers are x86-64")
def test_ggml_cpu_library_uses_no_avx512_or_amx_registers():
    if shutil.which("objdump") is None:
        pytest.skip("objdump (binutils) is not installed: the disassembly scan needs it; the "
                    "llama_print_system_info() check above still runs")
    spec = importlib.util.find_spec("llama_cpp")
    libs = sorted(Path(spec.submodule_search_locations[0], "lib").glob("libggml-cpu*.so*"))
    libs = [p for p in libs if not p.is_symlink()]
    assert libs, "libggml-cpu.so not found in the llama_cpp package"
    for lib in libs:
        asm = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(lib)], capture_output=True, text=True,
                             check=True).stdout
        assert "vaddps" in asm or "vfmadd" in asm, "disassembly looks empty: the scan would prove nothing"
        # zmm: AVX-512 vectors, k1-k7: AVX-512 masks, tmm: AMX tiles
        hits = re.findall(r"^.*%(?:zmm\d+|tmm\d|k[1-7])\b.*$", asm, flags=re.M)
        assert not hits, f"{lib} uses AVX-512/AMX ({len(hits)} instructions, e.g. {hits[:3]}); {PORTABLE_REINSTALL}"


def test_server_start_warns_about_a_native_build(monkeypatch, tmp_path):
    monkeypatch.setattr(embedded_mod, "llama_cpu_features", lambda python=None: parse_system_info(NATIVE_SPR))
    with pytest.warns(NonPortableBuildWarning, match=re.escape(PORTABLE_REINSTALL)):
        assert "AMX_INT8" in warn_if_not_portable()

    class NoProcess:  # start() must warn before it starts anything
        def __init__(self, *a, **k):
            raise RuntimeError("not started in this test")

    monkeypatch.setattr(embedded_mod, "ServerProcess", NoProcess)
    with pytest.warns(NonPortableBuildWarning, match="AVX512_BF16"), pytest.raises(RuntimeError):
        embedded_mod.EmbeddedServer(log_path=tmp_path / "x.log").start()


def test_readme_and_ci_install_the_portable_build():
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text()
    blocks = re.findall(r"```bash\n(.*?)\n```", readme, flags=re.S)[:2]
    assert readme.index("```bash") < readme.index("\n\nThe first command")  # the README opens with them
    assert len(blocks) == 2 and all("\n" not in b for b in blocks), blocks
    for cmd in blocks:
        assert 'CMAKE_ARGS="-DGGML_NATIVE=OFF ' in cmd and '" pip install --no-cache-dir -e ' in cmd, cmd
        # the build trimmed to what the project loads (docs/models.md): the file the flag names exists
        assert "-DCMAKE_PROJECT_INCLUDE=$PWD/install/llama-cpp-python.cmake" in cmd, cmd
    assert "set(LLAMA_BUILD_COMMON OFF)" in (root / "install" / "llama-cpp-python.cmake").read_text()
    assert blocks[0].endswith("&& dvc repro") and blocks[1].endswith("&& pytest")
    assert blocks[1] in (root / ".ci" / "run").read_text().splitlines()
