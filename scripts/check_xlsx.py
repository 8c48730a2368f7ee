#!/usr/bin/env python3
"""Independent reader for ScanBench's /export workbook (openpyxl, not libxlsxwriter).

Usage: check_xlsx.py FILE.xlsx
Prints one JSON object describing what a reader sees: sheet names in order, the Serial Data
header (texts, fill, font, alignment), the Confidence number format, the fills of the two
validation columns, column widths, the Summary / Export Metadata label column, and the number
of native charts per sheet. Exits 2 when openpyxl is missing, 1 when the file cannot be read.
"""
import json
import sys

try:
    import openpyxl
except ImportError:
    print("openpyxl is not installed: pip install openpyxl (make setup does it)", file=sys.stderr)
    sys.exit(2)


def rgb(color):
    if color is None or color.rgb is None or not isinstance(color.rgb, str):
        return None
    return color.rgb[-6:].upper()


def main(path):
    try:
        wb = openpyxl.load_workbook(path)
    except Exception as e:  # noqa: BLE001 - report any reader failure
        print(f"cannot read {path}: {e}", file=sys.stderr)
        return 1
    out = {"sheets": wb.sheetnames, "charts": {}, "widths": {}}
    for ws in wb.worksheets:
        out["charts"][ws.title] = len(ws._charts)
        out["widths"][ws.title] = {k: v.width for k, v in ws.column_dimensions.items() if v.width}
    sd = wb["Serial Data"]
    header = [c for c in sd[1]]
    out["header"] = [c.value for c in header]
    out["header_fill"] = sorted({rgb(c.fill.fgColor) for c in header if c.value is not None}, key=str)
    out["header_fill_type"] = sorted({c.fill.fill_type for c in header}, key=str)
    out["header_bold"] = all(c.font.b for c in header)
    out["header_font_color"] = sorted({rgb(c.font.color) for c in header}, key=str)
    out["header_align"] = sorted({c.alignment.horizontal for c in header}, key=str)
    rows = list(sd.iter_rows(min_row=2))
    out["rows"] = len(rows)
    out["confidence_formats"] = sorted({r[4].number_format for r in rows})
    out["validation"] = [
        {"passed": r[7].value, "passed_fill": rgb(r[7].fill.fgColor),
         "acceptable": r[8].value, "acceptable_fill": rgb(r[8].fill.fgColor)} for r in rows]
    out["serial_rows"] = [[c.value if not hasattr(c.value, "isoformat") else c.value.isoformat() for c in r] for r in rows]
    for name in ("Summary", "Export Metadata"):
        ws = wb[name]
        out[name] = [[r[0].value, r[1].value if len(r) > 1 else None, bool(r[0].font.b)] for r in ws.iter_rows()]
    print(json.dumps(out, default=str))
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    sys.exit(main(sys.argv[1]))
