#!/usr/bin/env python3
"""Checks that every test has a time limit (`make test` runs this).

Every `@Suite` attribute under Tests/ must carry `.timeLimit(…)`, and every `@Test`
must sit inside a type whose `@Suite` has one (directly, through an enclosing type,
or through an extension of such a type), or carry `.timeLimit(…)` itself. A test
without a limit can hang the run until the watchdog of scripts/test.sh stops it;
with one, Swift Testing fails that test and the run goes on.

No limit may be under three minutes: Swift Testing counts a test's time from
its start, and the start comes before the test gets a thread — the first tests
of a run wait about 30 s for one on a quiet 2-core machine and about 60 s under
`make stress-test` (trivial suites with one-minute limits failed there).

Prints one line per violation (file:line: what) and exits 1 if there is any.
"""

import pathlib
import re
import sys

MINIMUM_MINUTES = 3
LIMIT = re.compile(r"\.timeLimit\(\s*\.(minutes|seconds|milliseconds)\(\s*(\d+)\s*\)\s*\)")

TYPE = re.compile(r"(?<!import )\b(struct|class|actor|enum|extension)\s+([A-Za-z_][A-Za-z0-9_.]*)")


def strip(source):
    """Blanks out comments and string literals, keeping offsets and newlines."""
    out = list(source)
    i = 0
    n = len(source)
    while i < n:
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = " "
            i = j
        elif source.startswith("/*", i):
            j = source.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        elif source.startswith('"""', i):
            j = source.find('"""', i + 3)
            j = n if j < 0 else j + 3
            for k in range(i + 1, j - 1):
                if out[k] != "\n":
                    out[k] = " "
            i = j
        elif source[i] == '"' or source.startswith('#"', i):
            hashes = 1 if source[i] == "#" else 0
            start = i + hashes + 1
            closing = '"' + "#" * hashes
            j = start
            while j < n and not source.startswith(closing, j):
                if source[j] == "\\" and hashes == 0:
                    j += 1
                if source[j] == "\n":
                    break
                j += 1
            for k in range(start, min(j, n)):
                out[k] = " "
            i = j + len(closing)
        else:
            i += 1
    return "".join(out)


def attribute_text(source, start):
    """The text of the attribute at `start` (`@Suite` or `@Test`), arguments included."""
    i = start + 1
    while i < len(source) and (source[i].isalnum() or source[i] == "_"):
        i += 1
    j = i
    while j < len(source) and source[j] in " \t":
        j += 1
    if j < len(source) and source[j] == "(":
        depth = 0
        k = j
        while k < len(source):
            if source[k] == "(":
                depth += 1
            elif source[k] == ")":
                depth -= 1
                if depth == 0:
                    return source[start : k + 1], k + 1
            k += 1
    return source[start:i], i


def scan(path, source, limited_names):
    """Yields (kind, line, name_or_text, limited) events: suites and tests with their context."""
    code = strip(source)
    events = []
    stack = []  # (depth at which the type's body opened, name, limited)
    depth = 0
    pending_suite = None  # attribute text of a @Suite waiting for its type
    i = 0
    line = 1
    while i < len(code):
        c = code[i]
        if c == "\n":
            line += 1
        if code.startswith("@Suite", i) and not code[i + 6 : i + 7].isalnum():
            text, end = attribute_text(code, i)
            pending_suite = (text, line)
            line += code[i:end].count("\n")
            i = end
            continue
        if code.startswith("@Test", i) and not code[i + 5 : i + 6].isalnum():
            text, end = attribute_text(code, i)
            enclosing = any(limited for (_, _, limited) in stack)
            events.append(("test", line, text, enclosing or ".timeLimit(" in text))
            line += code[i:end].count("\n")
            i = end
            continue
        match = TYPE.match(code, i)
        if match and (i == 0 or not (code[i - 1].isalnum() or code[i - 1] == "_")):
            kind, name = match.group(1), match.group(2)
            limited = False
            if pending_suite is not None:
                text, suite_line = pending_suite
                has_limit = ".timeLimit(" in text
                events.append(("suite", suite_line, text, has_limit))
                limited = has_limit
                pending_suite = None
            elif kind == "extension" and name.split(".")[-1] in limited_names:
                limited = True
            # The body opens at the next "{"; remember the type until then.
            brace = code.find("{", match.end())
            if brace >= 0:
                line += code[i:brace].count("\n")
                depth += 1
                stack.append((depth, name, limited))
                i = brace + 1
                continue
        if c == "{":
            depth += 1
        elif c == "}":
            if stack and stack[-1][0] == depth:
                stack.pop()
            depth -= 1
        i += 1
    return events


def main():
    root = pathlib.Path(__file__).resolve().parent.parent / "Tests"
    files = sorted(root.rglob("*.swift"))
    sources = {path: path.read_text(encoding="utf-8") for path in files}
    # Types whose @Suite has a limit, so that their extensions count as limited.
    limited_names = set()
    suite_type = re.compile(
        r"@Suite\s*(\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?\s*(?:@\w+\s+)*(?:public\s+|final\s+|private\s+)*"
        r"(?:struct|class|actor|enum)\s+([A-Za-z_][A-Za-z0-9_]*)",
        re.S,
    )
    for source in sources.values():
        for match in suite_type.finditer(strip(source)):
            if match.group(1) and ".timeLimit(" in match.group(1):
                limited_names.add(match.group(2))
    violations = []
    for path, source in sources.items():
        relative = path.relative_to(root.parent)
        code = strip(source)
        for match in LIMIT.finditer(code):
            unit, amount = match.group(1), int(match.group(2))
            if unit != "minutes" or amount < MINIMUM_MINUTES:
                line = code.count("\n", 0, match.start()) + 1
                violations.append(
                    f"{relative}:{line}: {match.group(0)} is under {MINIMUM_MINUTES} minutes "
                    "(a limit counts the wait for a thread too)")
        for kind, line, text, limited in scan(path, source, limited_names):
            if limited:
                continue
            if kind == "suite":
                violations.append(f"{relative}:{line}: @Suite without .timeLimit: {' '.join(text.split())}")
            else:
                violations.append(f"{relative}:{line}: @Test outside a suite with a time limit")
    for violation in violations:
        print(f"check-test-limits: {violation}")
    if violations:
        print(f"check-test-limits: {len(violations)} without a time limit of at least {MINIMUM_MINUTES} minutes", file=sys.stderr)
        sys.exit(1)
    print("check-test-limits: every suite and test has a time limit")


if __name__ == "__main__":
    main()
