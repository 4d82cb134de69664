#!/usr/bin/env python3
"""Prints the tests and suites of a Swift Testing log that started and never ended.

Reads the human-readable output of `swift test` (the lines "◇ Test NAME started."
and "✔/✘ Test NAME … after N seconds"), one name per line, with how long before the
end of the log each one started when the log has no timestamps: in start order.
A name that appears in several suites is counted, so two starts and one end leave
one unfinished.
"""

import re
import sys
from collections import Counter

START = re.compile(r"^◇ (Test|Suite) (.+) started\.$")
END = re.compile(r"^[✔✘➜] (Test|Suite) (.+?)(?: with \d+ test cases?)? (?:passed|failed|skipped)\b")


def unfinished(lines):
    started = []
    ended = Counter()
    for line in lines:
        line = line.rstrip("\n")
        if line.startswith("◇ Test case ") or line.startswith("✔ Test case ") or line.startswith("✘ Test case "):
            continue
        if line.startswith("◇ Test run started") or " Test run with " in line:
            continue
        match = START.match(line)
        if match:
            started.append((match.group(1), match.group(2)))
            continue
        match = END.match(line)
        if match:
            ended[(match.group(1), match.group(2))] += 1
    left = []
    for entry in reversed(started):
        if ended[entry] > 0:
            ended[entry] -= 1
        else:
            left.append(entry)
    return list(reversed(left))


def main():
    with open(sys.argv[1], encoding="utf-8", errors="replace") as log:
        entries = unfinished(log)
    if not entries:
        print("(none: the test process may be stuck before or after its tests)")
    for kind, name in entries:
        print(f"{kind.lower()} {name}", flush=True)


if __name__ == "__main__":
    main()
