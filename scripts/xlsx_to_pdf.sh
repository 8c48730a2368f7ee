#!/bin/sh
# Converts a ScanBench workbook to PDF with LibreOffice (an independent reader) and fails when
# LibreOffice complains or writes nothing. Usage: xlsx_to_pdf.sh FILE.xlsx OUTDIR
# Needs: apt-get install libreoffice-calc-nogui (Debian).
set -eu
xlsx=$1; out=$2
command -v soffice >/dev/null || { echo "soffice not found: apt-get install libreoffice-calc-nogui" >&2; exit 2; }
mkdir -p "$out"
pdf="$out/$(basename "${xlsx%.xlsx}").pdf"
rm -f "$pdf"
log=$(timeout 180 soffice --headless --norestore -env:UserInstallation=file:///tmp/scanbench-lo-profile \
  --convert-to pdf --outdir "$out" "$xlsx" 2>&1) || { echo "$log" >&2; exit 1; }
if echo "$log" | grep -qi "error"; then echo "$log" >&2; exit 1; fi
[ -s "$pdf" ] || { echo "LibreOffice wrote no PDF for $xlsx: $log" >&2; exit 1; }
pages=$(python3 -c "import re,sys; print(len(re.findall(rb'/Type\s*/Page[^s]', open(sys.argv[1],'rb').read())))" "$pdf")
echo "$pdf: $(wc -c < "$pdf") bytes, $pages pages"
