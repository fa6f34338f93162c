#!/bin/sh
# Whole-process wall time and peak memory of tilepress, and of protograf on the same job
# when it is installed (docs/performance.md). Run from the project folder after
# `cargo build --release`:
#
#   sh benches/peer.sh [RUNS]      # default 7 runs; medians reported
#
# PROTOGRAF_PYTHON names a Python with protograf (`python3 -m venv v && v/bin/pip install
# protograf`); without one the protograf rows are skipped with a message.
set -eu
RUNS=${1:-7}
BIN=${TILEPRESS:-${CARGO_TARGET_DIR:-target}/release/tilepress}
PY=${PROTOGRAF_PYTHON:-python3}
TIME=/usr/bin/time
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
[ -x "$BIN" ] || { echo "no $BIN: run cargo build --release first" >&2; exit 2; }
[ -x "$TIME" ] || { echo "GNU time is missing: apt-get install time" >&2; exit 2; }

# median_of RUNS COMMAND…: "wall_ms peak_kib cpu_ms", each the median over RUNS runs (CPU
# is user + system time: what the job costs, less disturbed by other load than wall time).
median_of() {
    runs=$1
    shift
    : >"$WORK/times"
    i=0
    while [ "$i" -lt "$runs" ]; do
        "$TIME" -f "%e %M %U %S" -o "$WORK/one" "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
        tail -n 1 "$WORK/one" >>"$WORK/times"
        i=$((i + 1))
    done
    wall=$(cut -d' ' -f1 "$WORK/times" | sort -n | awk '{a[NR]=$1} END {printf "%.0f", a[int((NR+1)/2)]*1000}')
    peak=$(cut -d' ' -f2 "$WORK/times" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    cpu=$(awk '{print $3 + $4}' "$WORK/times" | sort -n | awk '{a[NR]=$1} END {printf "%.0f", a[int((NR+1)/2)]*1000}')
    echo "$wall $peak $cpu"
}

row() {
    set -- "$1" $2
    printf '| %-44s | %6s ms | %6s ms | %7.1f MiB |\n' "$1" "$2" "$4" "$(echo "$3" | awk '{print $1/1024}')"
}

# 1,960 tiles: Tantrix's 56 tiles 35 times over (the check reports the repeats; the build
# goes on, as it does without --strict).
big="$WORK/tantrix-1960.toml"
sed '/^\[\[tiles\]\]/,$d; s/^count = 56$/count = 1960/' designs/tantrix.toml >"$big"
awk '/^\[\[tiles\]\]/ {on = 1} /^# How tiles|^\[play\]/ {on = 0} on' designs/tantrix.toml >"$WORK/tiles"
k=0
while [ "$k" -lt 35 ]; do
    awk -v k="$k" '/^number = / {$3 = $3 + 56 * k} {print}' "$WORK/tiles" >>"$big"
    k=$((k + 1))
done

# 1,000 poker cards from a CSV (issue 14's benchmark, as in benches/build.rs): Saltmarsh's
# card face, each card with its own name; 112 sheets of A4 or Letter.
deck="$WORK/thousand-cards.toml"
sed '/^\[faces\.track-cell\]/,$d' designs/saltmarsh.toml >"$deck"
printf '[[decks]]\nname = "cards"\nsize = "poker"\ncorner_radius_mm = 3\nbackground = "paper"\nfront = "card"\nback = "card-back"\ndata = "cards.csv"\n' >>"$deck"
# The coin icon of the price, beside the design as Saltmarsh names it; the goods'
# pictures, looked for beside the data file.
mkdir -p "$WORK/assets/saltmarsh"
cp designs/assets/saltmarsh/coin.svg "$WORK/assets/saltmarsh/"
cp -r designs/assets/saltmarsh/goods "$WORK/goods"
awk 'BEGIN {print "good,rank,name,count"; split("salt wool tea rum", g, " ");
    for (c = 0; c < 1000; c++) printf "%s,%d,Cargo %d,1\n", g[c % 4 + 1], int(c / 4) + 1, c + 1}' >"$WORK/cards.csv"

# Issue 16's default build: the four designs it was filed with (Saltmarsh and Lanterns of
# Keld came later; the four use no assets) and their diagrams, built from a project of their own.
issue16="$WORK/issue-16"
mkdir -p "$issue16/designs" "$issue16/diagrams"
for design in tantrix triles tranglar trans-rabat; do
    cp "designs/$design.toml" "$issue16/designs/"
    # Its diagrams, each named after its design (the later designs' diagrams need theirs).
    for diagram in diagrams/"$design"-*.toml; do cp "$diagram" "$issue16/diagrams/"; done
done
BIN_PATH=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")

echo "median of $RUNS runs, wall time and peak resident memory (GNU time), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| job | wall | CPU | peak memory |"
echo "|---|---|---|---|"
# Each build below goes into the folder the same build wrote the run before, so it finds
# its files there already and writes nothing (docs/format.md, "Output folders"); the rows
# "into a new folder" make every file and sync it, in a folder made for each run.
row "tilepress: Tantrix (default outputs)" "$(median_of "$RUNS" "$BIN" build designs/tantrix.toml -o "$WORK/out")"
row "tilepress: Tantrix, into a new folder" "$(median_of "$RUNS" sh -c 'exec "$0" build designs/tantrix.toml -o "$(mktemp -d "$1/new.XXXXXX")"' "$BIN" "$WORK")"
row "tilepress: Tantrix, the PDF only (protograf's job)" "$(median_of "$RUNS" "$BIN" build designs/tantrix.toml --format pdf -o "$WORK/out")"
row "tilepress: Tantrix, -j 1" "$(median_of "$RUNS" "$BIN" build designs/tantrix.toml -j 1 -o "$WORK/out")"
row "tilepress: Saltmarsh (default outputs)" "$(median_of "$RUNS" "$BIN" build designs/saltmarsh.toml -o "$WORK/out")"
row "tilepress: 1,000 cards on A4" "$(median_of "$RUNS" "$BIN" build "$deck" --paper A4 -o "$WORK/out")"
row "tilepress: 1,000 cards on Letter" "$(median_of "$RUNS" "$BIN" build "$deck" --paper Letter -o "$WORK/out")"
row "tilepress: 1,000 cards on A4, into a new folder" "$(median_of "$RUNS" sh -c 'exec "$0" build "$1" --paper A4 -o "$(mktemp -d "$2/new.XXXXXX")"' "$BIN" "$deck" "$WORK")"
row "tilepress: the default build (8 designs, 24 diagrams)" "$(median_of "$RUNS" "$BIN" build -o "$WORK/out")"
row "tilepress: the default build, -j 1" "$(median_of "$RUNS" "$BIN" build -j 1 -o "$WORK/out")"
row "tilepress: issue 16's build (4 designs, 20 diagrams)" "$(median_of "$RUNS" sh -c "cd '$issue16' && exec '$BIN_PATH' build -o '$WORK/out'")"
row "tilepress: 1,960 tiles" "$(median_of 3 "$BIN" build "$big" -o "$WORK/out")"
row "tilepress: Tantrix --png on 1000 x 1000 mm" "$(median_of 3 "$BIN" build designs/tantrix.toml --paper 1000x1000 --png -o "$WORK/out")"
if "$PY" -c "import protograf" 2>/dev/null; then
    row "protograf $("$PY" -c 'import protograf; print(protograf.__version__)' 2>/dev/null || echo): Tantrix PDF" \
        "$(median_of "$RUNS" "$PY" benches/protograf/tantrix.py designs/tantrix.toml "$WORK/protograf.pdf")"
else
    echo
    echo "protograf is not installed for $PY: its rows are skipped (set PROTOGRAF_PYTHON)."
fi
