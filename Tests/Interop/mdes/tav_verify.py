#!/usr/bin/env python3
"""Checks a Mastercard TAV (Tokenization Authentication Value) as MDES does,
written from Mastercard's description of issuer-initiated tokenization (TAV
creation), the issuer-processor documents that name the TAV's members
(Paymentology's CalculateTAV: version, signatureAlgorithm,
dataValidUntilTimestamp, includedFieldsInOrder, signature) and the sample TAV
Mastercard publishes (Mastercard Processing's sandbox: string values,
"signatureAlgorithm": "RSA-SHA256"), not from the Swift code:

* the activation data is the base64 text of a JSON object with
  `dataValidUntilTimestamp` (ISO 8601, UTC), `includedFieldsInOrder` (field
  names among accountNumber, accountExpiry, dataValidUntilTimestamp, joined
  with "|"), `version` "3", `signatureAlgorithm` "RSA-SHA256" and
  `signature` (base64);
* the signature is RSASSA-PKCS1-v1_5 with SHA-256, by the issuer's TAV key,
  over the values of the included fields concatenated in that order
  (accountExpiry as MMYY);
* it must name accountNumber and dataValidUntilTimestamp, verify with the
  registered public key for the card given, and not be past its validity.

Reads {"tav", "public_key_pem", "account_number", "account_expiry" (MMYY),
"now" (ISO 8601)} on stdin; writes {"valid", "fields", "reason"}.
Exit 0 when valid, 1 when not, 2 on a usage error.
"""
import base64
import binascii
import json
import sys
from datetime import datetime, timezone

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding

KNOWN = ("accountNumber", "accountExpiry", "dataValidUntilTimestamp")


def parse_time(text: str) -> datetime:
    value = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return value if value.tzinfo else value.replace(tzinfo=timezone.utc)


def check(request: dict) -> tuple[bool, list, str]:
    try:
        document = json.loads(base64.b64decode(request["tav"], validate=True))
    except (binascii.Error, ValueError):
        return False, [], "not base64 of a JSON object"
    if not isinstance(document, dict):
        return False, [], "not a JSON object"
    if document.get("version") != "3" or document.get("signatureAlgorithm") != "RSA-SHA256":
        return False, [], "not version 3 with RSA-SHA256"
    fields = str(document.get("includedFieldsInOrder", "")).split("|")
    if any(name not in KNOWN for name in fields) or len(set(fields)) != len(fields):
        return False, fields, "unknown or repeated field names"
    if "accountNumber" not in fields or "dataValidUntilTimestamp" not in fields:
        return False, fields, "the card number and the validity must be signed"
    values = {
        "accountNumber": request["account_number"],
        "accountExpiry": request["account_expiry"],
        "dataValidUntilTimestamp": str(document.get("dataValidUntilTimestamp", "")),
    }
    signed = "".join(values[name] for name in fields).encode("utf-8")
    key = serialization.load_pem_public_key(request["public_key_pem"].encode())
    try:
        key.verify(base64.b64decode(document.get("signature", "")), signed, padding.PKCS1v15(), hashes.SHA256())
    except (InvalidSignature, binascii.Error, ValueError):
        return False, fields, "the signature does not verify for this card"
    if parse_time(request["now"]) >= parse_time(values["dataValidUntilTimestamp"]):
        return False, fields, "past dataValidUntilTimestamp"
    return True, fields, "valid"


def main() -> int:
    try:
        request = json.load(sys.stdin)
        valid, fields, reason = check(request)
    except (KeyError, ValueError, TypeError) as error:
        print(f"tav_verify.py: bad input: {error}", file=sys.stderr)
        return 2
    json.dump({"valid": valid, "fields": fields, "reason": reason}, sys.stdout)
    return 0 if valid else 1


if __name__ == "__main__":
    sys.exit(main())
