"""The shipped weights are made, not downloaded: SmolLM2-135M-Instruct's Q4_1 GGUF (the one file of it on
the package index) with its 4-bit matrices rewritten as Q8_0, deterministically, by gguf-py (`gguf`,
ggml-org's own reader/writer, pinned in pyproject.toml: another version may lay the file out
differently, and the result's sha256 is checked against `SHIPPED_WEIGHTS`).

    requantize_q8_0(source, dest)          # the shipped file
    requantize(source, dest, "Q4_0")       # another format, for benchmarks/gguf_formats.py
    rms_change(source, other)              # how far a rewritten file's 4-bit matrices moved

Why (measured 2026-11-27, 2 cores, docs/performance.md "The weights' format"): llama.cpp's CPU backend
has AVX2 matrix kernels for Q8_0 and Q4_0 and none for Q4_1, so prefill, most of every model stage, runs
1.3-1.5x faster as Q8_0 (Q4_1 142-168 prompt tokens/s, Q8_0 204-231; decoding 10-25% slower: the main job
966 -> 859 s). Q8_0
because it keeps the weights: every Q4_1 value is re-expressed on a grid 8x finer, a change of 0.55% of
the matrices' RMS (Q4_1's own rounding is 8.2%), and the replies stay those of the Q4_1 file. Q4_0 was
faster still (245-276) but rounds the same weights a second time (8.7%, doubling the quantization
noise): ProADA's accepted programs on the smoke subset fell from 12 to 6 of 14 and its F1 from 33.3 to
16.7. The tied token embedding / output matrix is Q8_0 already and is copied byte for byte, as are the
norms. Measured: 7-8 s on one core, the same bytes every run.
"""

from __future__ import annotations

from pathlib import Path

# llama.cpp's file types (LLAMA_FTYPE_MOSTLY_*) of the formats a Q4_1 file can be rewritten in
FILE_TYPES = {"Q8_0": 7, "Q4_0": 2, "Q5_0": 8, "Q5_1": 9}


def requantize_q8_0(source: Path, dest: Path) -> None:
    """The shipped weights: `source` (a GGUF) with every Q4_1 tensor rewritten as Q8_0, the rest copied."""
    requantize(source, dest, "Q8_0")


def requantize(source: Path, dest: Path, target: str) -> None:
    """Write `source` to `dest` with every Q4_1 tensor requantized to `target` (a FILE_TYPES key; the
    other formats are for benchmarks/gguf_formats.py) and the rest copied byte for byte."""
    import numpy as np
    from gguf import GGMLQuantizationType, GGUFReader, GGUFValueType, GGUFWriter, Keys
    from gguf.quants import dequantize, quantize

    to = GGMLQuantizationType[target]

    reader = GGUFReader(source)
    writer = GGUFWriter(dest, reader.fields[Keys.General.ARCHITECTURE].contents())
    for field in reader.fields.values():
        # the architecture is the writer's first key already; GGUF.* are the reader's view of the header
        if field.name == Keys.General.ARCHITECTURE or field.name.startswith("GGUF."):
            continue
        value = field.contents()
        if field.name == Keys.General.FILE_TYPE:
            value = FILE_TYPES[target]
        sub_type = field.types[-1] if field.types[0] == GGUFValueType.ARRAY else None
        writer.add_key_value(field.name, value, field.types[0], sub_type=sub_type)
    for tensor in reader.tensors:
        if tensor.tensor_type == GGMLQuantizationType.Q4_1:
            data = quantize(dequantize(tensor.data, tensor.tensor_type), to)
            writer.add_tensor(tensor.name, data, raw_shape=data.shape, raw_dtype=to)
        else:
            writer.add_tensor(tensor.name, np.asarray(tensor.data), raw_shape=tensor.data.shape,
                              raw_dtype=tensor.tensor_type)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def rms_change(source: Path, other: Path) -> float:
    """The RMS of (other - source) over the source's Q4_1 matrices, relative to their RMS: how far a
    rewritten file moved the weights (Q8_0: 0.0055; Q4_1's own rounding is about 0.08)."""
    import numpy as np
    from gguf import GGMLQuantizationType, GGUFReader
    from gguf.quants import dequantize

    theirs = {t.name: t for t in GGUFReader(other).tensors}
    moved = total = 0.0
    for tensor in GGUFReader(source).tensors:
        if tensor.tensor_type == GGMLQuantizationType.Q4_1:
            a = dequantize(tensor.data, tensor.tensor_type).astype(np.float64)
            b = dequantize(theirs[tensor.name].data, theirs[tensor.name].tensor_type).astype(np.float64)
            moved += float(((b - a) ** 2).sum())
            total += float((a**2).sum())
    return (moved / total) ** 0.5
