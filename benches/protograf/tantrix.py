"""Tantrix in protograf, for the peer comparison in benches/peer.sh: the 56 tiles of
designs/tantrix.toml as flat hexagons of 24 mm edges packed on A4 pages, each colour's two
edges joined by protograf's own hexagon `paths` (arcs and straight lines, 4.8 mm wide), then
one black back per tile with its number. Usage: python tantrix.py DESIGN OUTPUT.pdf
"""

import math
import sys
import tomllib

# protograf reads the command line itself: take ours first.
ARGS, sys.argv = sys.argv[1:], sys.argv[:1]

from protograf import Create, Hexagon, PageBreak, Save, Text  # noqa: E402

DIRECTIONS = ["n", "ne", "se", "s", "sw", "nw"]  # edges clockwise from the top, as tilepress
EDGE = 24.0
LINE = 4.8


def main():
    design, output = ARGS[0], ARGS[1]
    with open(design, "rb") as f:
        data = tomllib.load(f)
    palette = data["palette"]
    tiles = data["tiles"]
    Create(filename=output, paper="A4", units="mm", margin=10)
    width, height = 2 * EDGE, math.sqrt(3) * EDGE
    columns = int((210 - 20 - 2 * EDGE) // (1.5 * EDGE)) + 1
    rows = int((297 - 20 - height / 2) // height)
    per_page = columns * rows
    places = []
    for index in range(per_page):
        col, row = index % columns, index // columns
        cx = 10 + EDGE + col * 1.5 * EDGE
        cy = 10 + height / 2 + row * height + (height / 2 if col % 2 else 0)
        places.append((cx, cy))
    pages = [tiles[i : i + per_page] for i in range(0, len(tiles), per_page)]
    for number, page in enumerate(pages):
        for tile, (cx, cy) in zip(page, places):
            Hexagon(cx=cx, cy=cy, side=EDGE, orientation="flat", fill="#000000")
            edges = tile["edges"]
            for colour in sorted(set(edges)):
                pair = [DIRECTIONS[k] for k, c in enumerate(edges) if c == colour]
                Hexagon(
                    cx=cx, cy=cy, side=EDGE, orientation="flat", fill=None, stroke=None,
                    paths=[" ".join(pair)], paths_stroke=palette[colour],
                    paths_stroke_width=LINE / 25.4 * 72,
                )
        PageBreak()
        for tile, (cx, cy) in zip(page, places):
            mirrored = 210 - cx
            Hexagon(cx=mirrored, cy=cy, side=EDGE, orientation="flat", fill="#000000")
            Text(text=str(tile["number"]), x=mirrored, y=cy, font_size=24,
                 stroke=palette[tile["back"]])
        if number + 1 < len(pages):
            PageBreak()
    Save()


if __name__ == "__main__":
    main()
