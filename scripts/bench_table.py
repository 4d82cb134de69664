"""Collects `BENCH {json}` lines into build/bench/results.json and results.md.

A figure may name a `baselineKey` (another figure of the same run) and a
`target` such as ">= 0.75" (a ratio) or "<= 40" (an absolute bound in its
unit). Derived ceilings (e.g. ECC_V2 = key generation + ECDH) are computed here
so that the formula is written once, next to the table.
"""
import json
import sys


def derived(figures):
    f = {x["name"]: x["value"] for x in figures}
    out = []
    # One ECC_V2 encryption needs one P-256 key generation (about one fixed-base
    # scalar multiplication, measured by openssl's ECDSA sign rate) and one ECDH.
    sign, ecdh = f.get("openssl.ecdsap256.sign_per_second"), f.get("openssl.ecdhp256.derive_per_second")
    if sign and ecdh:
        out.append({"name": "openssl.ecc_v2_ceiling_per_second", "unit": "op/s",
                    "value": 1.0 / (1.0 / sign + 1.0 / ecdh)})
    return out


def main(raw_path, out_dir):
    figures = []
    with open(raw_path) as raw:
        for line in raw:
            if line.startswith("BENCH "):
                try:
                    figures.append(json.loads(line[6:]))
                except json.JSONDecodeError:
                    pass
    figures += derived(figures)
    by_name = {x["name"]: x for x in figures}
    rows = []
    for x in figures:
        base = by_name.get(x.get("baselineKey") or "")
        ratio = x["value"] / base["value"] if base and base["value"] else None
        target = x.get("target")
        verdict = ""
        if target:
            op, _, bound = target.partition(" ")
            subject = ratio if ratio is not None and x.get("baselineKey") else x["value"]
            try:
                b = float(bound)
                ok = subject >= b if op == ">=" else subject <= b if op == "<=" else None
                verdict = "met" if ok else "MISSED" if ok is not None else ""
            except ValueError:
                pass
        rows.append({**x, "baseline": base["value"] if base else None, "ratio": ratio, "verdict": verdict})
    with open(f"{out_dir}/results.json", "w") as js:
        json.dump(rows, js, indent=2)
    lines = ["| figure | value | unit | baseline | ratio | target | |", "|---|---:|---|---|---:|---|---|"]
    for r in rows:
        base = f'{r["baselineKey"]} = {r["baseline"]:.1f}' if r.get("baseline") is not None else ""
        ratio = f'{r["ratio"]:.2f}' if r["ratio"] is not None else ""
        lines.append(f'| {r["name"]} | {r["value"]:.1f} | {r["unit"]} | {base} | {ratio} | {r.get("target") or ""} | {r["verdict"]} |')
    table = "\n".join(lines) + "\n"
    with open(f"{out_dir}/results.md", "w") as md:
        md.write(table)
    print(table)
    print(f"written: {out_dir}/results.md, {out_dir}/results.json")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
