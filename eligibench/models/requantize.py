"""The shipped weights are made, not downloaded: SmolLM2-135M-Instruct's Q4_1 GGUF (the one file of it on
the package index) with its 4-bit matrices rewritten as Q8_0, deterministically, by gguf-py (`gguf`,
ggml-org's own reader/writer, pinned in pyproject.toml: another version may lay the file out
differently, and the result's sha256 is checked against `SHIPPED_WEIGHTS`).

Why (measured 2026-11-27, 2 cores, docs/performance.md "The weights' format"): llama.cpp's CPU backend
has AVX2 matrix kernels for Q8_0 and Q4_0 and none for Q4_1, so prefill, most of every model stage, runs
1.4-1.5x faster as Q8_0 (Q4_1 146-157 prompt tokens/s, Q8_0 207-231; decoding about the same). Q8_0
because it keeps the weights: every Q4_1 value is re-expressed on a grid 8x finer, a change of 0.55% of
the matrices' RMS (Q4_1's own rounding is 8.2%), and the replies stay those of the Q4_1 file. Q4_0 was
faster still (245-276) but rounds the same weights a second time (8.7%, doubling the quantization
noise): ProADA's accepted programs on the smoke subset fell from 12 to 6 of 14 and its F1 from 33.3 to
16.7. The tied token embedding / output matrix is Q8_0 already and is copied byte for byte, as are the
norms. Measured: 7-8 s on one core, the same bytes every run.
"""

from __future__ import annotations

from pathlib import Path


def requantize_q8_0(source: Path, dest: Path) -> None:
    """Write `source` (a GGUF) to `dest` with every Q4_1 tensor requantized to Q8_0 and the rest copied."""
    import numpy as np
    from gguf import GGMLQuantizationType, GGUFReader, GGUFValueType, GGUFWriter, Keys
    from gguf.quants import dequantize, quantize

    reader = GGUFReader(source)
    writer = GGUFWriter(dest, reader.fields[Keys.General.ARCHITECTURE].contents())
    for field in reader.fields.values():
        # the architecture is the writer's first key already; GGUF.* are the reader's view of the header
        if field.name == Keys.General.ARCHITECTURE or field.name.startswith("GGUF."):
            continue
        value = field.contents()
        if field.name == Keys.General.FILE_TYPE:
            value = 7  # LLAMA_FTYPE_MOSTLY_Q8_0
        sub_type = field.types[-1] if field.types[0] == GGUFValueType.ARRAY else None
        writer.add_key_value(field.name, value, field.types[0], sub_type=sub_type)
    for tensor in reader.tensors:
        if tensor.tensor_type == GGMLQuantizationType.Q4_1:
            data = quantize(dequantize(tensor.data, tensor.tensor_type), GGMLQuantizationType.Q8_0)
            writer.add_tensor(tensor.name, data, raw_shape=data.shape, raw_dtype=GGMLQuantizationType.Q8_0)
        else:
            writer.add_tensor(tensor.name, np.asarray(tensor.data), raw_shape=tensor.data.shape,
                              raw_dtype=tensor.tensor_type)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
