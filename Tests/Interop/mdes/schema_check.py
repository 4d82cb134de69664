#!/usr/bin/env python3
"""Checks Customer Service API exchanges against Mastercard's published schemas.

`csapi-v2.json` (beside this file) is a transcription of the request and
response schemas of the operations PushProvisioning uses, from the published
MDES Customer Service API 2.0.7 description (its info.x-source names the copy
and commit; info.x-transcription says what was changed). Each exchange's
request must be valid against the operation's request schema and its reason
code one the API lists; a 200 response against the response schema, any
other against ErrorsResponse. Validation is by `openapi-schema-validator`
(PyPI, the validator of python-openapi's openapi-core), with OpenAPI 3.0's
schema rules (`OAS30Validator`: `nullable`, formats, read/write-only), as the
published description is OpenAPI 3.0.1.

Reads {"exchanges": [{"operation", "request", "status", "response"}]} on stdin;
writes {"checked": N, "findings": [...]}. Exit 0 when there are no findings,
1 otherwise, 2 on a usage error.
"""
import json
import os
import sys

from openapi_schema_validator import OAS30Validator

HERE = os.path.dirname(os.path.abspath(__file__))


def validator(document: dict, name: str) -> OAS30Validator:
    schema = {"$ref": f"#/components/schemas/{name}", "components": document["components"]}
    return OAS30Validator(schema)


def reason_findings(document: dict, request_schema: str, request: dict) -> list:
    """The published reason codes (descriptions, kept as x-published-values)."""
    findings = []
    for envelope, message in request.items():
        inner = document["components"]["schemas"].get(envelope, {})
        allowed = inner.get("properties", {}).get("ReasonCode", {}).get("x-published-values")
        if allowed and isinstance(message, dict) and message.get("ReasonCode") not in allowed:
            findings.append(f"ReasonCode {message.get('ReasonCode')!r} is not one of {allowed}")
    return findings


def main() -> int:
    try:
        exchanges = json.load(sys.stdin)["exchanges"]
        with open(os.path.join(HERE, "csapi-v2.json")) as handle:
            document = json.load(handle)
    except (KeyError, ValueError, OSError) as error:
        print(f"schema_check.py: bad input: {error}", file=sys.stderr)
        return 2
    findings = []
    for index, exchange in enumerate(exchanges):
        operation = document["x-operations"].get(exchange.get("operation"))
        if operation is None:
            findings.append(f"[{index}] unknown operation {exchange.get('operation')!r}")
            continue
        where = f"[{index}] {exchange['operation']}"
        if operation["request"]:
            for error in validator(document, operation["request"]).iter_errors(exchange.get("request")):
                findings.append(f"{where} request {list(error.absolute_path)}: {error.message}")
            findings += [f"{where} request: {f}" for f in reason_findings(document, operation["request"], exchange.get("request") or {})]
        name = operation["response"] if exchange.get("status") == 200 else "ErrorsResponse"
        for error in validator(document, name).iter_errors(exchange.get("response")):
            findings.append(f"{where} response ({exchange.get('status')}) {list(error.absolute_path)}: {error.message}")
    json.dump({"checked": len(exchanges), "findings": findings}, sys.stdout)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
