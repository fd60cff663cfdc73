"""The functions the merge driver ran, in the order lld is to place them.

Used by scripts/generate-startup-order: `startup-order.py WORK ORDER` reads
the callgrind profiles WORK/*.out and lld's map WORK/map of the driver's
link, and writes ORDER, one symbol a line.
"""
import collections
import glob
import re
import subprocess
import sys

work, order = sys.argv[1], sys.argv[2]

# How many merges ran each function, and its own instructions in all of them.
runs, cost = collections.Counter(), collections.Counter()
row_pattern = re.compile(r'^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+[^:]*:(.+?)(?:\s+\[[^\]]*\])?$')
profiles = sorted(glob.glob(work + '/*.out'))
for profile in profiles:
    text = subprocess.run(['callgrind_annotate', '--threshold=100', '--inclusive=no', profile],
                          capture_output=True, text=True, check=True).stdout
    seen = set()
    for row in text.splitlines():
        match = row_pattern.match(row)
        if not match:
            continue
        name = re.sub(r"'\d+$", '', match.group(2))  # callgrind's mark of a recursive call
        # callgrind's name for the C library's start.
        names = ['__libc_start_main_impl', '__libc_start_call_main', '_start'] if name == '(below main)' else [name]
        for name in names:
            cost[name] += int(match.group(1).replace(',', ''))
            seen.add(name)
    runs.update(seen)

# lld's map: for each function of the code, the input section it is in
# (its number in the map) and that section's size.
section = {}
with open(work + '/map') as file:
    header = file.readline()
    out_column, in_column, symbol_column = header.index('Out'), header.index('In '), header.index('Symbol')
    output, current = None, (0, 0)
    for row in file:
        row = row.rstrip('\n')
        if len(row) <= out_column:
            continue
        if row[out_column] != ' ':
            output = row[out_column:].strip()
        elif len(row) > in_column and row[in_column] != ' ':
            current = (current[0] + 1, int(row[:out_column].split()[2], 16))
        elif output == '.text':
            section.setdefault(row[symbol_column:].strip(), current)

# What every merge runs first, then by instructions.
listed = sorted((name for name in runs if name in section), key=lambda name: (-runs[name], -cost[name], name))
# glibc picks its string functions for the processor at start (callgrind's
# is not the user's): every form of those seen.
form = re.compile(r'^(__\w+?)_(sse2|ssse3|sse4_1|sse4_2|avx2|avx|evex|avx512)(_\w+)?$')
families = {form.match(name).group(1) for name in listed if form.match(name)}
variants = sorted(name for name in section if form.match(name) and form.match(name).group(1) in families)
# A function in a large section shared with others (the standard library's
# code that is not split into sections, a C file's) brings the whole
# section where it is listed: those come last, after all that is placed alone.
shared = 64 * 1024
alone = [name for name in listed + variants if section[name][1] <= shared]
names = list(dict.fromkeys(alone + [name for name in listed if section[name][1] > shared]))
with open(order, 'w') as file:
    file.write(''.join(name + '\n' for name in names))
together = sum(dict(section[name] for name in alone).values())
print(f'{len(names)} functions run in {len(profiles)} merges, {together // 1024} KB of them placed together -> {order}')
