"""The installed llama.cpp build (the xllamacpp wheel) must run on any x86-64 CPU with AVX2:
nothing beyond that baseline (AVX-512, AMX, AVX-VNNI ...) compiled in. A native build on an
AVX-512/AMX server crashed on the first completion on other CPUs, and gives other bytes where it
runs; the prebuilt manylinux wheel is built for the baseline, a build from source is not."""
from __future__ import annotations

import importlib.util
import platform
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from eligibench.models import embedded as embedded_mod
from eligibench.models.embedded import (
    RUNTIME_PIN,
    NonPortableBuildWarning,
    llama_cpu_features,
    non_baseline_features,
    parse_system_info,
    warn_if_not_portable,
)
from eligibench.models.types import PORTABLE_REINSTALL

ROOT = Path(__file__).resolve().parents[2]
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
    assert features, "could not read xllamacpp.get_system_info()"
    # a SIMD-less build is portable too, but several times slower
    assert features.get("AVX2") == 1, f"AVX2 not compiled in: {features}"
    extra = non_baseline_features(features)
    assert not extra, f"xllamacpp carries {extra}; reinstall: {PORTABLE_REINSTALL}"


@pytest.mark.skipif(not X86, reason="zmm/tmm registers are x86-64")
def test_the_runtime_library_uses_no_avx512_or_amx_registers():
    """The system info lists compile-time flags; the disassembly shows what the code really uses
    (~25 s on 2 busy cores for the 100 MB library)."""
    if shutil.which("objdump") is None:
        pytest.skip("objdump (binutils) is not installed: the disassembly scan needs it; the "
                    "system-info check above still runs")
    spec = importlib.util.find_spec("xllamacpp")
    libs = sorted(p for p in Path(spec.submodule_search_locations[0]).glob("*.so") if not p.is_symlink())
    assert libs, "no shared library found in the xllamacpp package"
    for lib in libs:
        asm = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(lib)], capture_output=True, text=True,
                             check=True).stdout
        assert "vfmadd" in asm and "%ymm" in asm, "no AVX2/FMA code found: the scan would prove nothing"
        # zmm: AVX-512 vectors, k1-k7: AVX-512 masks, tmm: AMX tiles
        hits = re.findall(r"^.*%(?:zmm\d+|tmm\d|k[1-7])\b.*$", asm, flags=re.M)
        assert not hits, f"{lib} uses AVX-512/AMX ({len(hits)} instructions, e.g. {hits[:3]}); {PORTABLE_REINSTALL}"


def test_server_start_warns_about_a_native_build(monkeypatch, tmp_path):
    with pytest.warns(NonPortableBuildWarning, match=re.escape(PORTABLE_REINSTALL)):
        assert "AMX_INT8" in warn_if_not_portable(NATIVE_SPR)

    class Started:  # start() then reads the CPU features the server printed
        def __init__(self, *a, **k):
            pass

        def start(self):
            pass

        def _log_lines(self):
            return [f"{embedded_mod.SYSTEM_INFO_MARK} {NATIVE_SPR}"]

    monkeypatch.setattr(embedded_mod, "ServerProcess", Started)
    with pytest.warns(NonPortableBuildWarning, match="AVX512_BF16"):
        embedded_mod.EmbeddedServer(log_path=tmp_path / "x.log").start()


def test_the_project_installs_the_pinned_prebuilt_wheel_and_no_compiled_runtime():
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert f"xllamacpp=={RUNTIME_PIN}" in deps, deps
    assert f"gguf=={embedded_mod._GGUF_PIN}" in deps, deps  # another gguf-py may write other bytes: the digest check
    assert not [d for d in deps if d.startswith("llama-cpp-python")], deps  # it compiled llama.cpp on install
    assert f"xllamacpp=={RUNTIME_PIN}" in PORTABLE_REINSTALL and "--only-binary" in PORTABLE_REINSTALL
    assert not (ROOT / "install").exists()  # the CMake include the compiled build needed
