"""Harness speed (issue targets: overhead per turn without models < 1 ms; with the embedded
model, share of simulated-user prompt tokens served from cache >= 90%, and seconds per dialog).

llama-cpp-python's server does not report cached tokens, so the cache share is estimated from
prefill times: a follow-up whose latency is far below a cold prefill of the same prefix reused
it. The estimate per answer is 1 - (latency - decode time) / cold prefill time, clipped to [0, 1].
"""
import argparse
import statistics
import time
from pathlib import Path

from eligibench import paths
from eligibench.evaluation.hosting import OpportunityBrief, ProcessAgent
from eligibench.evaluation.run import run_dialog
from eligibench.evaluation.user import SimulatedUser
from eligibench.household import household, render_profile
from eligibench.models import Completion
from tests.evaluation.doubles import ScriptedAgent

BRIEFS = [OpportunityBrief("IDNYC", "IDNYC", "Lives in NYC and is 10 or older.")]
HH = household({"name": "Ana Ruiz", "age": 34})


class ConstantModel:
    """Answers instantly, so only the harness is timed."""

    def chat(self, messages, json_schema=None, max_tokens=None):
        return Completion("I am 34.", 10, 3, None, 0.0)


def overhead(turns: int) -> None:
    user = SimulatedUser(ConstantModel(), render_profile(HH).text)
    t0 = time.perf_counter()
    r = run_dialog(ScriptedAgent(questions=turns), user, BRIEFS, {"IDNYC": True}, "r", "diverse", max_questions=turns)
    dt = time.perf_counter() - t0
    print(f"in-process agent:   {1000 * dt / len(r.turns):.3f} ms per turn ({len(r.turns)} turns)")
    agent = ProcessAgent(Path("submissions/random"), "agent:RandomAgent")
    agent._call({"op": "start", "opportunities": [vars(b) for b in BRIEFS]})  # spawn outside the timing
    from eligibench.evaluation.hosting import Dialog

    d = Dialog(tuple(BRIEFS))
    t0 = time.perf_counter()
    for _ in range(turns):
        agent.ask(d)
        agent.ready(d)
    dt = time.perf_counter() - t0
    agent.close()
    print(f"agent process (IPC): {1000 * dt / turns:.3f} ms per turn (ask + ready round trips)")


def embedded(dialogs: int, questions: int) -> None:
    from eligibench.datasets import dataset_path, read_parquet
    from eligibench.models import EmbeddedServer, ModelSpec, make_model

    rows = sorted(read_parquet(dataset_path(paths.DATASET_DIR, "representative")), key=lambda r: len(r.profile))[:dialogs]
    with EmbeddedServer() as server, make_model(ModelSpec("embedded", "SmolLM2-135M-Instruct", base_url=server.base_url,
                                                          max_tokens=48)) as model:
        shares, per_dialog = [], []
        for row in rows:
            user = SimulatedUser(model, row.profile, 48)
            t0 = time.perf_counter()
            r = run_dialog(ScriptedAgent(questions=questions), user, BRIEFS, {"IDNYC": True}, row.id, "representative",
                           max_questions=questions)
            per_dialog.append(time.perf_counter() - t0)
            cold = r.turns[0].answer_latency_s
            for t in r.turns[1:]:
                decode = t.completion_tokens / 40.0  # ~40 tokens/s decode on 2 cores
                shares.append(max(0.0, min(1.0, 1 - (t.answer_latency_s - decode) / max(cold, 1e-9))))
            print(f"{row.id}: {r.turns[0].prompt_tokens} prompt tokens; first answer {cold:.1f} s, "
                  f"follow-ups {statistics.mean(t.answer_latency_s for t in r.turns[1:]):.2f} s")
        print(f"seconds per dialog ({questions} questions): {statistics.mean(per_dialog):.1f}")
        print(f"estimated share of user prompt tokens served from cache (follow-ups): {100 * statistics.mean(shares):.0f}%")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=2000)
    ap.add_argument("--embedded", action="store_true", help="also measure with the embedded model")
    ap.add_argument("--dialogs", type=int, default=2)
    ap.add_argument("--questions", type=int, default=5)
    args = ap.parse_args()
    overhead(args.turns)
    if args.embedded:
        embedded(args.dialogs, args.questions)


if __name__ == "__main__":
    main()
