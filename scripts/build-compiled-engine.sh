#!/usr/bin/env bash
# The engine compiled by mypyc from the same typed source (an optional speed-up: the pure-Python
# engine stays the default). Usage: scripts/build-compiled-engine.sh PYTHON OUT
# OUT/engine then holds the compiled modules beside their source; PYTHONPATH=OUT selects it.
# Rebuilt from scratch each time, so it never runs stale code.
set -euo pipefail
python="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"  # not realpath: a venv's python is a link
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out"
mkdir -p "$out"
cp -r "$root/engine" "$out/engine"
find "$out/engine" -name __pycache__ -prune -exec rm -rf {} +
cd "$out"
# The command-line tools and the OpenSpiel adapter stay Python: runpy needs their code objects,
# and pyspiel is an optional extra mypy cannot see.
modules=$(find engine -name '*.py' ! -name bench.py ! -name arena.py ! -name ladder.py ! -name openspiel_game.py | sort)
"$python" -m mypyc $modules > build.log 2>&1 || { cat build.log; exit 1; }
rm -rf build build.log
find . -name '*.c' -delete
echo "compiled engine: $(find engine -name '*.so' | wc -l) modules in $out"
