#!/usr/bin/env python3
"""Lists the longest Swift functions and initialisers (signature to closing brace) under the
folders given, longest first: `scripts/longest_functions.py Sources/SerialReading [--top 5]`.
A brace count that skips string literals; good enough for this codebase's style."""
import argparse, pathlib, re

DECL = re.compile(r'\s*(@\w+\s+)*((public|private|fileprivate|internal|package|static|mutating|override|final|nonisolated)\s+)*(func|init)\b')

def functions(path):
    lines = path.read_text().split('\n')
    for i, line in enumerate(lines):
        if not DECL.match(line):
            continue
        depth, opened = 0, False
        for j in range(i, len(lines)):
            code = re.sub(r'"[^"]*"', '', lines[j])
            depth += code.count('{') - code.count('}')
            opened = opened or '{' in code
            if opened and depth <= 0:
                yield j - i + 1, f'{path}:{i + 1}', line.strip()[:70]
                break

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument('folders', nargs='+')
parser.add_argument('--top', type=int, default=5)
args = parser.parse_args()
found = [f for folder in args.folders for p in sorted(pathlib.Path(folder).rglob('*.swift')) for f in functions(p)]
for n, where, signature in sorted(found, reverse=True)[:args.top]:
    print(f'{n:4d}  {where}  {signature}')
