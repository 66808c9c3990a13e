"""Issue 36 item 7: `queue-serve` against a hostile client, with real sockets on 127.0.0.1.

Before: a one-character token was accepted; `Content-Length: abc` raised an unhandled ValueError
(no reply); `-1` read to the end of the stream, past the body cap; 800 idle half-sent connections
held 803 threads and 155 MB for over a minute. Each attack below is made for real against a
running QueueService; the last is bounded (idle timeout 1.5 s here) and its thread count, memory
and time are measured."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from eligibench.results import ResultStore, StoreError
from eligibench.results.queue_service import MAX_BODY_BYTES, MAX_CONNECTIONS, MIN_TOKEN_CHARS, QueueService

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "k" * 24


@pytest.fixture()
def store(tmp_path):
    s = ResultStore(tmp_path / "q.duckdb")
    s.migrate()
    return s


def _request(port: int, head: str, body: bytes = b"", timeout: float = 5.0) -> bytes:
    """Send `head` (request line and headers, no blank line) and `body`; the reply, read to its end."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(head.encode() + b"\r\n\r\n" + body)  # the socket stays open: no EOF to lean on
        out = b""
        while b"\r\n\r\n" not in out or len(out) < out.index(b"\r\n\r\n") + 4 + _length(out):
            chunk = s.recv(65536)
            if not chunk:
                break
            out += chunk
        return out


def _length(reply: bytes) -> int:
    for line in reply.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return int(line.split(b":")[1])
    return 0


def _post(content_length: str) -> str:
    return (f"POST /claim HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {TOKEN}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {content_length}")


@pytest.mark.parametrize("token", ["a", "abc", "x" * (MIN_TOKEN_CHARS - 1)])
def test_short_tokens_are_refused(store, token, monkeypatch):
    with pytest.raises(StoreError, match=f"at least {MIN_TOKEN_CHARS}"):
        QueueService(store, token=token)
    monkeypatch.setenv("BENYFITS_QUEUE_TOKEN", token)
    with pytest.raises(StoreError, match=f"at least {MIN_TOKEN_CHARS}"):
        QueueService(store)


def test_queue_serve_with_a_short_token_is_one_line(store):
    env = {**os.environ, "BENYFITS_QUEUE_TOKEN": "abc"}
    r = subprocess.run([sys.executable, "-m", "eligibench.cli", "queue-serve", "--store", str(store.path), "--port", "0"],
                       capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert f"at least {MIN_TOKEN_CHARS}" in r.stderr


@pytest.mark.parametrize("value, status", [("abc", b"400"), ("-1", b"400"), ("1e3", b"400"),
                                           (str(MAX_BODY_BYTES + 1), b"413")])
def test_bad_content_lengths_get_a_reply_and_the_body_is_never_read(store, value, status):
    svc = QueueService(store, token=TOKEN, idle_timeout_s=5).start()
    try:
        started = time.monotonic()
        reply = _request(svc.port, _post(value), b'{"worker": "w"}')
        assert reply.split(b" ")[1] == status, reply[:300]
        assert (b"Content-Length is" if status == b"400" else b"over") in reply.split(b"\r\n\r\n")[1], reply
        assert time.monotonic() - started < 3  # answered at once, not after reading to end of stream
        ok = _request(svc.port, _post("15"), b'{"worker": "w"}')  # the service still serves
        assert ok.split(b" ")[1] == b"200" and b'"entry": null' in ok
    finally:
        svc.close()


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def test_800_idle_half_sent_connections_are_bounded(store):
    idle = 1.5
    svc = QueueService(store, token=TOKEN, idle_timeout_s=idle).start()
    conns: list[socket.socket] = []
    peak = [0]
    sampling = threading.Event()

    def sample() -> None:  # the most threads alive at any moment of the attack
        while not sampling.is_set():
            peak[0] = max(peak[0], threading.active_count())
            time.sleep(0.01)

    sampler = threading.Thread(target=sample, daemon=True)
    try:
        threads0, rss0, started = threading.active_count() + 1, _rss_mb(), time.monotonic()
        sampler.start()
        for _ in range(800):
            c = socket.create_connection(("127.0.0.1", svc.port), timeout=10)
            c.sendall(b"POST /claim HTTP/1.1\r\nHost: x\r\nAuthorization: Bear")  # and then nothing
            conns.append(c)
        opened_s = time.monotonic() - started
        rss = _rss_mb() - rss0
        # every connection ends by the server's doing: a 503 past the cap, else closed when idle
        ends = {"503": 0, "closed": 0}
        for c in conns:
            c.settimeout(idle + 5)
            try:
                data = c.recv(200)
            except ConnectionResetError:
                data = b""
            ends["503" if data.startswith(b"HTTP/1.1 503") else "closed"] += 1
            assert data == b"" or data.startswith(b"HTTP/1.1 503"), data  # nothing else was sent
        released_s = time.monotonic() - started
        sampling.set()
        sampler.join()
        extra = peak[0] - threads0
        assert extra <= MAX_CONNECTIONS + 1, extra  # not one thread per connection (before: 803)
        assert ends["503"] >= 800 - 4 * MAX_CONNECTIONS, ends  # most were refused at once
        assert rss < 60, rss  # MB (before: 155 MB)
        deadline = time.monotonic() + 5
        while threading.active_count() > threads0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert threading.active_count() <= threads0, "connections still held after the idle timeout"
        ok = _request(svc.port, _post("15"), b'{"worker": "w"}')
        assert ok.split(b" ")[1] == b"200"
        assert opened_s < 20 and released_s < opened_s + idle + 5, (opened_s, released_s)
        print(f"800 idle connections: peak +{extra} threads, +{rss:.1f} MB, {ends}, opened in {opened_s:.1f} s, "
              f"all ended by {released_s:.1f} s")
    finally:
        sampling.set()
        for c in conns:
            c.close()
        svc.close()


def test_64_slow_drip_clients_are_cut_off_at_the_request_deadline_while_a_real_claim_is_answered(store, capfd):
    """Round 3: one byte every 0.5 s reset the idle timer (1.5 s) forever (measured before: 24 bytes
    in 12 s, still held). Now each request must arrive whole within its deadline (3 s here, counted
    from its first byte): every dripper gets 408 and its thread ends, and meanwhile a real claim,
    itself sent in two parts 1 s apart, is answered. The cap is one over the drippers so the claim
    gets a slot (at the cap it would get 503, as the 800-connection test shows)."""
    import select

    idle, deadline, n = 1.5, 3.0, 64
    svc = QueueService(store, token=TOKEN, idle_timeout_s=idle, request_deadline_s=deadline,
                       max_connections=n + 1).start()
    drip = (_post("15") + "\r\n\r\n" + '{"worker": "w"}').encode()
    socks: list[socket.socket] = []
    try:
        threads0, rss0 = threading.active_count(), _rss_mb()
        socks = [socket.create_connection(("127.0.0.1", svc.port), timeout=5) for _ in range(n)]
        first = {s: time.monotonic() for s in socks if s.send(drip[:1])}
        replies: dict[socket.socket, bytes] = {}
        ended: dict[socket.socket, float] = {}
        claim: dict[str, object] = {}

        def real_claim() -> None:  # a worker's whole request, slow but inside the deadline
            with socket.create_connection(("127.0.0.1", svc.port), timeout=5) as c:
                started = time.monotonic()
                c.sendall(_post("15").encode() + b"\r\n\r\n")
                time.sleep(1.0)
                c.sendall(b'{"worker": "w"}')
                reply = b""
                while b'"entry"' not in reply and (chunk := c.recv(4096)):
                    reply += chunk
                claim["reply"], claim["s"] = reply, time.monotonic() - started

        peak, sent, started = 0, 1, time.monotonic()
        claimer = threading.Timer(1.0, real_claim)
        claimer.start()
        while len(ended) < n and time.monotonic() - started < 3 * deadline:
            time.sleep(0.5)
            peak = max(peak, threading.active_count() - threads0)
            for s in [s for s in socks if s not in ended]:
                if select.select([s], [], [], 0)[0]:
                    replies[s], ended[s] = s.recv(4096), time.monotonic()
                    continue
                try:
                    s.send(drip[sent:sent + 1])
                except OSError:  # the server closed first; its 408 is read above next round
                    pass
            sent += 1
        rss = _rss_mb() - rss0
        claimer.join()
        cut = sorted(ended[s] - first[s] for s in ended)
        assert len(ended) == n and sent < len(drip), (len(ended), sent)  # cut off before sending it all
        assert all(r.startswith(b"HTTP/1.1 408") and b"within 3 s" in r for r in replies.values()), replies
        assert deadline - 0.1 <= cut[0] and cut[-1] <= deadline + 1.5, cut  # at the deadline, not at the idle timer
        assert claim["reply"].split(b" ")[1] == b"200" and b'"entry": null' in claim["reply"], claim
        assert peak <= n + 2 and rss < 30, (peak, rss)  # a thread per dripper (+ the claim's, + our Timer)
        settle = time.monotonic() + 5
        while threading.active_count() > threads0 and time.monotonic() < settle:
            time.sleep(0.05)
        assert threading.active_count() <= threads0, "dripper threads outlived the deadline"
        measured = (f"{n} drippers: peak +{peak} threads, +{rss:.1f} MB, cut off {cut[0]:.2f}-{cut[-1]:.2f} s after their "
              f"first byte ({sent} bytes sent each); the real claim answered in {claim['s']:.2f} s")
    finally:
        for s in socks:
            s.close()
        svc.close()
    assert "Traceback" not in capfd.readouterr().err
    with capfd.disabled():
        print(measured)
