#!/usr/bin/env python3
"""Writes tests/fixtures/profiles/test-cmyk.icc and test-cmyk-narrow.icc: small CMYK output
profiles (ICC v2.1, class prtr, Lab PCS, lut16 tables) of made-up presses, for tests that need a
real profile without Ghostscript's. Not characterised presses. test-cmyk.icc's inks mix as
ideal filters over sRGB (it reaches every sRGB colour), and its separation puts black at 80 %
of the grey component (so a full black is 380 % of ink, which the ink-limit tests bring down).
test-cmyk-narrow.icc's inks are a real press's kind: each also takes some of the light it
should pass (cyan some green, magenta some blue…) and none takes all of its own, so saturated
sRGB blues, greens and reds are out of its reach and its black ink alone is a dark grey
(L* about 20), as on coated paper; its separation is found by searching its inks for the
nearest colour, black again at 80 % of the grey component. Made by the project, under its
licence (MIT).

Usage: python3 scripts/test-cmyk-profile.py  (from the project's root)
"""
import struct

D50 = (0.9642, 1.0, 0.8249)
# sRGB (linear) to XYZ, adapted to D50 (Bradford), as ICC's sRGB profiles give it.
M = ((0.4360747, 0.3850649, 0.1430804),
     (0.2225045, 0.7168786, 0.0606169),
     (0.0139322, 0.0971045, 0.7141733))


def invert(m):
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return ((( e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det),
            (( f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det),
            (( d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det))


M_INV = invert(M)


def linear(v):
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def encoded(v):
    v = min(1.0, max(0.0, v))
    return v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def lab_of_rgb(rgb):
    return lab_of_linear([linear(v) for v in rgb])


def lab_of_linear(lin):
    xyz = [sum(M[r][k] * lin[k] for k in range(3)) for r in range(3)]
    f = [(t / w) ** (1 / 3) if t / w > 216 / 24389 else (24389 / 27 * t / w + 16) / 116
         for t, w in zip(xyz, D50)]
    return (116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2]))


def rgb_of_lab(lab):
    l, a, b = lab
    fy = (l + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200
    finv = lambda t: t ** 3 if t ** 3 > 216 / 24389 else (116 * t - 16) / (24389 / 27)
    xyz = [finv(fx) * D50[0], finv(fy) * D50[1], finv(fz) * D50[2]]
    return [encoded(sum(M_INV[r][k] * xyz[k] for k in range(3))) for r in range(3)]


def cmyk_to_lab(c, m, y, k):
    return lab_of_rgb(((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)))


def lab_to_cmyk(l, a, b):
    cmy = [1 - v for v in rgb_of_lab((l, a, b))]
    k = 0.8 * min(cmy)
    return [1 - (1 - v) / (1 - k) for v in cmy] + [k]


# The narrow press: how much of sRGB's red, green and blue light each ink takes at full cover.
NARROW_INKS = ((0.97, 0.35, 0.10),   # cyan
               (0.10, 0.95, 0.40),   # magenta
               (0.02, 0.10, 0.93),   # yellow
               (0.97, 0.97, 0.97))   # black


def narrow_cmyk_to_lab(c, m, y, k):
    light = [1.0, 1.0, 1.0]
    for ink, takes in zip((c, m, y, k), NARROW_INKS):
        light = [v * (1 - ink * t) for v, t in zip(light, takes)]
    return lab_of_linear(light)


def narrow_lab_to_cmyk(l, a, b):
    """The inks whose colour is nearest (l, a, b): black as the ideal separation puts it, then
    cyan, magenta and yellow by Gauss-Newton steps kept inside 0..1."""
    start = lab_to_cmyk(l, a, b)
    k = start[3]
    cmy = [min(1.0, max(0.0, v)) for v in start[:3]]
    error = lambda inks: [p - q for p, q in zip(narrow_cmyk_to_lab(*inks, k), (l, a, b))]
    for _ in range(40):
        e = error(cmy)
        jacobian = []
        for i in range(3):
            nudged = list(cmy)
            h = 1e-4 if cmy[i] < 1 - 1e-4 else -1e-4
            nudged[i] += h
            jacobian.append([(p - q) / h for p, q in zip(error(nudged), e)])
        # Columns of J are jacobian[i]; solve (J^T J + mu I) d = -J^T e.
        jtj = [[sum(jacobian[i][r] * jacobian[j][r] for r in range(3)) + (1e-6 if i == j else 0)
                for j in range(3)] for i in range(3)]
        jte = [sum(jacobian[i][r] * e[r] for r in range(3)) for i in range(3)]
        step = solve(jtj, [-v for v in jte])
        moved = [min(1.0, max(0.0, v + d)) for v, d in zip(cmy, step)]
        if sum(v * v for v in error(moved)) >= sum(v * v for v in e):
            moved = [min(1.0, max(0.0, v + d / 4)) for v, d in zip(cmy, step)]
            if sum(v * v for v in error(moved)) >= sum(v * v for v in e):
                break
        cmy = moved
    return cmy + [k]


def solve(m, v):
    inverse = invert(m)
    return [sum(inverse[r][k] * v[k] for k in range(3)) for r in range(3)]


def u16(v):
    return max(0, min(65535, int(round(v * 65535))))


def lab16(lab):
    l, a, b = lab
    clamp = lambda v: max(0, min(65535, int(round(v))))
    return (clamp(l * 652.8), clamp((a + 128) * 256), clamp((b + 128) * 256))


def lut16(inputs, outputs, grid, function):
    head = b"mft2" + bytes(4) + struct.pack(">BBBB", inputs, outputs, grid, 0)
    head += b"".join(struct.pack(">i", 65536 if r == c else 0) for r in range(3) for c in range(3))
    head += struct.pack(">HH", 2, 2)
    tables = struct.pack(">HH", 0, 65535) * inputs
    clut = b""
    for index in range(grid ** inputs):
        point = []
        for _ in range(inputs):
            point.insert(0, (index % grid) / (grid - 1))
            index //= grid
        clut += b"".join(struct.pack(">H", v) for v in function(point))
    return head + tables + clut + struct.pack(">HH", 0, 65535) * outputs


def a2b(to_lab):
    return lambda point: lab16(to_lab(*point))


def b2a(to_cmyk):
    def table(point):
        l = point[0] * 65535 / 652.8
        a, b = point[1] * 65535 / 256 - 128, point[2] * 65535 / 256 - 128
        return [u16(v) for v in to_cmyk(l, a, b)]
    return table


def text_description(text):
    data = text.encode("ascii") + b"\0"
    return b"desc" + bytes(4) + struct.pack(">I", len(data)) + data + bytes(4 + 4 + 2 + 1 + 67)


def xyz(values):
    return b"XYZ " + bytes(4) + b"".join(struct.pack(">i", int(round(v * 65536))) for v in values)


def write_profile(path, description, to_lab, to_cmyk):
    forward, backward = lut16(4, 3, 7, a2b(to_lab)), lut16(3, 4, 13, b2a(to_cmyk))
    tags = [
        (b"desc", text_description(description)),
        (b"cprt", b"text" + bytes(4) + b"No copyright: made by tilepress's tests (MIT)\0"),
        (b"wtpt", xyz(D50)),
        (b"A2B0", forward), (b"A2B1", forward), (b"A2B2", forward),
        (b"B2A0", backward), (b"B2A1", backward), (b"B2A2", backward),
    ]
    offset = 128 + 4 + 12 * len(tags)
    table, data, placed = b"", b"", {}
    for name, body in tags:
        key = id(body)
        if key not in placed:
            while (offset + len(data)) % 4:
                data += b"\0"
            placed[key] = offset + len(data)
            data += body
        table += name + struct.pack(">II", placed[key], len(body))
    body = struct.pack(">I", len(tags)) + table + data
    size = 128 + len(body)
    header = struct.pack(">I", size) + bytes(4) + struct.pack(">I", 0x02100000)
    header += b"prtrCMYKLab " + struct.pack(">HHHHHH", 2026, 1, 1, 0, 0, 0) + b"acsp"
    header += bytes(4) + bytes(4) + bytes(4) + bytes(4) + bytes(8) + struct.pack(">I", 0)
    header += b"".join(struct.pack(">i", int(round(v * 65536))) for v in D50) + bytes(4)
    header += bytes(128 - len(header))
    with open(path, "wb") as out:
        out.write(header + body)


def main():
    write_profile("tests/fixtures/profiles/test-cmyk.icc",
                  "tilepress test press (made-up CMYK, not for printing)",
                  cmyk_to_lab, lab_to_cmyk)
    write_profile("tests/fixtures/profiles/test-cmyk-narrow.icc",
                  "tilepress narrow test press (made-up CMYK with a press's gamut, not for printing)",
                  narrow_cmyk_to_lab, narrow_lab_to_cmyk)


main()
