#!/usr/bin/env python3
"""Request framing, differentially: the server against h11 (python-hyper's
HTTP/1.1 implementation, which shares nothing with ours).

Reads {"port": N, "seed": S, "random": K} on stdin. The server at 127.0.0.1:N
answers every request it accepts with the echo the test server writes:
{"method", "path", "body" (base64)}. Every input (the named
request-smuggling and framing cases below, then K random mutations of valid
requests) is sent on a fresh connection whose write side is then shut; the
answers are read until the server closes. The same bytes go through an h11
server-side connection.

The checks, per input:
  * every request h11 reads whole, the server either answered with the same
    method, path and body, or refused it (then nothing after it is answered);
  * the server never answers a request h11 does not read whole (h11 refused
    the bytes or needs more): nothing the server takes for a request is
    something else to another parser;
  * every refusal is application/problem+json, with a status of 400, 413,
    414, 431, 501 or 505, and is the last thing on the connection;
  * the server is stricter than h11 only for the reasons this project
    documents (obsolete line folding, codings beside chunked, Transfer-Encoding
    in HTTP/1.0, a Host that is not host[:port], ...): each stricter refusal's
    detail must match one of STRICTER below.

Writes {"cases": n, "agreed": a, "stricter": {reason: count}, "failures":
[...]} and exits 0 when there are no failures, 1 otherwise.
"""

import base64
import json
import random
import re
import socket
import sys
import time

import h11

REFUSAL_STATUSES = {400, 413, 414, 431, 501, 505}

# Where the server refuses what h11 accepts, on purpose (the problem's detail).
STRICTER = {
    "obsolete line folding": r"starts with whitespace",
    "a coding beside chunked": r"Only the chunked transfer coding",
    "Transfer-Encoding in HTTP/1.0": r"HTTP/1\.0 request cannot use Transfer-Encoding",
    "a Host that is not host[:port]": r"Host header is not a host and port",
    "a request target with characters a URI cannot have": r"characters a URI cannot have",
    "a target that is neither a path nor an absolute URI": r"neither a path nor an absolute URI",
    "a chunk line not ended by CRLF": r"does not end with CRLF",
    "chunk extensions past the limit": r"chunk extensions exceed",
    "a chunk extension with a control character": r"chunk extension has a control",
    "a trailer field that is malformed": r"trailer field is malformed",
    "Content-Length values that disagree": r"Content-Length values are invalid or disagree",
    "a bare CR": r"bare CR",
    "both Content-Length and Transfer-Encoding (RFC 9112 §6.3 allows refusing)": r"both Content-Length and Transfer-Encoding",
    "an HTTP major version other than 1": r"speaks HTTP/1\.1",
    "a head past the server's limit": r"exceed(s)? the server's limit",
}

# Where the server reads a request h11 refuses, on purpose: empty lines before
# the request line, which RFC 9112 §2.2 says a server SHOULD ignore (h11:
# "no request line received").
LENIENT = r"no request line received"

BASE = [
    b"GET /echo/a?x=1 HTTP/1.1\r\nHost: example.test\r\n\r\n",
    b"POST /echo/b HTTP/1.1\r\nHost: example.test\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello",
    b"POST /echo/c HTTP/1.1\r\nHost: example.test\r\nTransfer-Encoding: chunked\r\n\r\n"
    b"5\r\nhello\r\n6;name=value\r\n world\r\n0\r\nTrailer-Field: x\r\n\r\n",
    b"GET /echo/d HTTP/1.0\r\n\r\n",
]


def named_cases():
    """The classic request-smuggling and framing inputs, each with its name."""
    get = b"GET /echo/next HTTP/1.1\r\nHost: x\r\n\r\n"
    cases = {
        "valid GET": BASE[0],
        "valid Content-Length": BASE[1],
        "valid chunked with an extension and a trailer": BASE[2],
        "valid HTTP/1.0 without Host": BASE[3],
        "two pipelined requests": BASE[0] + get,
        "CL.TE": b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 13\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nSMUGGLED",
        "TE.CL": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n8\r\nSMUGGLED\r\n0\r\n\r\n",
        "TE with a space before the colon": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n",
        "TE obfuscated: xchunked": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n",
        "TE: chunked, identity": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n",
        "TE twice": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "TE folded": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\r\n chunked\r\n\r\n0\r\n\r\n",
        "TE in HTTP/1.0": b"POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "gzip, chunked": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
        "two Content-Lengths that disagree": b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 5\r\n\r\nhello",
        "Content-Length list": b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5, 5\r\n\r\nhello",
        "Content-Length with a plus": b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: +5\r\n\r\nhello",
        "Content-Length negative": b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
        "Content-Length hexadecimal": b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0x5\r\n\r\nhello",
        "Content-Length with leading zeros": b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 005\r\n\r\nhello",
        "Content-Length huge": b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n",
        "chunk size with 0x": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n0\r\n\r\n",
        "chunk size negative": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nhello\r\n0\r\n\r\n",
        "chunk size too many digits": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + b"0" * 20 + b"5\r\nhello\r\n0\r\n\r\n",
        "chunk data longer than its size": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nhello\r\n0\r\n\r\n",
        "chunk line ended by LF alone": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\nhello\r\n0\r\n\r\n",
        "chunk data ended by LF alone": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\n0\r\n\r\n",
        "chunk extension of 40 KB": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;" + b"a" * 40000 + b"\r\nhello\r\n0\r\n\r\n",
        "chunk extension with a NUL": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;a=\x00\r\nhello\r\n0\r\n\r\n",
        "trailer with a space before the colon": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX : y\r\n\r\n",
        "space before a header's colon": b"GET /echo HTTP/1.1\r\nHost: x\r\nX-Name : y\r\n\r\n",
        "header without a colon": b"GET /echo HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n",
        "NUL in a header value": b"GET /echo HTTP/1.1\r\nHost: x\r\nX: a\x00b\r\n\r\n",
        "bare CR in a header value": b"GET /echo HTTP/1.1\r\nHost: x\r\nX: a\rb\r\n\r\n",
        "lines ended by LF alone": b"GET /echo HTTP/1.1\nHost: x\n\n",
        "whitespace before the first header": b"GET /echo HTTP/1.1\r\n Host: x\r\n\r\n",
        "two spaces in the request line": b"GET  /echo HTTP/1.1\r\nHost: x\r\n\r\n",
        "tab in the request line": b"GET\t/echo HTTP/1.1\r\nHost: x\r\n\r\n",
        "lowercase version": b"GET /echo http/1.1\r\nHost: x\r\n\r\n",
        "HTTP/1.2": b"GET /echo HTTP/1.2\r\nHost: x\r\n\r\n",
        "HTTP/2.0": b"GET /echo HTTP/2.0\r\nHost: x\r\n\r\n",
        "HTTP/0.9": b"GET /echo HTTP/0.9\r\nHost: x\r\n\r\n",
        "no version": b"GET /echo\r\nHost: x\r\n\r\n",
        "no Host in HTTP/1.1": b"GET /echo HTTP/1.1\r\n\r\n",
        "two Hosts": b"GET /echo HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "Host with a space": b"GET /echo HTTP/1.1\r\nHost: a b\r\n\r\n",
        "absolute-form target": b"GET http://x/echo/abs?q=1 HTTP/1.1\r\nHost: x\r\n\r\n",
        "asterisk-form for OPTIONS": b"OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n",
        "target with a space": b"GET /echo /x HTTP/1.1\r\nHost: x\r\n\r\n",
        "target with a high byte": b"GET /echo\xff HTTP/1.1\r\nHost: x\r\n\r\n",
        "method not a token": b"G(T /echo HTTP/1.1\r\nHost: x\r\n\r\n",
        "empty lines before the request line": b"\r\n\r\nGET /echo HTTP/1.1\r\nHost: x\r\n\r\n",
        "request line of 70 KB": b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
        "headers of 70 KB": b"GET /echo HTTP/1.1\r\nHost: x\r\nX: " + b"a" * 70000 + b"\r\n\r\n",
        "body past the limit": b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n",
        "chunked body past the limit": b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n200000\r\n" + b"a" * 1000,
        "incomplete head": b"GET /echo HTTP/1.1\r\nHost: x\r\n",
        "incomplete body": b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nhello",
        "GET then garbage": get + b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1",
    }
    return list(cases.items())


def mutations(rng, count):
    """Random byte-level mutations of the valid requests."""
    alphabet = b" \t\r\n:;,=\x00\x7f\x80\xffaA0-/?%\"chunkedContent-LengthTransfer-Encoding"
    tokens = [b"\r\n", b"\n", b"\r", b" ", b"\t", b":", b"Transfer-Encoding: chunked\r\n", b"Content-Length: 3\r\n",
              b"0\r\n\r\n", b";ext", b"\r\n\r\n", b"Host: y\r\n"]
    out = []
    for index in range(count):
        data = bytearray(rng.choice(BASE))
        for _ in range(rng.randint(1, 3)):
            kind = rng.random()
            position = rng.randrange(len(data) + 1)
            if kind < 0.3 and data:
                del data[min(position, len(data) - 1)]
            elif kind < 0.6:
                data[position:position] = bytes([rng.choice(alphabet)])
            elif kind < 0.8 and data:
                data[min(position, len(data) - 1)] = rng.choice(alphabet)
            else:
                data[position:position] = rng.choice(tokens)
        out.append((f"mutation {index}", bytes(data)))
    return out


def h11_requests(data):
    """What h11 reads from `data` followed by the end of the stream: the whole
    requests, in order, and how the stream ended (`clean`, `error: …` or
    `incomplete`)."""
    connection = h11.Connection(h11.SERVER, max_incomplete_event_size=32 * 1024)
    connection.receive_data(data)
    connection.receive_data(b"")
    requests = []
    current = None
    body = b""
    try:
        while True:
            event = connection.next_event()
            if isinstance(event, h11.Request):
                current = event
                body = b""
            elif isinstance(event, h11.Data):
                body += event.data
            elif isinstance(event, h11.EndOfMessage):
                target = current.target.decode("latin-1")
                if target.startswith(("http://", "https://")):
                    rest = target.split("//", 1)[1]
                    target = "/" + rest.split("/", 1)[1] if "/" in rest else "/"
                path = target.split("?", 1)[0]
                requests.append((current.method.decode("latin-1"), path, base64.b64encode(body).decode()))
                # Answer, so that h11 moves on to the next request on the connection.
                connection.send(h11.Response(status_code=200, headers=[("Content-Length", "0")]))
                connection.send(h11.EndOfMessage())
                if connection.our_state is h11.MUST_CLOSE:
                    return requests, "clean"
                connection.start_next_cycle()
            elif event is h11.NEED_DATA:
                return requests, "incomplete" if connection.their_state is not h11.IDLE else "clean"
            elif isinstance(event, h11.ConnectionClosed):
                return requests, "clean"
            else:
                return requests, "clean"
    except h11.RemoteProtocolError as error:
        return requests, f"error: {error}"


def server_answers(port, data):
    """The answers the server gives to `data` followed by the end of the stream."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        try:
            connection.sendall(data)
        except OSError:
            pass  # refused and closed before all of it was taken
        time.sleep(0.002)
        try:
            connection.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        received = b""
        try:
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                received += chunk
        except (ConnectionResetError, socket.timeout):
            pass
    answers = []
    while received:
        head, separator, rest = received.partition(b"\r\n\r\n")
        if not separator:
            answers.append({"malformed": received[:200].decode("latin-1")})
            break
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ")[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        body, received = rest[:length], rest[length:]
        answers.append({"status": status, "headers": headers, "body": body})
    return answers


def short(value):
    text = repr(value)
    return text if len(text) <= 160 else text[:150] + "…"


def check(name, data, port):
    """Failures (strings) and the stricter reason (or None) for one input."""
    failures = []
    expected, ending = h11_requests(data)
    answers = server_answers(port, data)
    stricter = None
    for index, answer in enumerate(answers):
        if "malformed" in answer:
            failures.append(f"{name}: a malformed answer: {answer['malformed']!r}")
            break
        status = answer["status"]
        if status == 200:
            echo = json.loads(answer["body"])
            got = (echo["method"], echo["path"], echo["body"])
            if index >= len(expected):
                leading_empty_line = data[:1] in (b"\r", b"\n") and index == 0
                if not (leading_empty_line and re.search(LENIENT, ending)):
                    failures.append(
                        f"{name}: the server answered request {index + 1}, h11 read {len(expected)} ({ending[:120]})")
            elif got != expected[index]:
                failures.append(f"{name}: request {index + 1} differs: server {short(got)}, h11 {short(expected[index])}")
            continue
        if status not in REFUSAL_STATUSES:
            failures.append(f"{name}: status {status} for a refusal")
        if not answer["headers"].get("content-type", "").startswith("application/problem+json"):
            failures.append(f"{name}: a refusal that is not problem JSON: {answer['headers']}")
            continue
        if answer["headers"].get("connection") != "close":
            failures.append(f"{name}: a refusal that keeps the connection")
        if index != len(answers) - 1:
            failures.append(f"{name}: an answer after a refusal")
        if index < len(expected):
            detail = json.loads(answer["body"]).get("detail", "")
            reason = next((reason for reason, pattern in STRICTER.items() if re.search(pattern, detail)), None)
            if reason is None:
                failures.append(
                    f"{name}: refused request {index + 1} ({status}: {detail}) that h11 reads as {short(expected[index])}")
            stricter = reason
    return failures, stricter


def main():
    request = json.load(sys.stdin)
    port = request["port"]
    rng = random.Random(request.get("seed", 1))
    cases = named_cases() + mutations(rng, request.get("random", 300))
    failures = []
    stricter = {}
    for name, data in cases:
        found, reason = check(name, data, port)
        failures.extend(found)
        if reason:
            stricter[reason] = stricter.get(reason, 0) + 1
    result = {"cases": len(cases), "stricter": stricter, "failures": failures[:40]}
    json.dump(result, sys.stdout)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
