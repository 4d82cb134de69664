#!/usr/bin/env python3
"""The Authorization header Mastercard's own signer makes for a request.

Reads one JSON object on stdin:
  {"method", "url", "body_base64", "consumer_key", "key_pem", "nonce", "timestamp"}
and writes {"authorization": "<header value>"}, made by `mastercard-oauth1-signer`
(PyPI, Mastercard's reference implementation of OAuth 1.0a with RSA-SHA256
and oauth_body_hash). Only its nonce and clock are pinned, so the header can
be compared byte for byte with another signer's for the same request.

Exit 0 on success, 2 on a usage error.
"""
import base64
import json
import sys

from cryptography.hazmat.primitives import serialization

import oauth1.coreutils as coreutils
from oauth1.oauth import OAuth


def main() -> int:
    try:
        request = json.load(sys.stdin)
        key = serialization.load_pem_private_key(request["key_pem"].encode(), password=None)
        body = base64.b64decode(request["body_base64"])
        nonce, timestamp = request["nonce"], int(request["timestamp"])
    except (KeyError, ValueError, TypeError) as error:
        print(f"oauth_sign.py: bad input: {error}", file=sys.stderr)
        return 2
    # Pin what the signer would draw itself; nothing else is changed.
    coreutils.get_nonce = lambda length=16: nonce
    coreutils.get_timestamp = lambda: timestamp
    header = OAuth.get_authorization_header(
        request["url"], request["method"], body.decode("utf-8"), request["consumer_key"], key)
    json.dump({"authorization": header}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
