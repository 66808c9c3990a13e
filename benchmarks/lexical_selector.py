"""Precision and recall of the lexical fact selector on the fixed question set
(benchmarks/selector_questions.py), with each miss listed: `python -m benchmarks.lexical_selector`."""
from benchmarks.selector_questions import HOUSEHOLD, QUESTIONS
from eligibench.evaluation.user import lexical_select, precision_recall


def main() -> None:
    pairs = []
    for q, want in QUESTIONS:
        got = lexical_select(q, HOUSEHOLD)
        pairs.append((got, want))
        if set(got) != set(want):
            print(f"  {q!r}: got {sorted(got)}, expected {sorted(want)}")
    p, r = precision_recall(pairs)
    exact = sum(set(g) == set(w) for g, w in pairs)
    print(f"lexical selector: precision {p:.2f}, recall {r:.2f}, exact {exact}/{len(pairs)} questions")


if __name__ == "__main__":
    main()
