"""The protocols of the store's runs: which one is ranked first, and how the others differ from it."""
from __future__ import annotations

from typing import Mapping

__all__ = ["NO_PROTOCOL", "V1_PROTOCOL", "StoredProtocol", "default_protocol", "protocol_differences", "protocols"]

from eligibench.results import NO_PROTOCOL, V1_PROTOCOL, Reader, StoredProtocol, parse_protocol
from leaderboard.protocol_words import user_words


def protocol_differences(base: StoredProtocol | None, other: StoredProtocol) -> list[str]:
    """What `other` does differently from `base` (the full protocol), in words."""
    if other.id == NO_PROTOCOL:
        return ["these runs were written before protocols were recorded: what they measured is unknown"]
    if other.kind == V1_PROTOCOL:
        return ["v1's published figures (Llama 3.1 70B simulated user, v1 datasets), not re-run here"]
    a, b = (base.spec if base else {}) or {}, other.spec or {}
    out = []
    if other.kind != "full":
        out.append(f"a {other.kind} protocol, not the full one")
    da, db = a.get("datasets") or {}, b.get("datasets") or {}
    for name in sorted(set(da) | set(db)):
        x, y = da.get(name) or {}, db.get(name) or {}
        if not y:
            out.append(f"no {name} dataset")
            continue
        if (x.get("households_used"), x.get("households_total")) != (y.get("households_used"), y.get("households_total")):
            out.append(f"{name}: {y.get('households_used')} of {y.get('households_total')} households"
                       + (f" (full: {x.get('households_used')})" if x else ""))
        if x and x.get("data_version") != y.get("data_version"):
            out.append(f"{name} data version {y.get('data_version')} (full: {x.get('data_version')})")
    said = {"question_cap": lambda v: "no question cap" if v is None else f"at most {v} questions",
            "trials": lambda v: f"{v} trial{'s' if v != 1 else ''}", "split": lambda v: f"the {v} split"}
    for key, say in said.items():
        if a.get(key) != b.get(key):
            out.append(say(b.get(key)) + (f" (full: {say(a.get(key))})" if key in a else ""))
    sa, sb = a.get("simulator") or {}, b.get("simulator") or {}
    if sa != sb and isinstance(sb, dict):
        out.append(user_words(sb.get("label")) + ("" if sb.get("reference") else " (not the reference simulated user)"))
    pin = b.get("simulator_pin")  # issue 31: the simulator's weights/quantization/prompt differ from the expected
    if isinstance(pin, dict) and pin and pin != a.get("simulator_pin"):
        out.append("simulator not as expected: " + ", ".join(f"{k} {v}" for k, v in sorted(pin.items())))
    return out or ["same settings as the full protocol, recorded under another id"]


def protocols(r: Reader) -> dict[str, StoredProtocol]:
    """Every protocol of the store's runs, by id; runs without one share NO_PROTOCOL."""
    if r.empty or not r.has("runs"):
        return {}
    cols = r.columns("runs")
    if "protocol_id" not in cols:
        n = int(r.df("SELECT count(*) AS n FROM runs")["n"].iloc[0])
        return {NO_PROTOCOL: StoredProtocol(NO_PROTOCOL, NO_PROTOCOL, {}, n)} if n else {}
    spec_col = "any_value(protocol)" if "protocol" in cols else "NULL"
    df = r.df(f"SELECT protocol_id, {spec_col} AS protocol, count(*) AS n FROM runs GROUP BY protocol_id")
    out: dict[str, StoredProtocol] = {}
    for pid, spec, n in df.itertuples(index=False):
        p = parse_protocol(pid, spec, int(n))
        if p.id in out:  # several NULL-like ids: one NO_PROTOCOL
            p = StoredProtocol(p.id, p.kind, p.spec, p.runs + out[p.id].runs)
        out[p.id] = p
    return out


def default_protocol(protos: Mapping[str, StoredProtocol]) -> str | None:
    """The ranking shown first: one rule for the board and every query (`leaderboard.defaults`): the
    sealed split's protocol, else the full protocol with the most runs, else the largest one."""
    from leaderboard.defaults import default_protocol as rule

    return rule(protos)
