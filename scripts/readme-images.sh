#!/usr/bin/env bash
# Regenerates the pictures in docs/images/ from a fresh build, so the README shows what the
# current code prints. Needs pdftoppm (Debian: poppler-utils). Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pdftoppm >/dev/null || { echo "pdftoppm is missing: apt-get install poppler-utils" >&2; exit 2; }

cargo run --release --quiet -- build >/dev/null
images=docs/images
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# page NAME PDF PAGE: one page of a PDF at 40 dpi, as docs/images/NAME.png.
page() {
  pdftoppm -r 40 -png -f "$3" -l "$3" -singlefile "$2" "$work/$1"
  mv "$work/$1.png" "$images/$1.png"
}

page tantrix-sheet-01-front output/tantrix/tantrix.pdf 1
page tantrix-sheet-01-back output/tantrix/tantrix.pdf 2
page triles-sheet output/triles/triles.pdf 1
page lanterns-of-keld-sheet-01-front output/lanterns-of-keld/lanterns-of-keld.pdf 1
page lanterns-of-keld-sheet-01-back output/lanterns-of-keld/lanterns-of-keld.pdf 2
page tranglar-pieces-front output/tranglar/tranglar-pieces.pdf 1
page tranglar-pieces-back output/tranglar/tranglar-pieces.pdf 2
page tranglar-board output/tranglar/tranglar-board.pdf 1
page trans-rabat-board-a1 output/trans-rabat/trans-rabat-board.pdf 1
page trans-rabat-nets output/trans-rabat/trans-rabat-nets.pdf 1
page saltmarsh-cards-front output/saltmarsh/saltmarsh-cards.pdf 1
page saltmarsh-cards-back output/saltmarsh/saltmarsh-cards.pdf 2
page saltmarsh-marsh-a1 output/saltmarsh/saltmarsh-marsh.pdf 1
page saltmarsh-punts-front output/saltmarsh/saltmarsh-punts.pdf 1
page saltmarsh-score-a1 output/saltmarsh/saltmarsh-score.pdf 1
# Tantrix's first sheet as a deuteranope sees it, beside the printed one: tilepress draws
# it through the colour-vision simulation (issue 49), at the same 40 dpi.
cargo run --release --quiet -- build designs/tantrix.toml -o "$work/deutan" --format png --dpi 40 --simulate deutan >/dev/null
mv "$work/deutan/tantrix/tantrix-sheet-01-front-deutan.png" "$images/"
# The cut file is an SVG of its own.
rsvg-convert -d 40 -p 40 -b white output/tantrix/tantrix-cut-01.svg -o "$images/tantrix-cut-01.png" 2>/dev/null \
  || echo "rsvg-convert missing: tantrix-cut-01.png not refreshed" >&2

for diagram in tantrix-forced-space tantrix-forced-space-filled triles-illegal-own-dot tranglar-capture trans-rabat-double-match; do
  cp "output/diagrams/$diagram.png" "$images/diagram-$diagram.png"
done
ls -l "$images"
