"""Deterministic, crash-safe file writing: same content, same bytes; never a half-written file."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def write_text(path: Path | str, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    os.replace(tmp, path)


def write_json(path: Path | str, obj: Any) -> None:
    write_text(path, json.dumps(obj, indent=1, sort_keys=True, ensure_ascii=False) + "\n")


def read_json(path: Path | str) -> Any:
    return json.loads(Path(path).read_text(encoding="utf-8"))


MAX_YAML_BYTES = 1_000_000


class UnsafeYamlError(ValueError):
    """A YAML file that is not plain data: too large, not UTF-8, aliases, too deeply nested."""


def read_yaml(path: Path | str, max_bytes: int = MAX_YAML_BYTES, max_depth: int = 64) -> Any:
    """YAML as plain data, checked before anything expands: at most `max_bytes`, UTF-8, no
    anchors or aliases (a 600-byte alias bomb expands to gigabytes), nesting at most `max_depth`.
    Raises UnsafeYamlError (or FileNotFoundError) with a message naming the file and the problem."""
    import yaml

    path = Path(path)
    try:
        if path.is_dir():
            raise UnsafeYamlError(f"{path}: is a directory, expected a YAML file")
        with open(path, "rb") as f:
            data = f.read(max_bytes + 1)
    except FileNotFoundError:
        raise
    except OSError as e:  # symlink loop, permissions, ...
        raise UnsafeYamlError(f"{path}: cannot be read: {e.strerror or e}") from None
    if len(data) > max_bytes:
        raise UnsafeYamlError(f"{path}: over {max_bytes} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise UnsafeYamlError(f"{path}: not UTF-8 (byte {e.start})") from None
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                line = event.start_mark.line + 1
                raise UnsafeYamlError(f"{path}:{line}: anchors and aliases are not allowed")
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > max_depth:
                    raise UnsafeYamlError(f"{path}:{event.start_mark.line + 1}: nested deeper than {max_depth}")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
        return yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise UnsafeYamlError(f"{path}: malformed YAML: {e}") from None
