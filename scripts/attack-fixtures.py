#!/usr/bin/env python3
"""Writes the attack fixtures of tests/attacks_*.rs into tests/fixtures/attacks/.

`bomb.xlsx` holds one cell of 300 MB of 'a' deflated to about 300 KB; `lying.xlsx` also
claims 1000 bytes for it in both zip headers; `huge.png` is a real 16000 x 16000 PNG (one
bit a pixel, all black) of about 40 KB. Too slow to make in a debug test, so they are
committed; run from anywhere to make them again.
"""
import os
import struct
import zipfile
import zlib

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "attacks")
CELL = 300 * 1024 * 1024
NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PARTS = {
    "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    "_rels/.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="' + REL + '/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    "xl/workbook.xml": '<?xml version="1.0"?><workbook xmlns="' + NS + '" xmlns:r="' + REL + '"><sheets><sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>',
    "xl/_rels/workbook.xml.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="' + REL + '/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
}


def bomb(name, lie):
    path = os.path.join(HERE, name)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for part, text in PARTS.items():
            z.writestr(part, text)
        with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=False) as sheet:
            sheet.write(('<?xml version="1.0"?><worksheet xmlns="' + NS + '"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>').encode())
            chunk = b"a" * (1 << 20)
            for _ in range(CELL >> 20):
                sheet.write(chunk)
            sheet.write(b"</t></is></c></row></sheetData></worksheet>")
    if lie:
        data = bytearray(open(path, "rb").read())
        name_bytes = b"xl/worksheets/sheet1.xml"
        offset = 0
        while True:
            offset = data.find(b"PK\x03\x04", offset)
            if offset < 0:
                break
            n = struct.unpack_from("<H", data, offset + 26)[0]
            if data[offset + 30:offset + 30 + n] == name_bytes:
                struct.pack_into("<I", data, offset + 22, 1000)
            offset += 4
        offset = 0
        while True:
            offset = data.find(b"PK\x01\x02", offset)
            if offset < 0:
                break
            n = struct.unpack_from("<H", data, offset + 28)[0]
            if data[offset + 46:offset + 46 + n] == name_bytes:
                struct.pack_into("<I", data, offset + 24, 1000)
            offset += 4
        open(path, "wb").write(bytes(data))


os.makedirs(HERE, exist_ok=True)
bomb("bomb.xlsx", False)
bomb("lying.xlsx", True)


def png(name, side):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    row = b"\x00" + b"\x00" * (side // 8)
    raw = zlib.compressobj(9)
    data = b"".join(raw.compress(row) for _ in range(side)) + raw.flush()
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b""))


png("huge.png", 16000)
